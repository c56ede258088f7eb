import type { Kysely } from 'kysely';
import {
  MAIL_REQUESTED_TYPES,
  MAIL_REQUESTING_SERVICES,
  ZMailRequested,
} from '@stageplein/contracts/events/mail';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA, type TDb, type TIdentityDb } from '../database.ts';
import type { TIdentityDeps } from '../identity.config.ts';
import { mailPortFor } from '../mail/mail.port.ts';
import { sendRequestedMail } from './mail-requests.service.ts';

export const MAIL_REQUESTS_GROUP = `${SCHEMA}.mail-requests`;

/** Mail other services request (docs/decisions/mail-requests.md): once per event id, whatever the redelivery. */
export function mailRequestsConsumer(deps: TIdentityDeps): TConsumer {
  const mail = mailPortFor(deps.config);
  return idempotentConsumer({
    db: deps.db as Kysely<TIdentityDb>,
    schema: SCHEMA,
    group: MAIL_REQUESTS_GROUP,
    types: MAIL_REQUESTED_TYPES,
    async apply(trx, event) {
      const service = MAIL_REQUESTING_SERVICES.find((s) => event.type === `${s}.mail.requested`)!;
      const db = trx as unknown as TDb;
      const ctx = {
        db,
        tenant: getTenant(event.tenant)!,
        now: deps.now?.() ?? new Date(),
        config: deps.config,
        mail,
        lang: 'nl' as const,
        ip: '',
        independently: <T>(fn: (db: TDb) => Promise<T>) => fn(db),
      };
      await sendRequestedMail(ctx, service, ZMailRequested.parse(event.data));
    },
  });
}
