import type { TRosterMentor, TStudentUpsertOutcome } from '@stageplein/contracts/imports/student-import';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TEventInput } from '@stageplein/kit/outbox/outbox-writer';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { SCHEMA, type TDb } from '../database.ts';
import { findImport } from '../imports/imports.repository.ts';
import { mentorshipPayload } from '../mentorships/mentorships.service.ts';
import { mentorshipDiff } from './roster-mentors.diff.ts';
import {
  addMentorCounts,
  deleteMentorships,
  importMentorsOf,
  insertMentorships,
  mentorshipsOfSchool,
  rosterMentorsOf,
  rosterStudentsOf,
  upsertRosterMentors,
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
 * Mentors from the roster (docs/decisions/workflows.md "Roster sources"), after an import's students are
 * applied: the roster's mentors the school has no account for go to identity (created and invited, or
 * found, with the mentor role at the school); then each listed student's mentorships follow the roster.
 * An unchanged roster asks identity nothing and writes nothing.
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
 * Records the accounts identity gave the mentors, then adds the mentorships the roster names and removes
 * those a roster made that it no longer names, each with its event; adds the counts to the import. One
 * transaction: a retry after it committed finds nothing left to do.
 */
export async function completeRosterMentors(
  db: TDb,
  ref: { tenant: string; importId: string },
  resolved: TResolvedMentors,
  now: Date,
) {
  const job = await findImport(db, ref.importId);
  if (!job) return;
  const schoolId = job.school_id;
  await upsertRosterMentors(
    db,
    [...resolved].flatMap(([email, r]) =>
      r.userId
        ? [{ tenant_id: ref.tenant, school_id: schoolId, email, mentor_id: r.userId, created_at: now }]
        : [],
    ),
  );
  const diff = mentorshipDiff(
    await rosterStudentsOf(db, ref.importId),
    await rosterMentorsOf(db, schoolId),
    await mentorshipsOfSchool(db, schoolId),
  );
  const added = await insertMentorships(
    db,
    diff.add.map((pair) => ({
      tenant_id: ref.tenant,
      school_id: schoolId,
      ...pair,
      source: 'magister' as const,
      created_at: now,
    })),
  );
  const removed = await deleteMentorships(
    db,
    diff.remove.map((m) => m.id),
  );
  const event =
    (type: 'organizations.mentorship.added' | 'organizations.mentorship.removed') =>
    (m: (typeof added)[number]): TEventInput<typeof type> => ({
      type,
      subject: m.id,
      tenant: ref.tenant as TTenantId,
      actor: job.created_by,
      data: mentorshipPayload(m),
    });
  await writeEvents(db, SCHEMA, [
    ...added.map(event('organizations.mentorship.added')),
    ...removed.map(event('organizations.mentorship.removed')),
  ]);
  await addMentorCounts(db, ref.importId, {
    created: [...resolved.values()].filter((r) => r.outcome === 'created').length,
    added: added.length,
    removed: removed.length,
  });
}
