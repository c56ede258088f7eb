import type { TMailKind, TMailTemplateTexts } from '@stageplein/contracts/notifications/mail-templates';
import type { TDb } from '../shared/request.ts';
import type { TMailTemplateRow } from './mail-templates.table.ts';
import './mail-templates.table.ts';

/** The tenant's own templates (RLS: the transaction's tenant only). */
export const tenantTemplates = (db: TDb): Promise<TMailTemplateRow[]> =>
  db.selectFrom('notifications.mail_templates').selectAll().execute();

export const tenantTemplateOf = (db: TDb, kind: TMailKind): Promise<TMailTemplateRow | undefined> =>
  db.selectFrom('notifications.mail_templates').selectAll().where('kind', '=', kind).executeTakeFirst();

export async function saveTenantTemplate(
  db: TDb,
  row: {
    tenant_id: string;
    kind: TMailKind;
    updated_by: string | null;
    updated_at: Date;
  } & TMailTemplateTexts,
): Promise<TMailTemplateRow> {
  const { tenant_id: _tenant, kind: _kind, ...changes } = row;
  return db
    .insertInto('notifications.mail_templates')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'kind']).doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteTenantTemplate = (db: TDb, kind: TMailKind) =>
  db.deleteFrom('notifications.mail_templates').where('kind', '=', kind).executeTakeFirst();
