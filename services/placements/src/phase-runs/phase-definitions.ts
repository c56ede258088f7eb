import { sql } from 'kysely';
import type { TInternshipContractType } from '@stageplein/contracts/placements/internships';
import type { TPhasePlan, TPhasePlanPhase } from '@stageplein/contracts/placements/phase-run-policy';
import type { TDb } from '../database.ts';
import type { TPhaseDefinitions } from './phase-runs.service.ts';

/**
 * The definitions as the runtime reads them: the phases group's tables (migration
 * 20270210T0900-workflow-definitions) by their columns, in plain SQL, so this group imports none of its
 * files. A published version never changes (a trigger there refuses it), so what an activity reads once
 * is what the run interprets until it is migrated.
 */
export const SQL_PHASE_DEFINITIONS: TPhaseDefinitions = {
  async plan(db: TDb, versionId: string): Promise<TPhasePlan | null> {
    const { rows } = await sql<{ definition_id: string; phases: TPhasePlanPhase[] }>`
      select v.definition_id, v.phases from placements.workflow_versions v
      where v.id = ${versionId} and v.state = 'published'`.execute(db);
    const row = rows[0];
    return row ? { definitionId: row.definition_id, versionId, phases: row.phases } : null;
  },
  async startingVersion(db: TDb, schoolId: string, contractType: TInternshipContractType) {
    const { rows } = await sql<{ definition_id: string; version_id: string }>`
      select d.id as definition_id, v.id as version_id
      from placements.workflow_definitions d
      join placements.workflow_versions v on v.definition_id = d.id and v.state = 'published'
      where d.school_id = ${schoolId} and d.contract_type = ${contractType} and d.is_default
      order by v.version desc limit 1`.execute(db);
    const row = rows[0];
    return row ? { definitionId: row.definition_id, versionId: row.version_id } : null;
  },
};
