import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../../shared/request.ts';
import type { TFormFilesTable } from './form-files.table.ts';

export type TFormFileRow = Selectable<TFormFilesTable>;

export const insertFormFile = (db: TDb, values: Insertable<TFormFilesTable>) =>
  db.insertInto('content.form_files').values(values).returningAll().executeTakeFirstOrThrow();

/**
 * The file `id` if it was uploaded for this form's question `fieldId` and no submission has named it
 * yet, locked until the transaction ends (two submissions naming one file: the second finds it used).
 */
export const findUnusedFormFile = (db: TDb, formId: string, fieldId: string, id: string) =>
  db
    .selectFrom('content.form_files')
    .selectAll()
    .where('form_id', '=', formId)
    .where('field_id', '=', fieldId)
    .where('id', '=', id)
    .where('submission_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export const attachFormFiles = (db: TDb, ids: string[], submissionId: string) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .updateTable('content.form_files')
        .set({ submission_id: submissionId })
        .where('id', 'in', ids)
        .where('submission_id', 'is', null)
        .execute();

/** A submitted file of the form (editors download only what a submission named). */
export const findSubmittedFormFile = (db: TDb, formId: string, id: string) =>
  db
    .selectFrom('content.form_files')
    .selectAll()
    .where('form_id', '=', formId)
    .where('id', '=', id)
    .where('submission_id', 'is not', null)
    .executeTakeFirst();

/** The files of these submissions. */
export const filesOfSubmissions = (db: TDb, submissionIds: string[]) =>
  submissionIds.length === 0
    ? Promise.resolve([] as TFormFileRow[])
    : db.selectFrom('content.form_files').selectAll().where('submission_id', 'in', submissionIds).execute();

/** Files no submission named, uploaded before `before`, oldest first (the cleanup's batch). */
export const unusedFormFiles = (db: TDb, tenantId: string, before: Date, limit: number) =>
  db
    .selectFrom('content.form_files')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('submission_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();

export const deleteFormFile = (db: TDb, id: string) =>
  db.deleteFrom('content.form_files').where('id', '=', id).where('submission_id', 'is', null).execute();
