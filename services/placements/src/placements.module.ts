import type { FastifyPluginAsync } from 'fastify';
import { SERVICE_PREFIXES } from '@stageplein/contracts/routes/service-prefixes';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import { installExternalLinks } from '@stageplein/kit/external-links/external-links.guard';
import type { TServiceModule } from '@stageplein/kit/service';
import { SCHEMA, type TPlacementsDb } from './database.ts';
import { migrations } from './migrations/index.ts';
import { PLACEMENTS_CONFIG, type TPlacementsConfig, type TPlacementsDeps } from './placements.config.ts';
import type { TPlacementsGroup } from './shared/group.ts';
import { readModelsGroup } from './read-models/index.ts';
import { vacanciesGroup } from './vacancies/index.ts';
import { vacancySearchGroup } from './vacancy-search/index.ts';
import { internshipsGroup } from './internships/index.ts';
import { allocationGroup } from './allocation/index.ts';
import { hoursGroup } from './hours/index.ts';
import { assignmentsGroup, tasksFollowSupervisor } from './assignments/index.ts';
import { evaluationsGroup } from './evaluations/index.ts';
import { internshipContractsGroup, mayDownloadContractDocument } from './internship-contracts/index.ts';
import { phasesGroup } from './phases/index.ts';
import { PHASE_DEFINITIONS, phaseRunsGroup } from './phase-runs/index.ts';
import { progressGroup } from './progress/index.ts';
import { bulkMessagesGroup } from './bulk-messages/index.ts';
import { contractDocumentsGroup } from './contract-documents/index.ts';
import { analyticsGroup } from './analytics/index.ts';
import { discriminationReportsGroup } from './discrimination-reports/index.ts';
import { writeBackGroup } from './write-back/index.ts';
import { supervisorAccountsGroup } from './supervisor-accounts/index.ts';

/**
 * Placements' groups (docs/decisions/placements.md "Groups"), each above the ones it depends on; they
 * seed in this order. A group reaches a group above it only through what is handed in here.
 */
export const PLACEMENTS_GROUPS: readonly TPlacementsGroup[] = [
  readModelsGroup,
  vacanciesGroup,
  vacancySearchGroup,
  internshipsGroup({ supervisorChanged: [tasksFollowSupervisor] }),
  allocationGroup,
  hoursGroup,
  assignmentsGroup,
  evaluationsGroup,
  internshipContractsGroup,
  phasesGroup,
  phaseRunsGroup(PHASE_DEFINITIONS),
  progressGroup,
  bulkMessagesGroup,
  // Who may download a sealed PDF: the contracts group's rule (contracts' mayDownloadContract).
  contractDocumentsGroup(mayDownloadContractDocument),
  // Read models of the others' events (its own consumer) and the views over them (issue #37).
  analyticsGroup,
  // A student's report of a declined application; the school's handling and pauses (issue #37 item 3).
  discriminationReportsGroup,
  // Completed internships' hours and results to the school's system (issue #36 item 4), from progress's rows.
  writeBackGroup,
  // A supervisor without an account asks for one by their link; the company answers (issue #30 item 6).
  supervisorAccountsGroup,
];

const routes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  // External action links (kit): `app.externalLinks.route({ action, subject })` in any group's routes.
  installExternalLinks(app, deps, SCHEMA);
  for (const group of PLACEMENTS_GROUPS)
    for (const plugin of group.routes ?? []) await app.register(plugin, deps);
};

/** Vacancies and internships (docs/decisions/placements.md, docs/decisions/internships.md). */
export const placementsService: TServiceModule<TPlacementsConfig> = {
  name: 'placements',
  configKeys: PLACEMENTS_CONFIG,
  schema: SCHEMA,
  prefixes: SERVICE_PREFIXES.placements,
  migrations,
  routes,
  consumers: (deps) => PLACEMENTS_GROUPS.flatMap((group) => group.consumers?.(deps) ?? []),
  async seedTenant({ db, today }, tenantId) {
    const tenant = getTenant(tenantId);
    if (!tenant) throw new Error(`placements: unknown tenant ${tenantId}`);
    await serviceDb<TPlacementsDb>(db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenantId);
        const ctx = { db: trx, tenant, now: today };
        for (const group of PLACEMENTS_GROUPS) await group.seed?.(ctx, tenant, today);
      });
  },
};
