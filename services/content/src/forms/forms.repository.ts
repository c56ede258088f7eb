import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TContentScope } from '@stageplein/contracts/content/content-policy';
import type { TFormPurpose } from '@stageplein/contracts/forms/forms-api';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage, filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../shared/request.ts';
import type { TFormSubmissionsTable, TFormsTable, TFormVersionsTable } from './forms.table.ts';

export type TFormRow = Selectable<TFormsTable>;
export type TFormVersionRow = Selectable<TFormVersionsTable>;
export type TFormSubmissionRow = Selectable<TFormSubmissionsTable>;
export type TFormWithCount = TFormRow & { submission_count: number };

const FORM_COLUMNS: Record<string, string> = {
  status: 'status',
  purpose: 'purpose',
  updated_at: 'updated_at',
  created_at: 'created_at',
};
const SUBMISSION_COLUMNS: Record<string, string> = { form_version: 'form_version', created_at: 'created_at' };

// Lookups name the tenant although RLS scopes them: seeds run on the owner connection, which may bypass RLS.
export const findForm = (db: TDb, tenantId: string, id: string) =>
  db
    .selectFrom('content.forms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The form a public token names (`contact`: the tenant's contact form). */
export const findFormByToken = (db: TDb, tenantId: string, token: string) =>
  db
    .selectFrom('content.forms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('public_token', '=', token)
    .executeTakeFirst();

/** The tenant's first form of `purpose` (the contact form: its only one). */
export const findFormOfPurpose = (db: TDb, tenantId: string, purpose: TFormPurpose) =>
  db
    .selectFrom('content.forms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('purpose', '=', purpose)
    .orderBy('created_at')
    .executeTakeFirst();

export async function submissionCounts(db: TDb, formIds: string[]): Promise<Map<string, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('content.form_submissions')
    .select(['form_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('form_id', 'in', formIds)
    .groupBy('form_id')
    .execute();
  return new Map(rows.map((r) => [r.form_id, Number(r.n)]));
}

/** Newest change first unless sorted otherwise; a School's admin sees only its School's forms. */
export async function listForms(
  db: TDb,
  query: TJsonApiQuery,
  scope: TContentScope,
): Promise<{ rows: TFormRow[]; total: number }> {
  const owned = scope.kind === 'organization' ? scope.organizationId : null;
  let counted = db.selectFrom('content.forms');
  if (owned) counted = counted.where('organization_id', '=', owned);
  for (const condition of filterConditions(query, FORM_COLUMNS)) counted = counted.where(condition);
  const { total } = await counted
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let selected = db.selectFrom('content.forms').selectAll();
  if (owned) selected = selected.where('organization_id', '=', owned);
  const rows = await applyPage(
    applyFiltersAndSort(selected, query, FORM_COLUMNS).orderBy('updated_at', 'desc').orderBy('id'),
    query,
  ).execute();
  return { rows, total: Number(total) };
}

export const insertForm = (db: TDb, values: Insertable<TFormsTable>) =>
  db.insertInto('content.forms').values(values).returningAll().executeTakeFirstOrThrow();

export const updateForm = (db: TDb, id: string, values: Updateable<TFormsTable>) =>
  db.updateTable('content.forms').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const insertVersion = (db: TDb, values: Insertable<TFormVersionsTable>) =>
  db.insertInto('content.form_versions').values(values).returningAll().executeTakeFirstOrThrow();

export const findVersion = (db: TDb, tenantId: string, formId: string, version: number) =>
  db
    .selectFrom('content.form_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('form_id', '=', formId)
    .where('version', '=', version)
    .executeTakeFirst();

export const insertSubmission = (db: TDb, values: Insertable<TFormSubmissionsTable>) =>
  db.insertInto('content.form_submissions').values(values).returningAll().executeTakeFirstOrThrow();

/** Whether a stored submission used this render token (its SHA-256). */
export const renderTokenUsed = async (db: TDb, tenantId: string, tokenHash: string) =>
  (await db
    .selectFrom('content.form_submissions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('render_token_hash', '=', tokenHash)
    .executeTakeFirst()) !== undefined;

export const findSubmission = (db: TDb, formId: string, id: string) =>
  db
    .selectFrom('content.form_submissions')
    .selectAll()
    .where('form_id', '=', formId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Newest first. */
export async function listSubmissions(
  db: TDb,
  formId: string,
  query: TJsonApiQuery,
): Promise<{ rows: TFormSubmissionRow[]; total: number }> {
  let counted = db.selectFrom('content.form_submissions').where('form_id', '=', formId);
  for (const condition of filterConditions(query, SUBMISSION_COLUMNS)) counted = counted.where(condition);
  const { total } = await counted
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await applyPage(
    applyFiltersAndSort(
      db.selectFrom('content.form_submissions').selectAll().where('form_id', '=', formId),
      query,
      SUBMISSION_COLUMNS,
    )
      .orderBy('created_at', 'desc')
      .orderBy('id'),
    query,
  ).execute();
  return { rows, total: Number(total) };
}

/** Every submission of a form, oldest first, with the definition of the version each answered (CSV export). */
export const allSubmissions = (db: TDb, formId: string) =>
  db
    .selectFrom('content.form_submissions')
    .selectAll()
    .where('form_id', '=', formId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(50_000)
    .execute();

export const versionsOf = (db: TDb, formId: string) =>
  db
    .selectFrom('content.form_versions')
    .selectAll()
    .where('form_id', '=', formId)
    .orderBy('version')
    .execute();

/** Per version of the form: how many submissions answered it. */
export async function submissionCountsByVersion(db: TDb, formId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('content.form_submissions')
    .select(['form_version', (eb) => eb.fn.countAll<string>().as('n')])
    .where('form_id', '=', formId)
    .groupBy('form_version')
    .execute();
  return new Map(rows.map((r) => [r.form_version, Number(r.n)]));
}
