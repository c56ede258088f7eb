import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import type { TServiceDeps } from '@stageplein/kit/service';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { resolveSelfFoundOrganization } from './self-found-organizations.service.ts';

const approved = (event: TEventEnvelope) =>
  EVENT_PAYLOADS['placements.internship.self_found_approved'].parse(event.data);

/** A school approved a self-found internship: find or sign up its organization (one use case). */
export const selfFoundOrganizationsConsumer = (deps: TServiceDeps): TConsumer =>
  useCaseConsumer<TOrganizationsDb>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-organizations`,
    types: ['placements.internship.self_found_approved'],
    lang: (event) => approved(event).contact.locale,
    run: (ctx, event) => resolveSelfFoundOrganization(ctx, approved(event)),
  });
