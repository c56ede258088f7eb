import { type Generated } from 'kysely';
import type { TInternshipPeriodStatus } from '@stageplein/contracts/organizations/internship-periods';

/** Spec §3 Internship period: a school's period within one school year. */
export interface TInternshipPeriodsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  school_year_id: string;
  name: string;
  start_date: string;
  end_date: string;
  status: TInternshipPeriodStatus;
  created_at: Date;
  updated_at: Date;
}
