import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { record } from '../shared/events.ts';
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
  caller: TChangeActor,
  c: TCatalogue,
  verb: 'created' | 'updated' | 'deleted',
  row: TCatalogueRow,
) {
  const data = { school_id: row.school_id, name: row.name };
  const subject = { type: c.type, id: row.id };
  return c.type === 'level'
    ? record(ctx, caller, `organizations.level.${verb}`, subject, { ...data, level_id: row.id })
    : record(ctx, caller, `organizations.tag.${verb}`, subject, { ...data, tag_id: row.id });
}

export async function createEntry(
  ctx: TCtx,
  caller: TChangeActor,
  c: TCatalogue,
  input: { school_id: string; name: string; position?: number | undefined },
): Promise<TCatalogueRow> {
  const row = await insertCatalogueRow(ctx.db, c, {
    tenant_id: ctx.tenant.id,
    ...input,
    created_at: ctx.now,
    updated_at: ctx.now,
  }).catch((e: unknown) => Promise.reject(nameTaken(e)));
  await announce(ctx, caller, c, 'created', row);
  return row;
}

export async function changeEntry(
  ctx: TCtx,
  caller: TChangeActor,
  c: TCatalogue,
  row: TCatalogueRow,
  input: { name?: string | undefined; position?: number | undefined },
): Promise<TCatalogueRow> {
  const updated = await updateCatalogueRow(ctx.db, c, row.id, { ...input, updated_at: ctx.now }).catch(
    (e: unknown) => Promise.reject(nameTaken(e)),
  );
  await announce(ctx, caller, c, 'updated', updated);
  return updated;
}

/** Groups of a deleted level keep existing without one (`on delete set null`). */
export async function removeEntry(
  ctx: TCtx,
  caller: TChangeActor,
  c: TCatalogue,
  row: TCatalogueRow,
): Promise<void> {
  await deleteCatalogueRow(ctx.db, c, row.id);
  await announce(ctx, caller, c, 'deleted', row);
}
