import type { Generated } from 'kysely';
import type { TWorkflowVersionState } from '@stageplein/contracts/phases/workflow-definitions';
import type { TWorkflowPhase } from '@stageplein/contracts/phases/workflow-rules';
import type { TInternshipContractType } from '@stageplein/contracts/placements/internships';

/** A school's workflow definition for one kind of internship (migration 20270210T0900-workflow-definitions). */
export interface TWorkflowDefinitionsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  contract_type: TInternshipContractType;
  name: string;
  /** The school's default for its kind (at most one per school and kind, a partial unique index). */
  is_default: Generated<boolean>;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A numbered version of a definition: its phases (one jsonb document), draft or published (immutable). */
export interface TWorkflowVersionsTable {
  id: Generated<string>;
  tenant_id: string;
  definition_id: string;
  version: number;
  state: TWorkflowVersionState;
  phases: TWorkflowPhase[];
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  published_by: string | null;
  published_at: Date | null;
}
