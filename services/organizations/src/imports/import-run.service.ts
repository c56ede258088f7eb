import type { Insertable, Kysely } from 'kysely';
import type {
  TStudentImportRow,
  TStudentImportStatus,
  TStudentUpsertOutcome,
} from '@stageplein/contracts/imports/student-import';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TStudentImportInput, TStudentImportSummary } from '@stageplein/contracts/workflows/names';
import type { TConfig } from '@stageplein/kit/config/config';
import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TEventInput } from '@stageplein/kit/outbox/outbox-writer';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { createGroup } from '../groups/groups.service.ts';
import type { TGroupMembershipsTable } from '../groups/groups.table.ts';
import { createLevel } from '../levels/levels.service.ts';
import type { TCtx } from '../shared/request.ts';
import {
  currentSchoolYearId,
  enrolmentsOf,
  findImport,
  findImportWithFile,
  insertImport,
  leaversOf,
  markLeavers,
  finishImportRow,
  groupsAndLevelsOf,
  markImportRunning,
  membershipsOf,
  countsOf,
  recountImport,
  replaceImportRows,
  setImportPlan,
  setRowOutcomes,
  structureNamesOfValidRows,
  rosterHeldOf,
  upsertEnrolments,
  upsertMemberships,
  validRowsOfBatch,
  type TIDb,
  type TNewImportRow,
  type TRowOutcome,
} from './imports.repository.ts';
import type { TStudentEnrolmentsTable } from './imports.table.ts';
import type { TRosterHeld } from './roster-diff.ts';
import { IMPORT_KIND_OF_SOURCE } from '@stageplein/contracts/imports/roster';
import { uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { studentImportWorkflowId } from '@stageplein/contracts/workflows/names';
import { findMagisterConnection } from '../roster-sources/roster-connections.repository.ts';
import { IMPORT_ID_NAMESPACE, MAGISTER_IMPORT_NAME, newImport } from './imports.service.ts';
import type { TMagisterConnection } from '../roster-sources/magister.client.ts';
import { openMagisterConnection } from '../roster-sources/roster-connections.service.ts';
import { replaceImportMentors } from '../roster-mentors/roster-mentors.repository.ts';
import {
  completeRosterMentors,
  linkBatchMentors,
  mentorsToResolve,
  recordRosterMentors,
  type TResolvedMentors,
} from '../roster-mentors/roster-mentors.service.ts';

export type TImportRef = TStudentImportInput;

export interface TImportJob {
  schoolId: string;
  actorId: string;
  locale: 'nl' | 'en';
  createMissingGroups: boolean;
  status: TStudentImportStatus;
  /** Where the rows come from: the uploaded file, or the school's Magister connection (its secret opened). */
  source:
    { kind: 'csv'; file: Uint8Array } | { kind: 'magister'; connection: TMagisterConnection | undefined };
}

/** A row to apply, as the identity call needs it. */
export interface TPendingRow {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** A batch to apply: who imports for which school, and its rows still to apply. */
export interface TPendingBatch {
  schoolId: string;
  actorId: string;
  locale: 'nl' | 'en';
  rows: TPendingRow[];
}

export type TImportSummary = TStudentImportSummary;

const key = (name: string) => name.trim().toLowerCase();

/** Group and level names of the school → ids; a group of the current school year wins over others. */
async function structureIds(db: TIDb, schoolId: string, today: string) {
  const { groups, levels } = await groupsAndLevelsOf(db, schoolId, today);
  const groupIds = new Map<string, string>();
  for (const g of groups) if (!groupIds.has(key(g.name))) groupIds.set(key(g.name), g.id);
  return { groupIds, levelIds: new Map(levels.map((l) => [key(l.name), l.id])) };
}

/**
 * The organizations side of a running student import, the use cases behind the workflow's activities:
 * the import's state and rows, the school's groups and levels (created through their use cases, with
 * their events), enrolments (student number, level) and group memberships. Every call is one
 * transaction on the RLS-bound app role with the import's tenant set, and each is idempotent: a
 * retried activity repeats it without a second effect.
 */
/** The user who uploaded the import, as the caller of the use cases the run calls. */
const byUser = (userId: string): TChangeActor => ({ userId, impersonatorId: null });

export function createImportRun(deps: { db: Kysely<unknown>; config: TConfig; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const today = () => now().toISOString().slice(0, 10);
  const inTenant = <T>(tenant: string, fn: (db: TIDb) => Promise<T>) =>
    serviceDb<TOrganizationsDb>(deps.db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenant);
        return fn(trx);
      });
  const ctxOf = (db: TIDb, tenant: string): TCtx => ({
    db,
    tenant: getTenant(tenant)!,
    now: now(),
    config: deps.config,
    lang: 'nl',
  });

  return {
    async load(ref: TImportRef): Promise<TImportJob | undefined> {
      return inTenant(ref.tenant, async (db) => {
        const row = await findImportWithFile(db, ref.importId);
        if (!row) return undefined;
        const source: TImportJob['source'] =
          row.kind === IMPORT_KIND_OF_SOURCE.magister
            ? {
                kind: 'magister',
                connection: await openMagisterConnection({ db, config: deps.config }, row.school_id),
              }
            : { kind: 'csv', file: row.content ?? new Uint8Array() };
        return {
          schoolId: row.school_id,
          actorId: row.created_by,
          locale: row.locale,
          createMissingGroups: row.create_missing_groups,
          status: row.status as TStudentImportStatus,
          source,
        };
      });
    },

    /**
     * The school's group and level names, its student numbers with the email last imported for them, and
     * its students as a roster is compared against them (roster-diff.ts).
     */
    async schoolFacts(ref: TImportRef, schoolId: string) {
      return inTenant(ref.tenant, async (db) => {
        const { groupIds, levelIds } = await structureIds(db, schoolId, today());
        const students = await rosterHeldOf(db, schoolId);
        const held: TRosterHeld = {
          students: new Map(students.map((r) => [r.student_number, r])),
          groupIds,
          levelIds,
        };
        return {
          groups: new Set(groupIds.keys()),
          levels: new Set(levelIds.keys()),
          studentNumbers: new Map(students.map((r) => [r.student_number, r.email ?? ''])),
          held,
        };
      });
    },

    async markRunning(ref: TImportRef): Promise<void> {
      await inTenant(ref.tenant, (db) => markImportRunning(db, ref.importId, now()));
    },

    /**
     * Replaces the import's rows with the validated ones (one transaction, so a retry starts clean);
     * rows without errors get a batch number in file order, but those `unchanged` names (row → student:
     * the school holds them as the row says) are done already.
     */
    async saveRows(
      ref: TImportRef,
      rows: readonly TStudentImportRow[],
      options: {
        batchSize: number;
        parseMs: number;
        leaversOf?: string;
        unchanged?: ReadonlyMap<number, string>;
      },
    ) {
      return inTenant(ref.tenant, async (db) => {
        let valid = 0;
        let toApply = 0;
        const values: TNewImportRow[] = rows.map((r) => {
          const ok = r.errors.length === 0;
          if (ok) valid++;
          const same = ok ? options.unchanged?.get(r.row) : undefined;
          const batch = ok && !same ? Math.floor(toApply++ / options.batchSize) : null;
          return {
            row_number: r.row,
            batch,
            status: same ? 'unchanged' : ok ? 'valid' : 'invalid',
            first_name: r.values.first_name,
            last_name: r.values.last_name,
            email: r.values.email,
            student_number: r.values.student_number,
            group_name: r.values.group,
            level_name: r.values.level,
            mentor: r.mentor ?? '',
            errors: JSON.stringify(r.errors),
            user_id: same ?? null,
          };
        });
        // A source that holds the whole school: enrolled students it does not name have left.
        if (options.leaversOf) {
          const last = rows.reduce((max, r) => Math.max(max, r.row), 0);
          const leavers = await leaversOf(
            db,
            options.leaversOf,
            rows.map((r) => r.values.student_number),
          );
          leavers.forEach((l, i) =>
            values.push({
              row_number: last + 1 + i,
              batch: null,
              status: 'left',
              first_name: l.first_name ?? '',
              last_name: l.last_name ?? '',
              email: l.email ?? '',
              student_number: l.student_number,
              group_name: '',
              level_name: '',
              mentor: '',
              errors: '[]',
              user_id: l.student_id,
            }),
          );
        }
        await replaceImportRows(db, ref, values);
        // The mentors valid rows name (Magister), each once: their accounts are resolved after the batches.
        const mentors = new Map(
          rows.flatMap((r) => (r.errors.length ? [] : (r.mentors ?? []))).map((m) => [m.email, m]),
        );
        await replaceImportMentors(db, ref, [...mentors.values()]);
        const batchCount = Math.ceil(toApply / options.batchSize);
        await setImportPlan(db, ref.importId, {
          batchCount,
          parseMs: options.parseMs,
          mentorsNamed: mentors.size,
        });
        await recountImport(db, ref.importId, now());
        return { batchCount, total: values.length, valid, invalid: rows.length - valid };
      });
    },

    /** Creates the levels and groups that valid rows name but the school lacks (the option was on). */
    async ensureStructure(
      ref: TImportRef,
      schoolId: string,
      actorId: string,
    ): Promise<{ groups: number; levels: number }> {
      return inTenant(ref.tenant, async (db) => {
        const ctx = ctxOf(db, ref.tenant);
        const wanted = await structureNamesOfValidRows(db, ref.importId);
        const { groupIds, levelIds } = await structureIds(db, schoolId, today());
        let levels = 0;
        let groups = 0;
        for (const { level_name } of wanted) {
          if (!level_name || levelIds.has(key(level_name))) continue;
          const level = await createLevel(ctx, byUser(actorId), { school_id: schoolId, name: level_name });
          levelIds.set(key(level_name), level.id);
          levels++;
        }
        const year = await currentSchoolYearId(db, today());
        for (const { group_name, level_name } of wanted) {
          if (!group_name || groupIds.has(key(group_name))) continue;
          const group = await createGroup(ctx, byUser(actorId), schoolId, {
            name: group_name,
            school_year_id: year?.id ?? null,
            level_id: level_name ? (levelIds.get(key(level_name)) ?? null) : null,
          });
          groupIds.set(key(group_name), group.id);
          groups++;
        }
        return { groups, levels };
      });
    },

    /**
     * What a batch needs to run, in one transaction: the import's facts (not its file) and the batch's
     * rows still to apply (none once it was applied: the activity then has nothing to do).
     */
    async pendingBatch(ref: TImportRef, batch: number): Promise<TPendingBatch | undefined> {
      return inTenant(ref.tenant, async (db) => {
        const job = await findImport(db, ref.importId);
        if (!job) return undefined;
        const rows = await validRowsOfBatch(db, ref.importId, batch);
        return {
          schoolId: job.school_id,
          actorId: job.created_by,
          locale: job.locale,
          rows: rows.map((r) => ({
            row: r.row_number,
            email: r.email,
            firstName: r.first_name,
            lastName: r.last_name,
          })),
        };
      });
    },

    /**
     * Completes a batch after identity applied it: enrolment (student number, level) and group per
     * student, then each row's outcome and the import's counts, all in one transaction.
     */
    async completeBatch(
      ref: TImportRef,
      batch: number,
      results: ReadonlyMap<number, { outcome: TStudentUpsertOutcome; userId: string | null }>,
      job: { schoolId: string; actorId: string },
    ): Promise<void> {
      const { schoolId, actorId } = job;
      await inTenant(ref.tenant, async (db) => {
        const rows = await validRowsOfBatch(db, ref.importId, batch);
        if (!rows.length) return;
        const { groupIds, levelIds } = await structureIds(db, schoolId, today());
        const userIds = rows.flatMap((r) => {
          const id = results.get(r.row_number)?.userId;
          return id ? [id] : [];
        });
        const enrolments = userIds.length
          ? await enrolmentsOf(
              db,
              schoolId,
              userIds,
              rows.map((r) => r.student_number),
            )
          : [];
        const byStudent = new Map(enrolments.map((e) => [e.student_id, e]));
        const byNumber = new Map(enrolments.map((e) => [e.student_number, e]));
        const memberships = userIds.length ? await membershipsOf(db, schoolId, userIds) : [];
        const groupOf = new Map(memberships.map((m) => [m.student_id, m.group_id]));
        const enrolmentUpserts: Insertable<TStudentEnrolmentsTable>[] = [];
        const membershipUpserts: Insertable<TGroupMembershipsTable>[] = [];
        const events: TEventInput<'organizations.group_membership.changed'>[] = [];
        const outcomes: TRowOutcome[] = [];
        /** The batch's students with the mentors their row names (Magister), linked below. */
        const applied: { user_id: string; mentor: string }[] = [];

        for (const row of rows) {
          const result = results.get(row.row_number);
          if (!result) continue;
          if (result.outcome === 'email_taken_elsewhere' || !result.userId) {
            outcomes.push({
              row: row.row_number,
              status: 'invalid',
              errors: [{ code: 'email_taken_elsewhere', field: 'email' }],
              userId: null,
            });
            continue;
          }
          const studentId = result.userId;
          const holder = byNumber.get(row.student_number);
          if (holder && holder.student_id !== studentId) {
            // Another student kept this number since validation: reported, the rest of the row stands.
            outcomes.push({
              row: row.row_number,
              status: 'failed',
              errors: [{ code: 'student_number_taken', field: 'student_number' }],
              userId: studentId,
            });
            continue;
          }
          let changed = result.outcome !== 'unchanged';
          const levelId = row.level_name ? (levelIds.get(key(row.level_name)) ?? null) : null;
          const current = byStudent.get(studentId);
          const enrolmentChanged =
            !current ||
            current.student_number !== row.student_number ||
            current.left_at !== null ||
            (row.level_name && current.level_id !== levelId);
          // What the roster said, kept for the next import's comparison (not a change of the student).
          const snapshot = {
            roster_email: row.email,
            roster_first_name: row.first_name,
            roster_last_name: row.last_name,
            roster_mentor: row.mentor,
          };
          const snapshotStale =
            !current ||
            current.roster_email !== row.email ||
            current.roster_first_name !== row.first_name ||
            current.roster_last_name !== row.last_name ||
            current.roster_mentor !== row.mentor;
          if (enrolmentChanged || snapshotStale) {
            const values = {
              tenant_id: ref.tenant,
              school_id: schoolId,
              student_id: studentId,
              student_number: row.student_number,
              level_id: row.level_name ? levelId : (current?.level_id ?? null),
              // Named by the roster again: back at the school.
              left_at: null,
              ...snapshot,
              created_at: now(),
              updated_at: enrolmentChanged ? now() : current!.updated_at,
            };
            enrolmentUpserts.push(values);
            if (current) byNumber.delete(current.student_number);
            byNumber.set(row.student_number, { ...values });
            if (enrolmentChanged) changed = true;
          }
          const groupId = row.group_name ? groupIds.get(key(row.group_name)) : undefined;
          if (groupId && groupOf.get(studentId) !== groupId) {
            membershipUpserts.push({
              tenant_id: ref.tenant,
              school_id: schoolId,
              group_id: groupId,
              student_id: studentId,
              created_at: now(),
            });
            events.push({
              type: 'organizations.group_membership.changed',
              subject: studentId,
              tenant: ref.tenant as TTenantId,
              actor: actorId,
              data: {
                school_id: schoolId,
                student_id: studentId,
                group_id: groupId,
                previous_group_id: groupOf.get(studentId) ?? null,
              },
            });
            groupOf.set(studentId, groupId);
            changed = true;
          }
          const status = result.outcome === 'created' ? 'created' : changed ? 'updated' : 'unchanged';
          outcomes.push({ row: row.row_number, status, errors: [], userId: studentId });
          applied.push({ user_id: studentId, mentor: row.mentor });
        }

        // One statement each for the batch (a student occurs once per file, so once per batch).
        await upsertEnrolments(db, enrolmentUpserts);
        await upsertMemberships(db, membershipUpserts);
        await writeEvents(db, SCHEMA, events);
        await setRowOutcomes(db, ref.importId, outcomes);
        await linkBatchMentors(db, ref, { school_id: schoolId, created_by: actorId }, applied, now());
        await recountImport(db, ref.importId, now());
      });
    },

    /**
     * A school's scheduled sync opens its import (as the connection's last editor, in Dutch): one per
     * run key (the schedule's run: workflow and run id), so a retried activity finds the same import. Undefined when
     * the school has no Magister connection any more.
     */
    async openScheduledSync(input: { tenant: string; schoolId: string; runKey: string }) {
      return inTenant(input.tenant, async (db) => {
        const connection = await findMagisterConnection(db, input.schoolId);
        if (!connection) return undefined;
        const id = uuidV5(`${input.tenant}:${input.schoolId}:magister:${input.runKey}`, IMPORT_ID_NAMESPACE);
        await insertImport(
          db,
          newImport({
            id,
            tenant: input.tenant,
            schoolId: input.schoolId,
            source: 'magister',
            file: { name: MAGISTER_IMPORT_NAME, size: 0, sha256: '' },
            createMissingGroups: true,
            locale: 'nl',
            createdBy: connection.updated_by,
            at: now(),
          }),
        );
        return { importId: id, workflowId: studentImportWorkflowId(id) };
      });
    },

    /** The roster's mentors the school has no account for yet (roster-mentors.service.ts). */
    async mentorsToResolve(ref: TImportRef) {
      return inTenant(ref.tenant, (db) => mentorsToResolve(db, ref.importId));
    },

    /** The mentors' accounts recorded (before the batches, which link the students to them). */
    async recordMentors(ref: TImportRef, resolved: TResolvedMentors): Promise<void> {
      await inTenant(ref.tenant, (db) => recordRosterMentors(db, ref, resolved, now()));
    },

    /** The mentors' accounts recorded, the listed students' mentorships brought in line with the roster. */
    async completeMentors(ref: TImportRef, resolved: TResolvedMentors): Promise<void> {
      await inTenant(ref.tenant, (db) => completeRosterMentors(db, ref, resolved, now()));
    },

    /** Final status and counts; `cancelling` ends as `cancelled`. */
    async finish(ref: TImportRef, status: TStudentImportStatus, failure?: string): Promise<TImportSummary> {
      return inTenant(ref.tenant, async (db) => {
        await recountImport(db, ref.importId, now());
        const current = await findImport(db, ref.importId);
        if (status === 'completed' && current?.left_rows)
          await markLeavers(db, ref.importId, current.school_id, now());
        const row = await finishImportRow(db, ref.importId, status, failure ?? null, now());
        return { status, total: row.total_rows, ...countsOf(row) };
      });
    },
  };
}

export type TImportRun = ReturnType<typeof createImportRun>;
