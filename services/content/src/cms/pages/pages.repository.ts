import { sql, type Insertable, type Selectable } from 'kysely';
import { executePrepared } from '@stageplein/kit/db/prepared-statements';
import type { TContentLocale } from '@stageplein/contracts/content/content';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { filterConditions } from '@stageplein/kit/jsonapi/apply-query';
import { MAIN_MENU_JSON, type TMainMenu } from '../menus/menus.repository.ts';
import type { TDb } from '../../shared/request.ts';
import type { TPageLocalesTable, TPageRevisionsTable, TPagesTable } from './pages.table.ts';

export type TPageRow = Selectable<TPagesTable>;
export type TRevisionRow = Selectable<TPageRevisionsTable>;
export type TLocaleRow = Selectable<TPageLocalesTable>;

/** Which text of a page a reader gets: the live one, or an editor's latest save. */
export type TVersion = 'published' | 'draft';

/** A page with the revision shown for one language. */
export interface TPageView {
  page: TPageRow;
  locale: TLocaleRow;
  revision: TRevisionRow;
}

const PAGE_COLUMNS: Record<string, string> = { slug: 'p.slug', updated_at: 'p.updated_at' };

export const findPage = (db: TDb, id: string) =>
  db.selectFrom('content.pages').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPage = (db: TDb, values: Insertable<TPagesTable>) =>
  db.insertInto('content.pages').values(values).returningAll().executeTakeFirstOrThrow();

export const updatePage = (db: TDb, id: string, values: Partial<Insertable<TPagesTable>>) =>
  db.updateTable('content.pages').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deletePage = (db: TDb, id: string) =>
  db.deleteFrom('content.pages').where('id', '=', id).execute();

export const insertRevision = (db: TDb, values: Insertable<TPageRevisionsTable>) =>
  db.insertInto('content.page_revisions').values(values).returningAll().executeTakeFirstOrThrow();

export const findRevision = (db: TDb, id: string) =>
  db.selectFrom('content.page_revisions').selectAll().where('id', '=', id).executeTakeFirst();

export const findLocale = (db: TDb, pageId: string, locale: TContentLocale) =>
  db
    .selectFrom('content.page_locales')
    .selectAll()
    .where('page_id', '=', pageId)
    .where('locale', '=', locale)
    .executeTakeFirst();

export async function upsertLocale(db: TDb, row: TLocaleRow): Promise<void> {
  const { tenant_id: _tenant, page_id: _page, locale: _locale, ...changes } = row;
  await db
    .insertInto('content.page_locales')
    .values(row)
    .onConflict((oc) => oc.columns(['page_id', 'locale']).doUpdateSet(changes))
    .execute();
}

/** A page's revisions, newest first. */
export const listRevisions = (db: TDb, pageId: string) =>
  db
    .selectFrom('content.page_revisions')
    .selectAll()
    .where('page_id', '=', pageId)
    .orderBy('seq', 'desc')
    .execute();

export const localesOf = (db: TDb, pageId: string) =>
  db.selectFrom('content.page_locales').selectAll().where('page_id', '=', pageId).execute();

const revisionColumn = (version: TVersion) =>
  version === 'published' ? 'l.published_revision_id' : 'l.draft_revision_id';

/**
 * The revision each page shows in `lang`: that language's, else nl's (spec: fallback to nl). Published
 * views need a live revision; draft views show the latest save.
 */
export async function viewsOf(
  db: TDb,
  pages: readonly TPageRow[],
  lang: TContentLocale,
  version: TVersion,
): Promise<TPageView[]> {
  if (!pages.length) return [];
  const rows = await db
    .selectFrom('content.page_locales as l')
    .innerJoin('content.page_revisions as r', 'r.id', revisionColumn(version))
    .selectAll('l')
    .select([
      'r.id as r_id',
      'r.seq',
      'r.title',
      'r.seo_description',
      'r.body',
      'r.body_html',
      'r.author_id',
      'r.created_at as r_created_at',
    ])
    .where(
      'l.page_id',
      'in',
      pages.map((p) => p.id),
    )
    .where('l.locale', 'in', [lang, 'nl'])
    .execute();
  return pages.flatMap((page) => {
    const mine = rows.filter((r) => r.page_id === page.id);
    const row = mine.find((r) => r.locale === lang) ?? mine.find((r) => r.locale === 'nl');
    if (!row) return [];
    const { r_id, seq, title, seo_description, body, body_html, author_id, r_created_at, ...locale } = row;
    const revision: TRevisionRow = {
      id: r_id,
      seq,
      tenant_id: row.tenant_id,
      page_id: page.id,
      locale: row.locale,
      title,
      seo_description,
      body,
      body_html,
      author_id,
      created_at: r_created_at,
    };
    return [{ page, locale, revision }];
  });
}

