import type { TRosterMentor, TStudentUpsertOutcome } from '@stageplein/contracts/imports/student-import';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TEventInput } from '@stageplein/kit/outbox/outbox-writer';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { SCHEMA, type TDb } from '../database.ts';
import { findImport } from '../imports/imports.repository.ts';
import { mentorshipPayload } from '../mentorships/mentorships.service.ts';
import { mentorEmails, mentorshipDiff } from './roster-mentors.diff.ts';
import {
  addMentorCounts,
  deleteMentorships,
  importMentorsOf,
  insertMentorships,
  mentorshipsOfSchool,
  rosterMentorsOf,
  rosterStudentsOf,
  upsertRosterMentors,
  type TMentorshipRow,
} from './roster-mentors.repository.ts';

/** The mentors of an import's roster whose accounts the school does not know yet (identity resolves them). */
export interface TMentorsToResolve {
  schoolId: string;
  actorId: string;
  locale: 'nl' | 'en';
  mentors: TRosterMentor[];
}

export type TResolvedMentors = ReadonlyMap<string, { outcome: TStudentUpsertOutcome; userId: string | null }>;

/**
 * Mentors from the roster (docs/decisions/workflows.md "Roster sources"): once `prepare` stored the rows,
 * the roster's mentors the school has no account for go to identity (created and invited, or found, with
 * the mentor role at the school); the batches link their students to them, and after the batches each
 * listed student's mentorships follow the roster. An unchanged roster asks identity nothing and writes nothing.
 */
export async function mentorsToResolve(db: TDb, importId: string): Promise<TMentorsToResolve | undefined> {
  const job = await findImport(db, importId);
  if (!job) return undefined;
  const named = await importMentorsOf(db, importId);
  const known = await rosterMentorsOf(db, job.school_id);
  return {
    schoolId: job.school_id,
    actorId: job.created_by,
    locale: job.locale,
    mentors: named.filter((m) => !known.has(m.email)),
  };
}

/**
 * Records the accounts identity gave the roster's mentors (so the next sync asks identity nothing about
 * them) and adds the accounts created to the import's counts. In the transaction that records them: a
 * retry after it committed finds no mentor left to resolve, so nothing is counted twice.
 */
export async function recordRosterMentors(
  db: TDb,
  ref: { tenant: string; importId: string },
  resolved: TResolvedMentors,
  now: Date,
) {
  const job = await findImport(db, ref.importId);
  if (!job) return undefined;
  await upsertRosterMentors(
    db,
    [...resolved].flatMap(([email, r]) =>
      r.userId
        ? [{ tenant_id: ref.tenant, school_id: job.school_id, email, mentor_id: r.userId, created_at: now }]
        : [],
    ),
  );
  await addMentorCounts(db, ref.importId, {
    created: [...resolved.values()].filter((r) => r.outcome === 'created').length,
    added: 0,
    removed: 0,
  });
  return job;
}

/** Inserts the links (those the school already has stay as they are) with their events; the added ones. */
async function addLinks(
  db: TDb,
  ref: { tenant: string; importId: string },
  job: { school_id: string; created_by: string },
  pairs: readonly { mentor_id: string; student_id: string }[],
  now: Date,
) {
  const added = await insertMentorships(
    db,
    pairs.map((pair) => ({
      tenant_id: ref.tenant,
      school_id: job.school_id,
      ...pair,
      source: 'magister' as const,
      created_at: now,
    })),
  );
  await writeEvents(db, SCHEMA, added.map(mentorshipEvent('organizations.mentorship.added', ref, job)));
  return added;
}

const mentorshipEvent =
  (
    type: 'organizations.mentorship.added' | 'organizations.mentorship.removed',
    ref: { tenant: string },
    job: { created_by: string },
  ) =>
  (m: TMentorshipRow): TEventInput<typeof type> => ({
    type,
    subject: m.id,
    tenant: ref.tenant as TTenantId,
    actor: job.created_by,
    data: mentorshipPayload(m),
  });

/**
 * A batch's students get the mentorships the roster names for them, in the batch's transaction, once
 * `prepare` recorded the roster's mentors (roster_mentors): the links of a first sync are made side by side
 * in the batches' lanes instead of all at once after them. What a batch cannot link (a mentor recorded
 * later) and what the roster no longer names are left to the final step (completeRosterMentors).
 */
export async function linkBatchMentors(
  db: TDb,
  ref: { tenant: string; importId: string },
  job: { school_id: string; created_by: string },
  students: readonly { user_id: string; mentor: string }[],
  now: Date,
) {
  if (!students.some((s) => s.mentor)) return;
  const mentorIds = await rosterMentorsOf(db, job.school_id);
  const pairs = students.flatMap((s) =>
    mentorEmails(s.mentor).flatMap((email) => {
      const mentorId = mentorIds.get(email);
      return mentorId && mentorId !== s.user_id ? [{ mentor_id: mentorId, student_id: s.user_id }] : [];
    }),
  );
  const added = await addLinks(db, ref, job, pairs, now);
  await addMentorCounts(db, ref.importId, { created: 0, added: added.length, removed: 0 });
}

/**
 * Records the accounts identity gave the mentors (none left once `prepare` did), then adds the
 * mentorships the roster names that the batches did not make and removes those a roster made that it no
 * longer names, each with its event; adds the counts to the import. One transaction: a retry after it
 * committed finds nothing left to do.
 */
export async function completeRosterMentors(
  db: TDb,
  ref: { tenant: string; importId: string },
  resolved: TResolvedMentors,
  now: Date,
) {
  const job = await recordRosterMentors(db, ref, resolved, now);
  if (!job) return;
  const schoolId = job.school_id;
  const diff = mentorshipDiff(
    await rosterStudentsOf(db, ref.importId),
    await rosterMentorsOf(db, schoolId),
    await mentorshipsOfSchool(db, schoolId),
  );
  const added = await addLinks(db, ref, job, diff.add, now);
  const removed = await deleteMentorships(
    db,
    diff.remove.map((m) => m.id),
  );
  await writeEvents(db, SCHEMA, removed.map(mentorshipEvent('organizations.mentorship.removed', ref, job)));
  await addMentorCounts(db, ref.importId, { created: 0, added: added.length, removed: removed.length });
}
