import type { Migration } from 'kysely';
import m20261121T0900_outbox from './20261121T0900-outbox.ts';
import m20261121T0910_school_years from './20261121T0910-school-years.ts';
import m20261122T0900_auth_read_model from './20261122T0900-auth-read-model.ts';
import m20261123T0900_organizations from './20261123T0900-organizations.ts';
import m20261123T0910_signups from './20261123T0910-signups.ts';
import m20261123T0920_audit_log from './20261123T0920-audit-log.ts';
import m20261123T0930_levels from './20261123T0930-levels.ts';
import m20261123T0940_tags from './20261123T0940-tags.ts';
import m20261123T0950_groups from './20261123T0950-groups.ts';
import m20261123T1000_internship_periods from './20261123T1000-internship-periods.ts';
import m20261123T1010_mentorships from './20261123T1010-mentorships.ts';
import m20261123T1020_dead_letters from './20261123T1020-dead-letters.ts';
import m20261124T0900_imports from './20261124T0900-imports.ts';
import m20261125T0900_auth_sessions from './20261125T0900-auth-sessions.ts';
import m20261201T0900_vacancies_read_model from './20261201T0900-vacancies-read-model.ts';
import m20261202T0900_compliance from './20261202T0900-compliance.ts';
import m20270406T0900_roster_sources from './20270406T0900-roster-sources.ts';
import m20270420T0940_roster_snapshot from './20270420T0940-roster-snapshot.ts';
import m20270425T0920_roster_mentors from './20270425T0920-roster-mentors.ts';
import m20270111T0900_outbox_pending from './20270111T0900-outbox-pending.ts';

/**
 * Applied in key order. Each migration is a frozen file named by its timestamp: once landed it is never
 * edited (migrations.lock.json and its test guard that); a change is a new, later file.
 */
export const migrations: Record<string, Migration> = {
  '20261121T0900-outbox': m20261121T0900_outbox,
  '20261121T0910-school-years': m20261121T0910_school_years,
  '20261122T0900-auth-read-model': m20261122T0900_auth_read_model,
  '20261123T0900-organizations': m20261123T0900_organizations,
  '20261123T0910-signups': m20261123T0910_signups,
  '20261123T0920-audit-log': m20261123T0920_audit_log,
  '20261123T0930-levels': m20261123T0930_levels,
  '20261123T0940-tags': m20261123T0940_tags,
  '20261123T0950-groups': m20261123T0950_groups,
  '20261123T1000-internship-periods': m20261123T1000_internship_periods,
  '20261123T1010-mentorships': m20261123T1010_mentorships,
  '20261123T1020-dead-letters': m20261123T1020_dead_letters,
  '20261124T0900-imports': m20261124T0900_imports,
  '20261125T0900-auth-sessions': m20261125T0900_auth_sessions,
  // Published vacancies of the placements service, for include=vacancies (issue #14).
  '20261201T0900-vacancies-read-model': m20261201T0900_vacancies_read_model,
  // Compliance gating (issue #14 item 6).
  '20261202T0900-compliance': m20261202T0900_compliance,
  // The outbox as an append-only log, its delivery state a queue beside it (kit outbox.v2).
  '20270111T0900-outbox-pending': m20270111T0900_outbox_pending,
  // Roster sources: the Magister connection, students who left (issue #36).
  '20270406T0900-roster-sources': m20270406T0900_roster_sources,
  // What the roster last said per student: an unchanged sync writes nothing (issue #36).
  '20270420T0940-roster-snapshot': m20270420T0940_roster_snapshot,
  // Mentors from the roster: accounts, links a sync made, the import's mentor counts (issue #36).
  '20270425T0920-roster-mentors': m20270425T0920_roster_mentors,
};
