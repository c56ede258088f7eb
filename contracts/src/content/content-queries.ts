import { DEFAULT_PAGE_SIZE, MENU_ITEM_PAGE_SIZE, type TQuerySpec } from '../jsonapi/jsonapi.ts';

// The content API's query specs, apart from content.ts's zod schemas (which re-exports them), so the
// back office's first load takes the contract's own lists instead of copies.

/**
 * What a public page is shown with, in the same call: `include=main_menu.items` gives each page or
 * article a `main_menu` relationship and includes the tenant's main menu with its items (the gateway's
 * first paint asks one call per page, docs/decisions/content.md "Portal rendering").
 */
export const MAIN_MENU_INCLUDES = ['main_menu', 'main_menu.items'] as const;

/** GET /api/v1/cms/menus: `include=items` gives each menu its items in menu order (one call for a menu). */
export const MENUS_QUERY: TQuerySpec = { includes: ['items'] };

/** GET /api/v1/cms/pages: `filter[slug_eq]=over-ons`; `filter[status_eq]=draft` for editors. */
export const PAGES_QUERY: TQuerySpec = {
  filters: { slug: ['eq', 'in'], status: ['eq'] },
  includes: MAIN_MENU_INCLUDES,
  sorts: ['slug', 'updated_at'],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: 100,
};

/** GET /api/v1/cms/menu_items: one page of spec §9's size; the portal filters by its main menu. */
export const MENU_ITEMS_QUERY: TQuerySpec = {
  filters: { menu_id: ['eq', 'in'], parent_id: ['eq', 'null'], link_type: ['eq'] },
  sorts: ['position'],
  defaultPageSize: MENU_ITEM_PAGE_SIZE,
  maxPageSize: MENU_ITEM_PAGE_SIZE,
};

/** Spec §9 names no news page size: the API's default, 25 articles a page. */
export const NEWS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const NEWS_QUERY: TQuerySpec = {
  filters: { slug: ['eq'], locale: ['eq'], status: ['eq'] },
  includes: MAIN_MENU_INCLUDES,
  defaultPageSize: NEWS_PAGE_SIZE,
  maxPageSize: 100,
};

/** GET /api/v1/cms/uploads (editors): newest first; `filter[kind_eq]=image`. */
export const UPLOADS_QUERY: TQuerySpec = {
  filters: { kind: ['eq'], content_type: ['eq'], hash: ['eq'] },
  sorts: ['created_at', 'name', 'byte_size'],
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: 100,
};

/** GET /api/v1/cms/stock_images: `filter[title_cont]=fiets`, 100 a page at most. */
export const STOCK_IMAGES_QUERY: TQuerySpec = {
  filters: { title: ['eq', 'cont'], license: ['eq'] },
  sorts: ['title', 'created_at'],
  defaultPageSize: 50,
  maxPageSize: 100,
};
