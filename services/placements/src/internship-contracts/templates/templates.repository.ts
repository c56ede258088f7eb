import { sql, type Insertable, type Selectable } from 'kysely';
import type { TDb } from '../../database.ts';
import type { TContractTemplatesTable, TContractTemplateVersionsTable } from './templates.table.ts';

export type TTemplateRow = Selectable<TContractTemplatesTable>;
export type TTemplateVersionRow = Selectable<TContractTemplateVersionsTable>;

/** A template with its newest published version and its draft (either may be missing). */
export interface TTemplateWithVersions {
  template: TTemplateRow;
  published: TTemplateVersionRow | null;
  draft: TTemplateVersionRow | null;
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

/** Per template: the newest published version and the draft. */
export async function templateVersionsOf(
  db: TDb,
  templateIds: string[],
): Promise<Map<string, Omit<TTemplateWithVersions, 'template'>>> {
  const out = new Map<string, Omit<TTemplateWithVersions, 'template'>>();
  for (const id of templateIds) out.set(id, { published: null, draft: null });
  if (templateIds.length === 0) return out;
  const rows = await db
    .selectFrom('placements.contract_template_versions')
    .selectAll()
    .where('template_id', 'in', templateIds)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'draft'),
        eb(
          'version',
          '=',
          eb
            .selectFrom('placements.contract_template_versions as p')
            .select((e) => e.fn.max('p.version').as('v'))
            .whereRef('p.template_id', '=', 'placements.contract_template_versions.template_id')
            .where('p.state', '=', 'published'),
        ),
      ]),
    )
    .execute();
  for (const row of rows) {
    const entry = out.get(row.template_id)!;
    if (row.state === 'draft') entry.draft = row;
    else entry.published = row;
  }
  return out;
}

export async function findTemplateVersion(db: TDb, id: string): Promise<TTemplateVersionRow | undefined> {
  return db
    .selectFrom('placements.contract_template_versions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
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

/** jsonb values: Kysely would send an array as a PostgreSQL array. */
const json = <T>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;

type TVersionContent = Pick<TTemplateVersionRow, 'body_nl' | 'body_en' | 'company_fields' | 'signers'>;

export async function insertTemplateVersion(
  db: TDb,
  row: Omit<Insertable<TContractTemplateVersionsTable>, keyof TVersionContent> & TVersionContent,
): Promise<TTemplateVersionRow> {
  return db
    .insertInto('placements.contract_template_versions')
    .values({
      ...row,
      body_nl: json(row.body_nl),
      body_en: json(row.body_en),
      company_fields: json(row.company_fields),
      signers: json(row.signers),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDraftContent(
  db: TDb,
  id: string,
  content: TVersionContent,
  now: Date,
): Promise<TTemplateVersionRow> {
  return db
    .updateTable('placements.contract_template_versions')
    .set({
      body_nl: json(content.body_nl),
      body_en: json(content.body_en),
      company_fields: json(content.company_fields),
      signers: json(content.signers),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function publishTemplateVersion(
  db: TDb,
  id: string,
  by: string | null,
  now: Date,
): Promise<TTemplateVersionRow> {
  return db
    .updateTable('placements.contract_template_versions')
    .set({ state: 'published', published_by: by, published_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'draft')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function nextTemplateVersion(db: TDb, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('placements.contract_template_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return Number(row?.v ?? 0) + 1;
}

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
