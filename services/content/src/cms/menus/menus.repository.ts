import { sql, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { MAIN_MENU_SLUG } from '@stageplein/contracts/content/menu';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../../shared/request.ts';
import type { TMenuItemsTable, TMenusTable } from './menus.table.ts';

export type TMenuRow = Selectable<TMenusTable>;
export type TMenuItemRow = Selectable<TMenuItemsTable>;

const ITEM_COLUMNS: Record<string, string> = {
  menu_id: 'menu_id',
  parent_id: 'parent_id',
  link_type: 'link_type',
  position: 'position',
};

export const listMenus = (db: TDb) => db.selectFrom('content.menus').selectAll().orderBy('slug').execute();

/** What a menu's items are shown with (menus.serialize.ts `menuItemResource`). */
export type TShownMenuItem = Pick<
  TMenuItemRow,
  'id' | 'menu_id' | 'parent_id' | 'link_type' | 'path' | 'system_page_id' | 'title' | 'position'
>;

/**
 * Menus (every one, or the one with `slug`) with their items in menu order (as listMenuItems): what a
 * page is shown with, in one statement (the items as a JSON array beside each menu).
 */
export async function menusWithItems(
  db: TDb,
  slug?: string,
): Promise<{ menu: TMenuRow; items: TShownMenuItem[] }[]> {
  const rows = await db
    .selectFrom('content.menus as m')
    .selectAll('m')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('content.menu_items as i')
          .select([
            'i.id',
            'i.menu_id',
            'i.parent_id',
            'i.link_type',
            'i.path',
            'i.system_page_id',
            'i.title',
            'i.position',
          ])
          .whereRef('i.menu_id', '=', 'm.id')
          .orderBy('i.position')
          .orderBy('i.created_at')
          .orderBy('i.id'),
      ).as('items'),
    )
    .$if(slug !== undefined, (q) => q.where('m.slug', '=', slug!))
    .orderBy('m.slug')
    .execute();
  return rows.map(({ items, ...menu }) => ({ menu, items }));
}

/** Whether `include` asks for the main menu (contracts' MAIN_MENU_INCLUDES). */
export const wantsMainMenu = (include: readonly string[]) =>
  include.some((i) => i === 'main_menu' || i === 'main_menu.items');

/** The main menu with its items, as a page or an article is shown with it. */
export interface TMainMenu {
  menu: Pick<TMenuRow, 'id' | 'slug'>;
  items: TShownMenuItem[];
}

/**
 * The main menu with its items in menu order (as `menusWithItems`) as one JSON value, or null: a
 * column of the statement that reads the pages or articles it is shown with, so a public page is one
 * statement. PostgreSQL evaluates it once per statement (an uncorrelated subquery), not per row.
 */
export const MAIN_MENU_JSON: RawBuilder<TMainMenu | null> = sql<TMainMenu | null>`(
  select json_build_object(
    'menu', json_build_object('id', m.id, 'slug', m.slug),
    'items', coalesce((
      select json_agg(json_build_object(
        'id', i.id, 'menu_id', i.menu_id, 'parent_id', i.parent_id, 'link_type', i.link_type,
        'path', i.path, 'system_page_id', i.system_page_id, 'title', i.title, 'position', i.position
      ) order by i.position, i.created_at, i.id)
      from content.menu_items i where i.menu_id = m.id), '[]'))
  from content.menus m where m.slug = ${sql.lit(MAIN_MENU_SLUG)})`;

export const findMenu = (db: TDb, id: string) =>
  db.selectFrom('content.menus').selectAll().where('id', '=', id).executeTakeFirst();

export const insertMenu = (db: TDb, values: Insertable<TMenusTable>) =>
  db.insertInto('content.menus').values(values).returningAll().executeTakeFirstOrThrow();

export const findMenuItem = (db: TDb, id: string) =>
  db.selectFrom('content.menu_items').selectAll().where('id', '=', id).executeTakeFirst();

/** A menu's items, and the item named as parent wherever it is (for the write rules). */
export const itemsAround = (db: TDb, menuId: string, parentId: string | null) =>
  db
    .selectFrom('content.menu_items')
    .selectAll()
    .where((eb) => eb.or([eb('menu_id', '=', menuId), ...(parentId ? [eb('id', '=', parentId)] : [])]))
    .execute();

/** Items in menu order: by position, then creation (a stable order for equal positions). */
export async function listMenuItems(
  db: TDb,
  query: TJsonApiQuery,
): Promise<{ rows: TMenuItemRow[]; total: number }> {
  const filtered = applyFiltersAndSort(
    db.selectFrom('content.menu_items'),
    { ...query, sort: [] },
    ITEM_COLUMNS,
  );
  const { total } = await filtered
    // A count has no order (an ORDER BY of the list would need a GROUP BY here).
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await applyPage(
    filtered.selectAll().orderBy('menu_id').orderBy('position').orderBy('created_at').orderBy('id'),
    query,
  ).execute();
  return { rows, total: Number(total) };
}

export const insertMenuItem = (db: TDb, values: Insertable<TMenuItemsTable>) =>
  db.insertInto('content.menu_items').values(values).returningAll().executeTakeFirstOrThrow();

export const updateMenuItem = (db: TDb, id: string, values: Updateable<TMenuItemsTable>) =>
  db
    .updateTable('content.menu_items')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deletes an item and its sub-items; returns what went, sub-items first. */
export async function deleteMenuItem(db: TDb, id: string): Promise<TMenuItemRow[]> {
  const children = await db
    .deleteFrom('content.menu_items')
    .where('parent_id', '=', id)
    .returningAll()
    .execute();
  const item = await db.deleteFrom('content.menu_items').where('id', '=', id).returningAll().execute();
  return [...children, ...item];
}
