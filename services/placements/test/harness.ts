import { randomUUID } from 'node:crypto';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { sql, type Kysely } from 'kysely';
import { setTenant } from '@stageplein/kit/db/rls';
import type { TServiceModule } from '@stageplein/kit/service';
import type { TStackConfig } from '@stageplein/stack/services';
import { eventually } from '@stageplein/testing/eventually';
import {
  announceOrganization,
  call,
  deliver,
  expectStatus,
  serviceHarness,
  userSnapshot,
  userWith,
  type TServiceHarness,
  type TUser,
} from '@stageplein/testing/service-harness';
import { placementsService } from '../src/placements.module.ts';

export {
  auditOf,
  call,
  deliver,
  expectStatus,
  outboxEvents,
  userWith,
  type TUser,
} from '@stageplein/testing/service-harness';
export { eventually } from '@stageplein/testing/eventually';
export type THarness = TServiceHarness;

export const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * A fresh seeded database, the platform (relay delivering to the consumers) and placements' HTTP app.
 * `services` run beside placements in the platform (e.g. organizations, for its read model of vacancies).
 */
export const harness = (services: readonly TServiceModule<TStackConfig>[] = []): Promise<THarness> =>
  serviceHarness(placementsService, { now: NOW, also: services });

/** An organization as organizations announces it, in Amersfoort (placements keeps its snapshot). */
export const organization = (
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus,
  tenant: TTenantId = 'demo',
): Promise<string> =>
  announceOrganization(h, type, status, tenant, {
    city: 'Amersfoort',
    postcode: '3811 CB',
    latitude: 52.1561,
    longitude: 5.3878,
  });

/** An admin acting for a new organization of the type and status. */
export async function adminOf(
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus = 'approved',
  tenant: TTenantId = 'demo',
): Promise<TUser & { organizationId: string }> {
  const organizationId = await organization(h, type, status, tenant);
  return { ...(await userWith(h, 'admin', organizationId, type, tenant)), organizationId };
}

/** Writes as the owner under a tenant (RLS is forced for the owner too). */
export const asOwner = <T>(
  h: THarness,
  tenant: TTenantId,
  fn: (trx: Kysely<unknown>) => Promise<T>,
): Promise<T> =>
  h.owner.transaction().execute(async (trx) => {
    await setTenant(trx, tenant);
    return fn(trx);
  });

/** The parties around a School's internship, and a few outsiders (see `internshipParties`). */
export interface TInternshipParties {
  tenant: TTenantId;
  schoolId: string;
  otherSchoolId: string;
  companyId: string;
  student: TUser;
  otherStudent: TUser;
  mentor: TUser;
  strangerMentor: TUser;
  school: TUser;
  otherSchool: TUser;
  company: TUser;
}

/**
 * A School, another School and a company (NonProfit), each with its admin; two students and two
 * mentors of the School. The first student is Sanne de Vries in placements' users and, unless
 * `mentorship` is false, `mentor` is her mentor (`strangerMentor` never is).
 */
