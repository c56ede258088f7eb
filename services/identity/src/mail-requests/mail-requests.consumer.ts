import {
  MAIL_REQUESTED_TYPES,
  MAIL_REQUESTING_SERVICES,
  ZMailRequested,
} from '@stageplein/contracts/events/mail';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TIdentityDb } from '../database.ts';
import type { TIdentityConfig, TIdentityDeps } from '../identity.config.ts';
import { mailPortFor } from '../mail/mail.port.ts';
import { withMail } from '../shared/request.ts';
import { sendRequestedMail } from './mail-requests.service.ts';

export const MAIL_REQUESTS_GROUP = `${SCHEMA}.mail-requests`;

/** Mail other services request (docs/decisions/mail-requests.md): once per event id, whatever the redelivery. */
export const mailRequestsConsumer = (deps: TIdentityDeps): TConsumer => {
  const mail = mailPortFor(deps.config);
  return useCaseConsumer<TIdentityDb, TIdentityConfig>(deps, {
    schema: SCHEMA,
    group: MAIL_REQUESTS_GROUP,
    types: MAIL_REQUESTED_TYPES,
    run: (ctx, event) =>
      sendRequestedMail(
        withMail(ctx, mail),
        MAIL_REQUESTING_SERVICES.find((s) => event.type === `${s}.mail.requested`)!,
        ZMailRequested.parse(event.data),
      ),
  });
};
