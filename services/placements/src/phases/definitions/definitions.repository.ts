import type { Insertable, Selectable, Updateable } from 'kysely';
import { versionedDocument, type TVersionsOf } from '@stageplein/kit/versioned/versioned-document';
import type { TAssignmentStatus } from '@stageplein/contracts/placements/assignment-policy';
import type { TInternshipContractType } from '@stageplein/contracts/placements/internships';
import { SCHEMA, type TDb } from '../../database.ts';
import type { TWorkflowDefinitionsTable, TWorkflowVersionsTable } from './definitions.table.ts';

export type TDefinitionRow = Selectable<TWorkflowDefinitionsTable>;
export type TVersionRow = Selectable<TWorkflowVersionsTable>;

/** A definition with its newest published version and its draft (either may be missing). */
export interface TDefinitionWithVersions extends TVersionsOf<TVersionRow> {
  definition: TDefinitionRow;
}

export async function findDefinition(db: TDb, id: string): Promise<TDefinitionRow | undefined> {
  return db.selectFrom('placements.workflow_definitions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The definition row locked for a change (writers of one definition serialize on it). */
export async function lockDefinition(db: TDb, id: string): Promise<TDefinitionRow | undefined> {
  return db
    .selectFrom('placements.workflow_definitions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function definitionsOfSchool(db: TDb, schoolId: string): Promise<TDefinitionRow[]> {
  return db
    .selectFrom('placements.workflow_definitions')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('contract_type')
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The definition's versions (kit's versioned document): draft, published, frozen. */
export const workflowVersions = versionedDocument<TVersionRow, 'phases'>({
  schema: SCHEMA,
  table: 'workflow_versions',
  parent: 'definition_id',
  parentOf: (v) => v.definition_id,
  content: ['phases'],
  errors: {
    published: 'workflow_version_published',
    draftExists: 'workflow_draft_exists',
    notPublished: 'workflow_not_published',
  },
});

export const findVersion = workflowVersions.find;

export async function insertDefinition(
  db: TDb,
  row: Insertable<TWorkflowDefinitionsTable>,
): Promise<TDefinitionRow> {
  return db
    .insertInto('placements.workflow_definitions')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDefinition(
  db: TDb,
  id: string,
  changes: Updateable<TWorkflowDefinitionsTable>,
): Promise<TDefinitionRow> {
  return db
    .updateTable('placements.workflow_definitions')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Clears the school's default for the kind (before another becomes it). */
export async function clearDefault(
  db: TDb,
  schoolId: string,
  contractType: TInternshipContractType,
  now: Date,
) {
  await db
    .updateTable('placements.workflow_definitions')
    .set({ is_default: false, updated_at: now })
    .where('school_id', '=', schoolId)
    .where('contract_type', '=', contractType)
    .where('is_default', '=', true)
    .execute();
}

export async function hasDefault(
  db: TDb,
  schoolId: string,
  contractType: TInternshipContractType,
): Promise<boolean> {
  const row = await db
    .selectFrom('placements.workflow_definitions')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('contract_type', '=', contractType)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return !!row;
}

/**
 * The published version new internships of the school and kind start with: the newest published
 * version of the school's default definition for that kind (undefined: none).
 */
export async function defaultPublishedVersion(
  db: TDb,
  schoolId: string,
  contractType: TInternshipContractType,
): Promise<TVersionRow | undefined> {
  return db
    .selectFrom('placements.workflow_versions as v')
    .innerJoin('placements.workflow_definitions as d', 'd.id', 'v.definition_id')
    .selectAll('v')
    .where('d.school_id', '=', schoolId)
    .where('d.contract_type', '=', contractType)
    .where('d.is_default', '=', true)
    .where('v.state', '=', 'published')
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Phase-scoped evaluation templates of the school, by phase id (the ids a definition's tasks may name). */
export async function phaseTemplates(db: TDb, schoolId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('placements.evaluation_templates')
    .select(['id', 'scope_id'])
    .where('school_id', '=', schoolId)
    .where('scope_kind', '=', 'phase')
    .where('id', 'in', ids)
    .execute();
}

/** The school's assignments among `ids`. */
export async function assignmentsOfSchool(
  db: TDb,
  schoolId: string,
  ids: string[],
): Promise<Map<string, TAssignmentStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('placements.assignments')
    .select(['id', 'status'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}