export async function internshipParties(
  h: THarness,
  tenant: TTenantId,
  options: { mentorship?: boolean } = {},
): Promise<TInternshipParties> {
  const schoolId = await organization(h, 'School', 'approved', tenant);
  const otherSchoolId = await organization(h, 'School', 'approved', tenant);
  const companyId = await organization(h, 'NonProfit', 'approved', tenant);
  const [student, otherStudent, mentor, strangerMentor, school, otherSchool, company] = await Promise.all([
    userWith(h, 'student', schoolId, 'School', tenant),
    userWith(h, 'student', schoolId, 'School', tenant),
    userWith(h, 'mentor', schoolId, 'School', tenant),
    userWith(h, 'mentor', schoolId, 'School', tenant),
    userWith(h, 'admin', schoolId, 'School', tenant),
    userWith(h, 'admin', otherSchoolId, 'School', tenant),
    userWith(h, 'admin', companyId, 'NonProfit', tenant),
  ]);
  await asOwner(h, tenant, async (trx) => {
    await sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, event_time)
      values (${student.id}, ${tenant}, ${`${student.id}@x.test`}, 'Sanne', 'de Vries', 'active', false, now())`.execute(
      trx,
    );
    if (options.mentorship === false) return;
    await sql`insert into placements.mentorships (id, tenant_id, school_id, mentor_id, student_id, removed, event_time)
      values (${randomUUID()}, ${tenant}, ${schoolId}, ${mentor.id}, ${student.id}, false, now())`.execute(
      trx,
    );
  });
  return {
    tenant,
    schoolId,
    otherSchoolId,
    companyId,
    student,
    otherStudent,
    mentor,
    strangerMentor,
    school,
    otherSchool,
    company,
  };
}

/** Identity's announcement of a user, so placements' read model knows their name. */
export const announceUser = (h: THarness, user: TUser, first: string, last: string) =>
  deliver(
    h,
    'identity.user.created',
    user.id,
    userSnapshot(user.id, first, last, `${first.toLowerCase()}-${user.id.slice(0, 8)}@example.nl`),
    user.tenant,
  );

/** A vacancy the organization's admin created and published (its id). */
export async function publishVacancy(
  h: THarness,
  company: TUser,
  places = 3,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await call(h.app, {
    method: 'POST',
    url: '/api/v1/vacancies',
    headers: company.headers,
    payload: { data: { type: 'vacancy', attributes: { title: 'Stage in de zorg', places, ...extra } } },
  });
  expectStatus(res, 201);
  const id = res.json().data.id as string;
  expectStatus(
    await call(h.app, { method: 'POST', url: `/api/v1/vacancies/${id}/publish`, headers: company.headers }),
    200,
  );
  return id;
}

/** The student applies to the vacancy (`POST /api/v1/internships`); the answer, for the test to check. */
export const apply = (
  h: THarness,
  student: TUser,
  vacancyId: string,
  attributes: Record<string, unknown> = {},
) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/internships',
    headers: student.headers,
    payload: { data: { type: 'internship', attributes: { vacancy_id: vacancyId, ...attributes } } },
  });

/** A School's world around a published vacancy (see `schoolWorld`). */
export interface TSchoolWorld {
  tenant: TTenantId;
  schoolId: string;
  /** The School's admin. */
  school: TUser;
  /** Sam Student in placements' users. */
  student: TUser;
  otherStudent: TUser;
  /** A mentor of the School; the student's mentor only with `mentorship`. */
  mentor: TUser;
  /** A Provider's admin. */
  company: TUser & { organizationId: string };
  /** The company's published vacancy. */
  vacancyId: string;
  /** The admin of another School of the tenant. */
  otherSchool: TUser & { organizationId: string };
}

/**
 * A School with its admin, two students (the first announced as Sam Student) and a mentor; a Provider
 * with its admin and a published vacancy of `places` places; another School's admin. With `mentorship`
 * organizations announces the mentor as the student's. Resolves once placements' read models have them.
 */
export async function schoolWorld(
  h: THarness,
  tenant: TTenantId = 'demo',
  options: { places?: number; mentorship?: boolean } = {},
): Promise<TSchoolWorld> {
  const schoolId = await organization(h, 'School', 'approved', tenant);
  const [school, student, otherStudent, mentor] = await Promise.all([
    userWith(h, 'admin', schoolId, 'School', tenant),
    userWith(h, 'student', schoolId, 'School', tenant),
    userWith(h, 'student', schoolId, 'School', tenant),
    userWith(h, 'mentor', schoolId, 'School', tenant),
  ]);
  await announceUser(h, student, 'Sam', 'Student');
  if (options.mentorship)
    await deliver(
      h,
      'organizations.mentorship.added',
      randomUUID(),
      { mentorship_id: randomUUID(), school_id: schoolId, mentor_id: mentor.id, student_id: student.id },
      tenant,
    );
  const company = await adminOf(h, 'Provider', 'approved', tenant);
  const vacancyId = await publishVacancy(h, company, options.places);
  const otherSchool = await adminOf(h, 'School', 'approved', tenant);
  await eventually(async () => {
    const { rows } = await sql`select 1 from placements.users where id = ${student.id}
      union all select 1 from placements.mentorships where mentor_id = ${mentor.id}`.execute(h.owner);
    if (rows.length !== (options.mentorship ? 2 : 1)) throw new Error('placements has not got them yet');
  });
  return { tenant, schoolId, school, student, otherStudent, mentor, company, vacancyId, otherSchool };
}
