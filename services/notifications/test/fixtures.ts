import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { userSnapshot } from '@stageplein/testing/service-harness';
import {
  call,
  envelope,
  eventually,
  harness,
  internship,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

export * from './harness.ts';

/**
 * The people of one School and one Provider of the demo tenant, on a fresh harness: what the pipeline,
 * conversations, feed, open tasks and recent actions tests tell things to.
 */
export interface TParties {
  h: THarness;
  school: string;
  provider: string;
  student: TUser;
  mentor: TUser;
  schoolAdmin: TUser;
  providerAdmin: TUser;
  /** A volunteer of the provider: the contact person of `mine`. */
  contact: TUser;
  /** Another student of the school, party to nothing. */
  bystander: TUser;
  /** The student's active internship at the provider with the contact person; not yet published. */
  mine: ReturnType<typeof internship>;
}

export async function parties(): Promise<TParties> {
  const h = await harness();
  const school = randomUUID();
  const provider = randomUUID();
  const [student, mentor, schoolAdmin, providerAdmin, contact, bystander] = await Promise.all([
    userWith(h, 'student', school, 'School'),
    userWith(h, 'mentor', school, 'School'),
    userWith(h, 'admin', school, 'School'),
    userWith(h, 'admin', provider, 'Provider'),
    userWith(h, 'volunteer', provider, 'Provider'),
    userWith(h, 'student', school, 'School'),
  ]);
  const mine = internship(student.id, {
    school_id: school,
    organization_id: provider,
    contact_person_id: contact.id,
    status: 'active',
  });
  return { h, school, provider, student, mentor, schoolAdmin, providerAdmin, contact, bystander, mine };
}

/**
 * The file's parties: made before its tests (then `setup` runs with them), closed after them. The object
 * is filled in before the first test runs.
 */
export function partiesOfFile(setup: (parties: TParties) => Promise<unknown> = async () => {}): TParties {
  const made = {} as TParties;
  beforeAll(async () => {
    Object.assign(made, await parties());
    await setup(made);
  }, 120_000);
  afterAll(() => made.h?.close());
  return made;
}

/** organizations' event: the mentor mentors the student at the school. */
export const mentorship = (school: string, mentorId: string, studentId: string, tenant: TTenantId = 'demo') =>
  envelope(
    'organizations.mentorship.added',
    randomUUID(),
    { mentorship_id: randomUUID(), school_id: school, mentor_id: mentorId, student_id: studentId },
    tenant,
  );

/** identity's event naming a person (created, or updated with other settings). */
export const named = (
  user: TUser,
  first: string,
  last: string,
  overrides: Partial<TEventPayload<'identity.user.created'>> = {},
  type: 'identity.user.created' | 'identity.user.updated' = 'identity.user.created',
) =>
  envelope(type, user.id, userSnapshot(user.id, first, last, `${first.toLowerCase()}@demo.test`, overrides));

/** An hours entry's event payload with its internship's figures after it. */
export const hoursEntry = (
  internshipId: string,
  overrides: Partial<TEventPayload<'placements.hours.entry_logged'>> = {},
): TEventPayload<'placements.hours.entry_logged'> => ({
  internship_id: internshipId,
  entry_id: randomUUID(),
  date: '2026-11-18',
  hours: 4,
  status: 'pending',
  hours_logged: 4,
  hours_supervisor: 0,
  hours_pending: 4,
  updating_hours_allowed: true,
  signed_off: false,
  ...overrides,
});

/** A GET as the user, in a language. */
export const getAs = (h: THarness, user: TUser, url: string, lang = 'nl') =>
  call(h.app, { method: 'GET', url, headers: { ...user.headers, 'accept-language': lang } });

/** Waits until the consumers wrote a row of `table` where `column` is `value` (e.g. a read model caught up). */
export const untilRow = (h: THarness, table: string, column: string, value: string) =>
  eventually(async () => {
    const { rows } =
      await sql`select 1 from ${sql.table(`notifications.${table}`)} where ${sql.ref(column)} = ${value}`.execute(
        h.owner,
      );
    expect(rows).toHaveLength(1);
  });