/** A page's row as the list reads it: the page, its shown locale and revision, the total, the menu. */
interface TListRow extends TPageRow {
  locale: TContentLocale;
  draft_revision_id: string;
  published_revision_id: string | null;
  published_at: Date | null;
  r_id: string;
  seq: number;
  title: string;
  seo_description: string | null;
  body: TRevisionRow['body'];
  body_html: string;
  author_id: string | null;
  r_created_at: Date;
  total: string;
  main_menu?: TMainMenu | null;
}

/**
 * A page of pages (slug order unless sorted), only those with a text to show in this version, each with
 * that text (`viewsOf`'s choice: the language's, else nl's), the total and, with `mainMenu`, the main
 * menu: one statement, planned once per connection — what a visitor's page costs the database.
 */
export async function listPages(
  db: TDb,
  query: TJsonApiQuery,
  lang: TContentLocale,
  version: TVersion,
  options: { mainMenu?: boolean } = {},
): Promise<{ views: TPageView[]; total: number; mainMenu: TMainMenu | null | undefined }> {
  const filters = { ...query, filters: query.filters.filter((f) => f.attribute !== 'status') };
  const conditions = filterConditions(filters, PAGE_COLUMNS);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // The text each page shows: a join per page to its language's row, else nl's (the language first),
  // with the revision of this version; a page without one is no row.
  const shown = sql`from content.pages p
    cross join lateral (
      select l.locale, l.draft_revision_id, l.published_revision_id, l.published_at,
        r.id as r_id, r.seq, r.title, r.seo_description, r.body, r.body_html, r.author_id,
        r.created_at as r_created_at
      from content.page_locales l
      join content.page_revisions r on r.id = ${sql.ref(revisionColumn(version))}
      where l.page_id = p.id and l.locale in (${lang}, 'nl')
      order by l.locale = ${lang} desc
      limit 1
    ) v
    ${where}`;
  const order = [
    ...query.sort.flatMap((s) =>
      PAGE_COLUMNS[s.attribute]
        ? [sql`${sql.ref(PAGE_COLUMNS[s.attribute]!)} ${sql.raw(s.descending ? 'desc' : 'asc')}`]
        : [],
    ),
    sql`p.slug`,
  ];
  // The total beside each row (a window over every match, before the page is cut): one statement less
  // on every public page. A page past the end has no row to carry it, so only then is it counted alone.
  const rows = await executePrepared(
    db,
    sql<TListRow>`select p.*, v.*, count(*) over () as total
      ${options.mainMenu ? sql`, ${MAIN_MENU_JSON} as main_menu` : sql``}
      ${shown}
      order by ${sql.join(order)}
      limit ${query.page.size} offset ${(query.page.number - 1) * query.page.size}`,
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : query.page.number === 1
      ? 0
      : Number((await sql<{ total: string }>`select count(*) as total ${shown}`.execute(db)).rows[0]!.total);
  const views = rows.map((row): TPageView => {
    const { id, tenant_id, slug, created_at, updated_at } = row;
    return {
      page: { id, tenant_id, slug, created_at, updated_at },
      locale: {
        tenant_id,
        page_id: id,
        locale: row.locale,
        draft_revision_id: row.draft_revision_id,
        published_revision_id: row.published_revision_id,
        published_at: row.published_at,
      },
      revision: {
        id: row.r_id,
        seq: row.seq,
        tenant_id,
        page_id: id,
        locale: row.locale,
        title: row.title,
        seo_description: row.seo_description,
        body: row.body,
        body_html: row.body_html,
        author_id: row.author_id,
        created_at: row.r_created_at,
      },
    };
  });
  // No row, no menu to show it with (and none read when there is no row to carry it).
  return { views, total, mainMenu: options.mainMenu ? (rows[0]?.main_menu ?? null) : undefined };
}
