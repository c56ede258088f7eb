import type { TMenuItemInput } from '@stageplein/contracts/content/content';
import { menuItemProblems, type TMenuItemCandidate } from '@stageplein/contracts/content/menu';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';
import {
  deleteMenuItem,
  findMenu,
  insertMenuItem,
  itemsAround,
  updateMenuItem,
  type TMenuItemRow,
} from './menus.repository.ts';

const invalid = (field: string) =>
  new ApiError('invalid_menu_item', {}, { pointer: `/data/attributes/${field}` });

const payload = (i: TMenuItemRow) => ({
  menu_item_id: i.id,
  menu_id: i.menu_id,
  parent_id: i.parent_id,
  link_type: i.link_type,
  path: i.path,
  system_page_id: i.system_page_id,
  position: i.position,
});
const subject = (i: TMenuItemRow) => ({ type: 'menu_item', id: i.id });

/**
 * The item as it would be stored, checked by contracts' menu rules (the portal builds the menu with the
 * same model). A content page keeps only its path, a system page only its id.
 */
async function checked(ctx: TCtx, candidate: TMenuItemCandidate): Promise<TMenuItemCandidate> {
  if (!(await findMenu(ctx.db, candidate.menuId))) throw invalid('menu_id');
  const item: TMenuItemCandidate = {
    ...candidate,
    path: candidate.linkType === 'content_page' ? (candidate.path?.trim() ?? null) : null,
    systemPageId: candidate.linkType === 'system' ? candidate.systemPageId : null,
  };
  const siblings = (await itemsAround(ctx.db, item.menuId, item.parentId)).map((s) => ({
    id: s.id,
    menuId: s.menu_id,
    parentId: s.parent_id,
  }));
  const [problem] = menuItemProblems(item, siblings);
  if (problem) throw invalid(problem.field);
  return item;
}

/** After the last item under the same parent unless a position is given. */
async function nextPosition(ctx: TCtx, menuId: string, parentId: string | null): Promise<number> {
  const { max } = await ctx.db
    .selectFrom('content.menu_items')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('menu_id', '=', menuId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirstOrThrow();
  return max === null ? 0 : Number(max) + 1;
}

export async function createMenuItem(
  ctx: TCtx,
  author: TChangeActor,
  input: TMenuItemInput,
): Promise<TMenuItemRow> {
  const item = await checked(ctx, {
    menuId: input.menu_id,
    parentId: input.parent_id ?? null,
    linkType: input.link_type,
    path: input.path ?? null,
    systemPageId: input.system_page_id ?? null,
  });
  const row = await insertMenuItem(ctx.db, {
    tenant_id: ctx.tenant.id,
    menu_id: item.menuId,
    parent_id: item.parentId,
    link_type: item.linkType,
    path: item.path,
    system_page_id: item.systemPageId,
    title: { [ctx.lang]: input.title },
    position: input.position ?? (await nextPosition(ctx, item.menuId, item.parentId)),
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await record(ctx, author, 'content.menu_item.created', subject(row), payload(row));
  return row;
}

/** Changes an item (the title in the request's language); it stays in its menu. */
export async function changeMenuItem(
  ctx: TCtx,
  author: TChangeActor,
  current: TMenuItemRow,
  changes: Partial<TMenuItemInput>,
): Promise<TMenuItemRow> {
  if (changes.menu_id !== undefined && changes.menu_id !== current.menu_id) throw invalid('menu_id');
  const item = await checked(ctx, {
    id: current.id,
    menuId: current.menu_id,
    parentId: changes.parent_id !== undefined ? changes.parent_id : current.parent_id,
    linkType: changes.link_type ?? current.link_type,
    path: changes.path !== undefined ? changes.path : current.path,
    systemPageId: changes.system_page_id !== undefined ? changes.system_page_id : current.system_page_id,
  });
  const row = await updateMenuItem(ctx.db, current.id, {
    parent_id: item.parentId,
    link_type: item.linkType,
    path: item.path,
    system_page_id: item.systemPageId,
    title: changes.title !== undefined ? { ...current.title, [ctx.lang]: changes.title } : current.title,
    position: changes.position ?? current.position,
    updated_at: ctx.now,
  });
  await record(ctx, author, 'content.menu_item.updated', subject(row), payload(row));
  return row;
}

/** Deletes an item with its sub-items, each with its own event. */
export async function removeMenuItem(ctx: TCtx, author: TChangeActor, item: TMenuItemRow): Promise<void> {
  for (const gone of await deleteMenuItem(ctx.db, item.id))
    await record(ctx, author, 'content.menu_item.deleted', subject(gone), payload(gone));
}
