import type { TDb } from '../database.ts';
import { defaultPublishedVersion, findVersion } from '../phases/index.ts';
import type { TPhaseDefinitions } from './phase-runs.service.ts';

/**
 * The definitions as the runtime reads them (the phases group): a published version by id, and the
 * newest published version of a school's default definition for a kind. A published version never
 * changes (a trigger refuses it), so what an activity reads is what the run interprets until it is
 * migrated; a draft is never run.
 */
export const PHASE_DEFINITIONS: TPhaseDefinitions = {
  async plan(db: TDb, versionId: string) {
    const version = await findVersion(db, versionId);
    if (version?.state !== 'published') return null;
    return { definitionId: version.definition_id, versionId: version.id, phases: version.phases };
  },
  async startingVersion(db, schoolId, contractType) {
    const version = await defaultPublishedVersion(db, schoolId, contractType);
    return version ? { definitionId: version.definition_id, versionId: version.id } : null;
  },
};
