import type { Insertable, Selectable } from 'kysely';
import { versionedDocument, type TVersionsOf } from '@stageplein/kit/versioned/versioned-document';
import { SCHEMA, type TDb } from '../../database.ts';
import type { TContractTemplatesTable, TContractTemplateVersionsTable } from './templates.table.ts';

export type TTemplateRow = Selectable<TContractTemplatesTable>;
export type TTemplateVersionRow = Selectable<TContractTemplateVersionsTable>;

/** A template with its newest published version and its draft (either may be missing). */
export interface TTemplateWithVersions extends TVersionsOf<TTemplateVersionRow> {
  template: TTemplateRow;
}

export async function findTemplate(db: TDb, id: string, lock = false): Promise<TTemplateRow | undefined> {
  const q = db.selectFrom('placements.contract_templates').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function templatesOfSchool(db: TDb, schoolId: string): Promise<TTemplateRow[]> {
  return db
    .selectFrom('placements.contract_templates')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function insertTemplate(
  db: TDb,
  row: Insertable<TContractTemplatesTable>,
): Promise<TTemplateRow> {
  return db.insertInto('placements.contract_templates').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function renameTemplate(db: TDb, id: string, name: string, now: Date): Promise<TTemplateRow> {
  return db
    .updateTable('placements.contract_templates')
    .set({ name, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The template's versions (kit's versioned document): draft, published, frozen. */
export const templateVersions = versionedDocument<
  TTemplateVersionRow,
  'body_nl' | 'body_en' | 'company_fields' | 'signers'
>({
  schema: SCHEMA,
  table: 'contract_template_versions',
  parent: 'template_id',
  parentOf: (v) => v.template_id,
  content: ['body_nl', 'body_en', 'company_fields', 'signers'],
  errors: {
    published: 'contract_template_version_published',
    draftExists: 'contract_template_draft_exists',
    notPublished: 'contract_template_not_published',
  },
});

/**
 * The version new contracts of the school are generated from: the given template's newest published
 * version, or (no template named) the school's most recently published version of any template.
 */
export async function publishedVersionFor(
  db: TDb,
  schoolId: string,
  templateId?: string,
): Promise<{ template: TTemplateRow; version: TTemplateVersionRow } | undefined> {
  let q = db
    .selectFrom('placements.contract_template_versions as v')
    .innerJoin('placements.contract_templates as t', 't.id', 'v.template_id')
    .selectAll('v')
    .select([
      't.name as template_name',
      't.created_by as template_created_by',
      't.created_at as t_created',
      't.updated_at as t_updated',
    ])
    .where('t.school_id', '=', schoolId)
    .where('v.state', '=', 'published');
  if (templateId) q = q.where('t.id', '=', templateId).orderBy('v.version', 'desc');
  else q = q.orderBy('v.published_at', 'desc').orderBy('v.version', 'desc');
  const row = await q.limit(1).executeTakeFirst();
  if (!row) return undefined;
  const { template_name, template_created_by, t_created, t_updated, ...version } = row;
  return {
    version,
    template: {
      id: version.template_id,
      tenant_id: version.tenant_id,
      school_id: schoolId,
      name: template_name,
      created_by: template_created_by,
      created_at: t_created,
      updated_at: t_updated,
    },
  };
}
