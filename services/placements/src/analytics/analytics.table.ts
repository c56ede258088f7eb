import type { TContractStatus } from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';

/** Analytics' read models (migration 20270401T0900-analytics, docs/decisions/analytics.md). */
export interface TAnalyticsInternshipsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  student_id: string;
  organization_id: string | null;
  organization_name: string | null;
  vacancy_id: string | null;
  period_id: string | null;
  status: TInternshipStatus;
  start_date: string | null;
  end_date: string | null;
  applied_at: Date;
  placed_at: Date | null;
  required_hours: number | null;
  hours_logged: number;
  hours_confirmed: number;
  hours_pending: number;
  updating_allowed: boolean;
  signed_off: boolean;
  phase_id: string | null;
  phase_name: { nl: string; en: string } | null;
  contract_id: string | null;
  contract_status: TContractStatus | null;
  contract_out_since: Date | null;
  evaluation_id: string | null;
  evaluation_outstanding: boolean;
}

/** A phase task still open after its deadline (escalated, not completed). */
export interface TAnalyticsOverdueTasksTable {
  phase_task_id: string;
  tenant_id: string;
  internship_id: string;
  due_at: Date | null;
}

export interface TAnalyticsVacanciesTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  title: string;
  status: string;
  hidden: boolean;
  places: number;
  published_at: Date | null;
}

export interface TAnalyticsPeriodDefaultsTable {
  period_id: string;
  tenant_id: string;
  required_hours: number;
}
