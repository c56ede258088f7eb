import type { Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { SCHEMA, type TDb } from '../../database.ts';
import type { TCtx } from '../../shared/request.ts';
import { linkSelfFoundOrganization, requestSelfFoundOrganization } from './self-found.service.ts';

function ctxOf(trx: unknown, event: TEventEnvelope, now: () => Date): TCtx {
  const tenant = getTenant(event.tenant);
  if (!tenant) throw new Error(`self-found: unknown tenant ${event.tenant}`);
  return { db: trx as TDb, tenant, now: now() };
}

/** An approved self-found internship: ask organizations for its organization (one use case). */
export function selfFoundApprovalsConsumer(db: Kysely<unknown>, now: () => Date): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-approvals`,
    types: ['placements.internship.approved'],
    apply: (trx, event) =>
      requestSelfFoundOrganization(
        ctxOf(trx, event, now),
        EVENT_PAYLOADS['placements.internship.approved'].parse(event.data),
      ),
  });
}

/** Organizations' answer: link the internship to the organization (one use case). */
export function selfFoundOrganizationsConsumer(db: Kysely<unknown>, now: () => Date): TConsumer {
  return idempotentConsumer({
    db,
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-organizations`,
    types: ['organizations.self_found_organization.resolved'],
    apply: (trx, event) =>
      linkSelfFoundOrganization(
        ctxOf(trx, event, now),
        EVENT_PAYLOADS['organizations.self_found_organization.resolved'].parse(event.data),
      ),
  });
}
