import type { Generated } from 'kysely';
import type {
  TEvaluationResponseState,
  TEvaluationRole,
  TEvaluationScopeKind,
} from '@stageplein/contracts/placements/evaluation-policy';

/** A role's part of a template as stored (`roles` jsonb); no entry: the role is not asked. */
export interface TStoredRoleConfig {
  /** Null: the legacy form (spec §1), answered at LEGACY_EVALUATION_FORM_VERSION. */
  form_id: string | null;
  version: number;
  weight: number;
  weights: Record<string, number>;
}
export type TStoredRoles = Partial<Record<TEvaluationRole, TStoredRoleConfig>>;

/** A school's evaluation template for one internship period (migration 20270106T1000-evaluations). */
export interface TEvaluationTemplatesTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  scope_kind: TEvaluationScopeKind;
  scope_id: string;
  name: string;
  roles: TStoredRoles;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An internship's evaluation, opened from its period's template. */
export interface TEvaluationsTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  template_id: string;
  opened_by: string | null;
  opened_at: Date;
  link_sent_at: Date | null;
}

/** One role's part: the frozen form version it answers (copied at opening), answers, state, score. */
export interface TEvaluationResponsesTable {
  id: Generated<string>;
  tenant_id: string;
  evaluation_id: string;
  role: TEvaluationRole;
  form_id: string | null;
  form_version: number;
  weight: number;
  weights: Record<string, number>;
  state: TEvaluationResponseState;
  answers: Record<string, unknown> | null;
  score: number | null;
  submitted_by: string | null;
  submitted_at: Date | null;
  updated_at: Date;
}
