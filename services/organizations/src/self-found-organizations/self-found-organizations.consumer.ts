import type { Kysely } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TServiceDeps } from '@stageplein/kit/service';
import { SCHEMA } from '../database.ts';
import type { TDb } from '../shared/request.ts';
import { resolveSelfFoundOrganization } from './self-found-organizations.service.ts';

/** A school approved a self-found internship: find or sign up its organization (one use case). */
export function selfFoundOrganizationsConsumer(deps: TServiceDeps): TConsumer {
  return idempotentConsumer({
    db: deps.db as Kysely<unknown>,
    schema: SCHEMA,
    group: `${SCHEMA}.self-found-organizations`,
    types: ['placements.internship.self_found_approved'],
    async apply(trx, event) {
      const data = EVENT_PAYLOADS['placements.internship.self_found_approved'].parse(event.data);
      const tenant = getTenant(event.tenant);
      if (!tenant) throw new Error(`self-found organizations: unknown tenant ${event.tenant}`);
      await resolveSelfFoundOrganization(
        {
          db: trx as unknown as TDb,
          tenant,
          now: deps.now?.() ?? new Date(),
          config: deps.config,
          lang: data.contact.locale,
        },
        data,
      );
    },
  });
}
