import type { Generated } from 'kysely';
import type {
  TDiscriminationGround,
  TDiscriminationReportAction,
  TDiscriminationReportOutcome,
  TDiscriminationReportStatus,
} from '@stageplein/contracts/placements/discrimination-reports';

/** A student's report of a declined application (migration 20270425T0910-discrimination-reports). */
export interface TDiscriminationReportsTable {
  id: Generated<string>;
  tenant_id: string;
  internship_id: string;
  student_id: string;
  school_id: string;
  organization_id: string;
  grounds: TDiscriminationGround[];
  description: string | null;
  status: Generated<TDiscriminationReportStatus>;
  outcome: TDiscriminationReportOutcome | null;
  created_at: Date;
  closed_at: Date | null;
}

/** What the school did on a report, in the order done (`id`). */
export interface TDiscriminationReportActionsTable {
  id: Generated<string>;
  tenant_id: string;
  report_id: string;
  action: TDiscriminationReportAction;
  note: string | null;
  outcome: TDiscriminationReportOutcome | null;
  actor_id: string | null;
  at: Date;
}
