import type { Kysely } from 'kysely';
import type { TConfig } from '@stageplein/kit/config/config';
import { createImportRun } from './imports/import-run.service.ts';
import { createStudentImportActivities, type TStudentDirectory } from './imports/imports.activities.ts';
import { createComplianceActivities } from './compliance/compliance.activities.ts';
import type { TMagisterClientOptions } from './roster-sources/magister.client.ts';
import { magisterHosts } from './roster-sources/roster-connections.service.ts';
import { createWriteBackSendActivities } from './roster-sources/magister-write-back.ts';

export type {
  TStudentDirectory,
  TStudentImportActivities,
  TStudentImportPlan,
  TStudentImportRef,
} from './imports/imports.activities.ts';
export {
  DEFAULT_BATCH_SIZE,
  IMPORT_FILE_ERROR,
  ROSTER_SOURCE_REJECTED,
} from './imports/imports.activities.ts';
export type { TComplianceActivities } from './compliance/compliance.activities.ts';
export type { TWriteBackSendActivities } from './roster-sources/magister-write-back.ts';

export interface TOrganizationsActivityDeps {
  /** RLS-bound app-role database; every activity sets the tenant per transaction. */
  db: Kysely<unknown>;
  config: TConfig;
  /** Identity's bulk student API, as the worker reaches it. */
  students: TStudentDirectory;
  /** Valid rows per batch (config IMPORT_BATCH_SIZE). */
  batchSize?: number;
  batchesInFlight?: number;
  /** Overrides of how Magister is reached (its hosts come from MAGISTER_HOSTS). */
  magister?: Partial<TMagisterClientOptions>;
  now?: () => Date;
}

/**
 * The Temporal activities organizations owns (`@stageplein/organizations/activities`); the worker
 * composes them with other services' activities. They run organizations' own use cases on its schema.
 */
export function createActivities(deps: TOrganizationsActivityDeps) {
  return {
    ...createStudentImportActivities({
      imports: createImportRun(deps),
      students: deps.students,
      batchSize: deps.batchSize,
      batchesInFlight: deps.batchesInFlight,
      magister: { allowedHosts: magisterHosts(deps.config), ...deps.magister },
    }),
    ...createComplianceActivities({ db: deps.db, now: deps.now }),
    // The write-back's sending side (issue #36 item 4): student numbers and the school's Magister.
    ...createWriteBackSendActivities({
      db: deps.db,
      config: deps.config,
      magister: { allowedHosts: magisterHosts(deps.config), ...deps.magister },
    }),
  };
}

export type TOrganizationsActivities = ReturnType<typeof createActivities>;
