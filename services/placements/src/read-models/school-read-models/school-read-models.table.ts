import type { TInternshipPeriodStatus } from '@stageplein/contracts/organizations/internship-periods';

/** Organizations' school resources in placements (migration 20261203T1010-school-read-models). */
export interface TInternshipPeriodsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  school_year_id: string;
  name: string;
  start_date: string;
  end_date: string;
  status: TInternshipPeriodStatus;
  deleted: boolean;
  event_time: Date;
}

export interface TGroupsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  school_year_id: string | null;
  level_id: string | null;
  name: string;
  deleted: boolean;
  event_time: Date;
}

/** A student's group at a school (null: taken out of it). */
export interface TGroupMembershipsTable {
  school_id: string;
  student_id: string;
  tenant_id: string;
  group_id: string | null;
  event_time: Date;
}

export interface TLevelsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  name: string;
  deleted: boolean;
  event_time: Date;
}

export interface TMentorshipsTable {
  id: string;
  tenant_id: string;
  school_id: string;
  mentor_id: string;
  student_id: string;
  removed: boolean;
  event_time: Date;
}

/** The organization's website (spec §3's organization include), beside kit's organizations read model. */
export interface TOrganizationWebsitesTable {
  id: string;
  tenant_id: string;
  website: string | null;
  event_time: Date;
}

/** Organizations' school years (migration 20270105T1130-school-years-read-model): spec §4's in-scope rule. */
export interface TSchoolYearsTable {
  id: string;
  tenant_id: string;
  name: string;
  start_date: string;
  end_date: string;
  event_time: Date;
}
