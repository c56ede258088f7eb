import { sql, type Insertable, type Selectable } from 'kysely';
import type { TContentLocale } from '@stageplein/contracts/content/content';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
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

/** A page of pages (slug order unless sorted), only those with a text to show in this version. */
export async function listPages(
  db: TDb,
  query: TJsonApiQuery,
  lang: TContentLocale,
  version: TVersion,
): Promise<{ views: TPageView[]; total: number }> {
  const filters = { ...query, filters: query.filters.filter((f) => f.attribute !== 'status') };
  const shown = applyFiltersAndSort(db.selectFrom('content.pages as p'), filters, PAGE_COLUMNS).where((eb) =>
    eb.exists(
      eb
        .selectFrom('content.page_locales as l')
        .select('l.page_id')
        .whereRef('l.page_id', '=', 'p.id')
        .where('l.locale', 'in', [lang, 'nl'])
        .$if(version === 'published', (q) => q.where('l.published_revision_id', 'is not', null)),
    ),
  );
  // The total beside each row (a window over every match, before the page is cut): one statement less
  // on every public page. A page past the end has no row to carry it, so only then is it counted alone.
  const rows = await applyPage(
    shown
      .selectAll('p')
      .select(sql<string>`count(*) over ()`.as('total'))
      .orderBy('p.slug'),
    query,
  ).execute();
  const total = rows[0]
    ? Number(rows[0].total)
    : query.page.number === 1
      ? 0
      : Number(
          (
            await shown
              // A count has no order (an ORDER BY of the list would need a GROUP BY here).
              .clearOrderBy()
              .select((eb) => eb.fn.countAll<number>().as('total'))
              .executeTakeFirstOrThrow()
          ).total,
        );
  const pages = rows.map(({ total: _total, ...page }) => page);
  return { views: await viewsOf(db, pages, lang, version), total };
}
