import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../database.ts';
import type {
  TEvaluationResponsesTable,
  TEvaluationsTable,
  TEvaluationTemplatesTable,
} from './evaluations.table.ts';

export type TTemplateRow = Selectable<TEvaluationTemplatesTable> & {
  internship_period_name: string | null;
  opened_count: number;
};
export type TEvaluationRow = Selectable<TEvaluationsTable>;
export type TResponseRow = Selectable<TEvaluationResponsesTable>;

function templates(db: TDb) {
  return db
    .selectFrom('placements.evaluation_templates as t')
    .leftJoin('placements.internship_periods as p', (j) =>
      j.onRef('p.id', '=', 't.scope_id').on('t.scope_kind', '=', 'internship_period'),
    )
    .selectAll('t')
    .select((eb) => [
      'p.name as internship_period_name',
      eb
        .selectFrom('placements.evaluations as e')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('e.template_id', '=', 't.id')
        .as('opened_count'),
    ]);
}

const withCount = <T extends { opened_count: number | string | null }>(row: T) => ({
  ...row,
  opened_count: Number(row.opened_count ?? 0),
});

/** The school's period templates (of one period), or a workflow phase's (docs/decisions/phases.md). */
export async function listTemplates(
  db: TDb,
  schoolId: string,
  scope: { internship_period_id?: string; phase_id?: string },
): Promise<TTemplateRow[]> {
  let q = templates(db)
    .where('t.school_id', '=', schoolId)
    .where('t.scope_kind', '=', scope.phase_id ? 'phase' : 'internship_period');
  const scopeId = scope.phase_id ?? scope.internship_period_id;
  if (scopeId) q = q.where('t.scope_id', '=', scopeId);
  return (await q.orderBy('t.created_at', 'desc').orderBy('t.id').execute()).map(withCount);
}

/**
 * Whether a version (draft or published) of one of the school's workflow definitions has a phase with
 * this id. The phases group's tables, read through the one schema (docs/decisions/placements.md: a group
 * below reads, never imports, one above).
 */
export async function isPhaseOfSchool(db: TDb, schoolId: string, phaseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.workflow_versions as v')
    .innerJoin('placements.workflow_definitions as d', 'd.id', 'v.definition_id')
    .select('v.id')
    .where('d.school_id', '=', schoolId)
    .where(sql<boolean>`v.phases @> jsonb_build_array(jsonb_build_object('id', ${phaseId}::text))`)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function findTemplate(db: TDb, id: string): Promise<TTemplateRow | undefined> {
  const row = await templates(db).where('t.id', '=', id).executeTakeFirst();
  return row && withCount(row);
}

/** The template of an internship period (one per period). */
export async function templateOfPeriod(db: TDb, periodId: string): Promise<TTemplateRow | undefined> {
  const row = await templates(db)
    .where('t.scope_kind', '=', 'internship_period')
    .where('t.scope_id', '=', periodId)
    .executeTakeFirst();
  return row && withCount(row);
}

/** The school's template of a workflow phase (one per phase; scope kind `phase`, scope id the phase's id). */
export async function templateOfPhase(
  db: TDb,
  schoolId: string,
  phaseId: string,
): Promise<TTemplateRow | undefined> {
  const row = await templates(db)
    .where('t.scope_kind', '=', 'phase')
    .where('t.scope_id', '=', phaseId)
    .where('t.school_id', '=', schoolId)
    .executeTakeFirst();
  return row && withCount(row);
}

/** Whether the internship's evaluation from this template was opened. */
export const openedFrom = async (db: TDb, internshipId: string, templateId: string): Promise<boolean> =>
  !!(await db
    .selectFrom('placements.evaluations')
    .select('id')
    .where('internship_id', '=', internshipId)
    .where('template_id', '=', templateId)
    .executeTakeFirst());

export async function insertTemplate(db: TDb, row: Insertable<TEvaluationTemplatesTable>): Promise<string> {
  const { id } = await db
    .insertInto('placements.evaluation_templates')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'scope_kind', 'scope_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
    .then((r) => r ?? { id: '' });
  return id;
}

export async function updateTemplate(
  db: TDb,
  id: string,
  changes: Updateable<TEvaluationTemplatesTable>,
): Promise<void> {
  await db.updateTable('placements.evaluation_templates').set(changes).where('id', '=', id).execute();
}

/** The period as a template needs it (the school's read model of organizations' periods). */
export const findPeriod = (db: TDb, id: string) =>
  db
    .selectFrom('placements.internship_periods')
    .select(['id', 'school_id', 'name'])
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();

/** The internship's evaluation (the newest, should phases ever give it several). */
export async function evaluationOf(
  db: TDb,
  internshipId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TEvaluationRow | undefined> {
  let q = db
    .selectFrom('placements.evaluations')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .orderBy('opened_at', 'desc')
    .limit(1);
  if (options.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function insertEvaluation(
  db: TDb,
  row: Insertable<TEvaluationsTable>,
): Promise<TEvaluationRow | undefined> {
  return db
    .insertInto('placements.evaluations')
    .values(row)
    .onConflict((oc) => oc.columns(['internship_id', 'template_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setLinkSent(db: TDb, id: string, at: Date): Promise<void> {
  await db.updateTable('placements.evaluations').set({ link_sent_at: at }).where('id', '=', id).execute();
}

export async function insertResponses(db: TDb, rows: Insertable<TEvaluationResponsesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('placements.evaluation_responses').values(rows).execute();
}

export async function responsesOf(db: TDb, evaluationId: string): Promise<TResponseRow[]> {
  return db
    .selectFrom('placements.evaluation_responses')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .execute();
}

export async function submitResponse(
  db: TDb,
  id: string,
  changes: Pick<
    Updateable<TEvaluationResponsesTable>,
    'answers' | 'score' | 'submitted_by' | 'submitted_at' | 'updated_at'
  >,
): Promise<void> {
  await db
    .updateTable('placements.evaluation_responses')
    .set({ ...changes, state: 'submitted' })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .execute();
}

/** The running internships of a school's period, for opening their evaluations at once. */
export const internshipsOfPeriod = (
  db: TDb,
  schoolId: string,
  periodId: string,
  statuses: readonly string[],
) =>
  db
    .selectFrom('placements.internships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('internship_period_id', '=', periodId)
    .where('status', 'in', statuses as never[])
    .orderBy('id')
    .execute();
