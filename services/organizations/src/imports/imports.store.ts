import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  TStudentImportRow,
  TStudentImportRowError,
  TStudentImportRowStatus,
  TStudentImportStatus,
  TStudentUpsertOutcome,
} from '@stageplein/contracts/imports/student-import';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TConfig } from '@stageplein/kit/config/config';
import { setTenant } from '@stageplein/kit/db/rls';
import { createGroup } from '../groups/groups.service.ts';
import { createLevel } from '../levels/levels.service.ts';
import type { TEventInput } from '@stageplein/kit/outbox/outbox-writer';
import { writeEvents } from '@stageplein/kit/outbox/write-events';
import { SCHEMA } from '../database.ts';
import type { TGroupMembershipsTable } from '../groups/groups.table.ts';
import type { TCtx, TDb } from '../shared/request.ts';
import type { TImportRowsTable, TImportsDb, TStudentEnrolmentsTable } from './imports.table.ts';

type TIDb = Kysely<TImportsDb>;

export interface TImportRef {
  tenant: string;
  importId: string;
}

export interface TImportJob {
  schoolId: string;
  actorId: string;
  locale: 'nl' | 'en';
  createMissingGroups: boolean;
  status: TStudentImportStatus;
  file: Uint8Array;
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

export interface TImportSummary {
  status: TStudentImportStatus;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

const key = (name: string) => name.trim().toLowerCase();
const INSERT_CHUNK = 10_000;

/**
 * The organizations side of a student import, used by the import workflow's activities: the import's
 * state and rows, the school's groups and levels (created through their use cases, with their events),
 * enrolments (student number, level) and group memberships. Every call is one transaction on the
 * RLS-bound app role with the import's tenant set, and each is idempotent: a retried activity repeats
 * it without a second effect.
 */
export function createImportStore(deps: { db: Kysely<unknown>; config: TConfig; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  const inTenant = <T>(tenant: string, fn: (db: TIDb) => Promise<T>) =>
    deps.db.transaction().execute(async (trx) => {
      await setTenant(trx, tenant);
      return fn(trx as unknown as TIDb);
    });
  const ctxOf = (db: TIDb, tenant: string): TCtx => ({
    db: db as unknown as TDb,
    tenant: getTenant(tenant)!,
    now: now(),
    config: deps.config,
    lang: 'nl',
  });
  const recount = async (db: TIDb, importId: string) => {
    // Lock first: batches run side by side, and the count below must be read after the other batch's
    // commit (a fresh snapshot per statement), or it would write counts that miss that batch's rows.
    await sql`select 1 from organizations.imports where id = ${importId} for update`.execute(db);
    await sql`update organizations.imports i set
        total_rows = c.total, valid_rows = c.total - c.invalid, invalid_rows = c.invalid,
        created_rows = c.created, updated_rows = c.updated, unchanged_rows = c.unchanged, failed_rows = c.failed,
        processed_rows = c.total - c.pending, updated_at = ${now()}
      from (select count(*)::int as total,
          count(*) filter (where status = 'invalid')::int as invalid,
          count(*) filter (where status = 'created')::int as created,
          count(*) filter (where status = 'updated')::int as updated,
          count(*) filter (where status = 'unchanged')::int as unchanged,
          count(*) filter (where status = 'failed')::int as failed,
          count(*) filter (where status = 'valid')::int as pending
        from organizations.import_rows where import_id = ${importId}) c
      where i.id = ${importId}`.execute(db);
  };

  /** Group and level names of the school → ids; a group of the current school year wins over others. */
  async function structureIds(db: TIDb, schoolId: string) {
    const today = now().toISOString().slice(0, 10);
    const groups = await sql<{ id: string; name: string }>`
      select g.id, g.name from organizations.groups g
      left join organizations.school_years y on y.id = g.school_year_id
      where g.school_id = ${schoolId}
      order by (y.start_date <= ${today} and y.end_date >= ${today}) desc nulls last, (g.school_year_id is null) desc, g.created_at desc`.execute(
      db,
    );
    const levels = await db
      .selectFrom('organizations.levels')
      .select(['id', 'name'])
      .where('school_id', '=', schoolId)
      .execute();
    const groupIds = new Map<string, string>();
    for (const g of groups.rows) if (!groupIds.has(key(g.name))) groupIds.set(key(g.name), g.id);
    return { groupIds, levelIds: new Map(levels.map((l) => [key(l.name), l.id])) };
  }

  return {
    async load(ref: TImportRef): Promise<TImportJob | undefined> {
      return inTenant(ref.tenant, async (db) => {
        const row = await db
          .selectFrom('organizations.imports as i')
          .innerJoin('organizations.import_files as f', 'f.import_id', 'i.id')
          .select([
            'i.school_id',
            'i.created_by',
            'i.locale',
            'i.create_missing_groups',
            'i.status',
            'f.content',
          ])
          .where('i.id', '=', ref.importId)
          .executeTakeFirst();
        if (!row) return undefined;
        return {
          schoolId: row.school_id,
          actorId: row.created_by,
          locale: row.locale,
          createMissingGroups: row.create_missing_groups,
          status: row.status as TStudentImportStatus,
          file: row.content,
        };
      });
    },

    /** The school's group and level names, and its student numbers with the email last imported for them. */
    async schoolFacts(ref: TImportRef, schoolId: string) {
      return inTenant(ref.tenant, async (db) => {
        const { groupIds, levelIds } = await structureIds(db, schoolId);
        const numbers = await sql<{ student_number: string; email: string | null }>`
          select e.student_number, (select r.email from organizations.import_rows r
            where r.user_id = e.student_id order by r.import_id, r.row_number limit 1) as email
          from organizations.student_enrolments e where e.school_id = ${schoolId}`.execute(db);
        return {
          groups: new Set(groupIds.keys()),
          levels: new Set(levelIds.keys()),
          studentNumbers: new Map(numbers.rows.map((r) => [r.student_number, r.email ?? ''])),
        };
      });
    },

    async markRunning(ref: TImportRef): Promise<void> {
      await inTenant(ref.tenant, async (db) => {
        await db
          .updateTable('organizations.imports')
          .set({
            status: 'running',
            started_at: sql`coalesce(started_at, ${now()})`,
            failure: null,
            finished_at: null,
            updated_at: now(),
          })
          .where('id', '=', ref.importId)
          .where('status', 'in', ['pending', 'running', 'failed', 'cancelled'])
          .execute();
      });
    },

    /**
     * Replaces the import's rows with the validated ones (one transaction, so a retry starts clean);
     * rows without errors get a batch number in file order.
     */
    async saveRows(
      ref: TImportRef,
      rows: readonly TStudentImportRow[],
      options: { batchSize: number; parseMs: number },
    ) {
      return inTenant(ref.tenant, async (db) => {
        await db.deleteFrom('organizations.import_rows').where('import_id', '=', ref.importId).execute();
        let valid = 0;
        const values: Omit<TImportRowsTable, 'import_id' | 'tenant_id' | 'user_id'>[] = rows.map((r) => {
          const ok = r.errors.length === 0;
          const batch = ok ? Math.floor(valid++ / options.batchSize) : null;
          return {
            row_number: r.row,
            batch,
            status: ok ? 'valid' : 'invalid',
            first_name: r.values.first_name,
            last_name: r.values.last_name,
            email: r.values.email,
            student_number: r.values.student_number,
            group_name: r.values.group,
            level_name: r.values.level,
            errors: JSON.stringify(r.errors),
          };
        });
        // One array per column (unnest), not one parameter per cell: 50,000 rows stay a few statements.
        for (let i = 0; i < values.length; i += INSERT_CHUNK) {
          const chunk = values.slice(i, i + INSERT_CHUNK);
          const col = <K extends keyof (typeof chunk)[number]>(k: K) => chunk.map((v) => v[k]);
          await sql`insert into organizations.import_rows (import_id, tenant_id, row_number, batch, status,
              first_name, last_name, email, student_number, group_name, level_name, errors)
            select ${ref.importId}::uuid, ${ref.tenant}, v.* from unnest(${col('row_number')}::int[],
              ${col('batch')}::int[], ${col('status')}::text[], ${col('first_name')}::text[],
              ${col('last_name')}::text[], ${col('email')}::text[], ${col('student_number')}::text[],
              ${col('group_name')}::text[], ${col('level_name')}::text[], ${col('errors')}::jsonb[]) as v`.execute(
            db,
          );
        }
        const batchCount = Math.ceil(valid / options.batchSize);
        await db
          .updateTable('organizations.imports')
          .set({ batch_count: batchCount, parse_ms: options.parseMs })
          .where('id', '=', ref.importId)
          .execute();
        await recount(db, ref.importId);
        return { batchCount, total: rows.length, valid, invalid: rows.length - valid };
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
        const wanted = await db
          .selectFrom('organizations.import_rows')
          .select(['group_name', 'level_name'])
          .where('import_id', '=', ref.importId)
          .where('status', '=', 'valid')
          .orderBy('row_number')
          .execute();
        const { groupIds, levelIds } = await structureIds(db, schoolId);
        let levels = 0;
        let groups = 0;
        for (const { level_name } of wanted) {
          if (!level_name || levelIds.has(key(level_name))) continue;
          const level = await createLevel(ctx, actorId, { school_id: schoolId, name: level_name });
          levelIds.set(key(level_name), level.id);
          levels++;
        }
        const today = now().toISOString().slice(0, 10);
        const year = await db
          .selectFrom('organizations.school_years')
          .select('id')
          .where('start_date', '<=', today)
          .where('end_date', '>=', today)
          .executeTakeFirst();
        for (const { group_name, level_name } of wanted) {
          if (!group_name || groupIds.has(key(group_name))) continue;
          const group = await createGroup(ctx, actorId, schoolId, {
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
        const job = await db
          .selectFrom('organizations.imports')
          .select(['school_id', 'created_by', 'locale'])
          .where('id', '=', ref.importId)
          .executeTakeFirst();
        if (!job) return undefined;
        const rows = await db
          .selectFrom('organizations.import_rows')
          .select(['row_number', 'email', 'first_name', 'last_name'])
          .where('import_id', '=', ref.importId)
          .where('batch', '=', batch)
          .where('status', '=', 'valid')
          .orderBy('row_number')
          .execute();
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
        const rows = await db
          .selectFrom('organizations.import_rows')
          .select(['row_number', 'student_number', 'group_name', 'level_name'])
          .where('import_id', '=', ref.importId)
          .where('batch', '=', batch)
          .where('status', '=', 'valid')
          .orderBy('row_number')
          .execute();
        if (!rows.length) return;
        const { groupIds, levelIds } = await structureIds(db, schoolId);
        const userIds = rows.flatMap((r) => {
          const id = results.get(r.row_number)?.userId;
          return id ? [id] : [];
        });
        const enrolments = userIds.length
          ? await db
              .selectFrom('organizations.student_enrolments')
              .selectAll()
              .where('school_id', '=', schoolId)
              .where((eb) =>
                eb.or([
                  eb('student_id', '=', sql<string>`any(${userIds}::uuid[])`),
                  eb('student_number', '=', sql<string>`any(${rows.map((r) => r.student_number)}::text[])`),
                ]),
              )
              .execute()
          : [];
        const byStudent = new Map(enrolments.map((e) => [e.student_id, e]));
        const byNumber = new Map(enrolments.map((e) => [e.student_number, e]));
        const memberships = userIds.length
          ? await db
              .selectFrom('organizations.group_memberships')
              .select(['student_id', 'group_id'])
              .where('school_id', '=', schoolId)
              .where('student_id', '=', sql<string>`any(${userIds}::uuid[])`)
              .execute()
          : [];
        const groupOf = new Map(memberships.map((m) => [m.student_id, m.group_id]));
        const enrolmentUpserts: Insertable<TStudentEnrolmentsTable>[] = [];
        const membershipUpserts: Insertable<TGroupMembershipsTable>[] = [];
        const events: TEventInput<'organizations.group_membership.changed'>[] = [];
        const outcomes: {
          row: number;
          status: TStudentImportRowStatus;
          errors: TStudentImportRowError[];
          userId: string | null;
        }[] = [];

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
          if (
            !current ||
            current.student_number !== row.student_number ||
            (row.level_name && current.level_id !== levelId)
          ) {
            const values = {
              tenant_id: ref.tenant,
              school_id: schoolId,
              student_id: studentId,
              student_number: row.student_number,
              level_id: row.level_name ? levelId : (current?.level_id ?? null),
              created_at: now(),
              updated_at: now(),
            };
            enrolmentUpserts.push(values);
            if (current) byNumber.delete(current.student_number);
            byNumber.set(row.student_number, { ...values });
            changed = true;
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
          const status: TStudentImportRowStatus =
            result.outcome === 'created' ? 'created' : changed ? 'updated' : 'unchanged';
          outcomes.push({ row: row.row_number, status, errors: [], userId: studentId });
        }

        // One statement each for the batch (a student occurs once per file, so once per batch).
        if (enrolmentUpserts.length) {
          await db
            .insertInto('organizations.student_enrolments')
            .values(enrolmentUpserts)
            .onConflict((oc) =>
              oc.columns(['school_id', 'student_id']).doUpdateSet((eb) => ({
                student_number: eb.ref('excluded.student_number'),
                level_id: eb.ref('excluded.level_id'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        if (membershipUpserts.length) {
          await db
            .insertInto('organizations.group_memberships')
            .values(membershipUpserts)
            .onConflict((oc) =>
              oc.columns(['school_id', 'student_id']).doUpdateSet((eb) => ({
                group_id: eb.ref('excluded.group_id'),
                created_at: eb.ref('excluded.created_at'),
              })),
            )
            .execute();
        }
        await writeEvents(db as unknown as Kysely<unknown>, SCHEMA, events);
        if (outcomes.length) {
          // Arrays, not a VALUES list: four parameters for the batch instead of four per row.
          await sql`update organizations.import_rows r set status = v.status, errors = v.errors, user_id = v.user_id
            from unnest(${outcomes.map((o) => o.row)}::int[], ${outcomes.map((o) => o.status)}::text[],
              ${outcomes.map((o) => JSON.stringify(o.errors))}::jsonb[], ${outcomes.map((o) => o.userId)}::uuid[])
              as v(row_number, status, errors, user_id)
            where r.import_id = ${ref.importId} and r.row_number = v.row_number`.execute(db);
        }
        await recount(db, ref.importId);
      });
    },

    /** Final status and counts; `cancelling` ends as `cancelled`. */
    async finish(ref: TImportRef, status: TStudentImportStatus, failure?: string): Promise<TImportSummary> {
      return inTenant(ref.tenant, async (db) => {
        await recount(db, ref.importId);
        const row = await db
          .updateTable('organizations.imports')
          .set({ status, failure: failure ?? null, finished_at: now(), updated_at: now() })
          .where('id', '=', ref.importId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return {
          status,
          total: row.total_rows,
          valid: row.valid_rows,
          invalid: row.invalid_rows,
          created: row.created_rows,
          updated: row.updated_rows,
          unchanged: row.unchanged_rows,
          failed: row.failed_rows,
        };
      });
    },
  };
}

export type TImportStore = ReturnType<typeof createImportStore>;
