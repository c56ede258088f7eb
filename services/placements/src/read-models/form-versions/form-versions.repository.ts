import { ZFormDefinition, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import type { TFormPurpose } from '@stageplein/contracts/forms/forms-api';
import type { TDb } from '../../database.ts';

export interface TFormVersion {
  form_id: string;
  version: number;
  purpose: TFormPurpose;
  definition: TFormDefinition;
  published_at: Date;
  archived: boolean;
}

const columns = ['v.form_id', 'v.version', 'v.purpose', 'v.definition', 'v.published_at'] as const;

/** One frozen version (archived forms included: answers are read against the version they answered). */
export async function findFormVersion(
  db: TDb,
  tenantId: string,
  formId: string,
  version: number,
): Promise<TFormVersion | undefined> {
  const row = await db
    .selectFrom('placements.form_versions as v')
    .leftJoin('placements.archived_forms as a', (j) =>
      j.onRef('a.tenant_id', '=', 'v.tenant_id').onRef('a.form_id', '=', 'v.form_id'),
    )
    .select([...columns, 'a.form_id as archived_id'])
    .where('v.tenant_id', '=', tenantId)
    .where('v.form_id', '=', formId)
    .where('v.version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  const { archived_id, ...version_ } = row;
  return { ...version_, definition: ZFormDefinition.parse(row.definition), archived: archived_id !== null };
}

/** What may be chosen now: the newest version of every form of `purpose` that is not archived, by title. */
export async function latestPublishedForms(
  db: TDb,
  tenantId: string,
  purpose: TFormPurpose,
): Promise<TFormVersion[]> {
  const rows = await db
    .selectFrom('placements.form_versions as v')
    .select(columns)
    .distinctOn('v.form_id')
    .where('v.tenant_id', '=', tenantId)
    .where('v.purpose', '=', purpose)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('placements.archived_forms as a')
            .select('a.form_id')
            .whereRef('a.tenant_id', '=', 'v.tenant_id')
            .whereRef('a.form_id', '=', 'v.form_id'),
        ),
      ),
    )
    .orderBy('v.form_id')
    .orderBy('v.version', 'desc')
    .execute();
  return rows
    .map((r) => ({ ...r, definition: ZFormDefinition.parse(r.definition), archived: false }))
    .sort((a, b) => a.definition.title.nl.localeCompare(b.definition.title.nl, 'nl'));
}
