import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from './database.ts';
import { remindTenantHours } from './hours/index.ts';
import type { TPlacementsConfig } from './placements.config.ts';
import { closeDueVacancies } from './vacancies/index.ts';
import { createPhaseRunActivities, PHASE_DEFINITIONS, type TPhaseDefinitions } from './phase-runs/index.ts';
import { createContractDocumentActivities } from './contract-documents/index.ts';
import { createSigningActivities, type TContractSealer } from './internship-contracts/index.ts';
import { createWriteBackActivities } from './write-back/index.ts';

export type { TEnteredPhase, TPhaseRunActivities, TRunTask } from './phase-runs/index.ts';
export type { TContractDocumentActivities, TSealedContractRecord } from './contract-documents/index.ts';
export type { TContractSealer, TSigningActivities, TSigningSigner } from './internship-contracts/index.ts';
export type { TWriteBackActivities } from './write-back/index.ts';

export interface TPlacementsActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant per transaction. */
  db: Kysely<unknown>;
  /** The kit's keys (mail sealing, the tenant sites) and placements' own (HOURS_REMINDER_DAYS). */
  config: TPlacementsConfig;
  /** Where the internship-phases workflow reads definitions (default: the definitions group's). */
  definitions?: TPhaseDefinitions;
  /** What seals a signed contract (default: the contract-documents group's renderer and store). */
  sealer?: TContractSealer;
}

/**
 * The Temporal activities placements owns (`@stageplein/placements/activities`); the worker composes
 * them with other services' activities. One transaction per tenant, so a failing tenant retries alone.
 */
export function createActivities(deps: TPlacementsActivityDeps) {
  const documents = createContractDocumentActivities(deps);
  return {
    ...createPhaseRunActivities({
      db: deps.db,
      config: deps.config,
      definitions: deps.definitions ?? PHASE_DEFINITIONS,
    }),
    // The write-back's placements side (issue #36 item 4).
    ...createWriteBackActivities({ db: deps.db }),
    // Sealing (issue #34 item 5): sealContractDocument(doc), for the signing workflow's seal step.
    ...documents,
    ...createSigningActivities({
      db: deps.db,
      config: deps.config,
      sealer: deps.sealer ?? (async (doc) => documents.sealContractDocument(doc)),
    }),
    async vacancyClosingTenants(): Promise<string[]> {
      return [...TENANT_IDS];
    },
    /** `at`: the workflow's time (ISO), so a retry closes as of the same moment. */
    async closeTenantVacancies(input: { tenant: string; at: string }) {
      const closed = await serviceDb<TPlacementsDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, input.tenant);
          return closeDueVacancies({
            db: trx,
            tenant: getTenant(input.tenant)!,
            now: new Date(input.at),
          });
        });
      return { tenant: input.tenant, closed };
    },
    /** The tenants that run on hours (spec §1); traineeship tenants get no reminders. */
    async hoursReminderTenants(): Promise<string[]> {
      return TENANT_IDS.filter((id) => getTenant(id)!.features.usesHours);
    },
    /**
     * `at`: the workflow's time (ISO). A retry or a second run the same day sends nothing twice: the
     * rules look at the links and warnings already sent (docs/decisions/hours.md "Reminders").
     */
    async remindTenantHours(input: { tenant: string; at: string }) {
      const sent = await serviceDb<TPlacementsDb>(deps.db)
        .transaction()
        .execute(async (trx) => {
          await setTenant(trx, input.tenant);
          return remindTenantHours({
            db: trx,
            tenant: getTenant(input.tenant)!,
            now: new Date(input.at),
            config: deps.config,
          });
        });
      return { tenant: input.tenant, ...sent };
    },
  };
}

export type TPlacementsActivities = ReturnType<typeof createActivities>;
