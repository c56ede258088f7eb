import { emit } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { nameTaken } from '../shared/school.ts';
import {
  deleteCatalogueRow,
  insertCatalogueRow,
  updateCatalogueRow,
  type TCatalogueRow,
  type TCatalogueTable,
} from './school-catalogue.repository.ts';

/** Which catalogue: its table and its events (`organizations.<type>.created|updated|deleted`). */
export interface TCatalogue extends TCatalogueTable {
  type: 'level' | 'tag';
}

/** Events of one catalogue carry `<type>_id`, the school and the name (contracts/events/organizations.ts). */
function announce(
  ctx: TCtx,
  actor: string,
  c: TCatalogue,
  verb: 'created' | 'updated' | 'deleted',
  row: TCatalogueRow,
) {
  const at = [ctx.db, ctx.tenant.id, actor] as const;
  const data = { school_id: row.school_id, name: row.name };
  return c.type === 'level'
    ? emit(...at, `organizations.level.${verb}`, row.id, { ...data, level_id: row.id })
    : emit(...at, `organizations.tag.${verb}`, row.id, { ...data, tag_id: row.id });
}

export async function createEntry(
  ctx: TCtx,
  actor: string,
  c: TCatalogue,
  input: { school_id: string; name: string; position?: number | undefined },
): Promise<TCatalogueRow> {
  const row = await insertCatalogueRow(ctx.db, c, {
    tenant_id: ctx.tenant.id,
    ...input,
    created_at: ctx.now,
    updated_at: ctx.now,
  }).catch((e: unknown) => Promise.reject(nameTaken(e)));
  await announce(ctx, actor, c, 'created', row);
  return row;
}

export async function changeEntry(
  ctx: TCtx,
  actor: string,
  c: TCatalogue,
  row: TCatalogueRow,
  input: { name?: string | undefined; position?: number | undefined },
): Promise<TCatalogueRow> {
  const updated = await updateCatalogueRow(ctx.db, c, row.id, { ...input, updated_at: ctx.now }).catch(
    (e: unknown) => Promise.reject(nameTaken(e)),
  );
  await announce(ctx, actor, c, 'updated', updated);
  return updated;
}

/** Groups of a deleted level keep existing without one (`on delete set null`). */
export async function removeEntry(
  ctx: TCtx,
  actor: string,
  c: TCatalogue,
  row: TCatalogueRow,
): Promise<void> {
  await deleteCatalogueRow(ctx.db, c, row.id);
  await announce(ctx, actor, c, 'deleted', row);
}
