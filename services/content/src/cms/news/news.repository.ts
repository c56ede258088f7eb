import type { Insertable, Selectable, Updateable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../../shared/request.ts';
import type { TNewsArticlesTable } from './news.table.ts';

export type TNewsRow = Selectable<TNewsArticlesTable>;

const COLUMNS: Record<string, string> = { slug: 'slug', locale: 'locale', status: 'status' };

export const findArticle = (db: TDb, id: string) =>
  db.selectFrom('content.news_articles').selectAll().where('id', '=', id).executeTakeFirst();

/** Newest first (date, then when written); `publishedOnly` for visitors. */
export async function listArticles(
  db: TDb,
  query: TJsonApiQuery,
  publishedOnly: boolean,
): Promise<{ rows: TNewsRow[]; total: number }> {
  const filtered = applyFiltersAndSort(db.selectFrom('content.news_articles'), query, COLUMNS).$if(
    publishedOnly,
    (q) => q.where('status', '=', 'published'),
  );
  const { total } = await filtered
    // A count has no order (an ORDER BY of the list would need a GROUP BY here).
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await applyPage(
    filtered.selectAll().orderBy('date', 'desc').orderBy('created_at', 'desc').orderBy('id'),
    query,
  ).execute();
  return { rows, total: Number(total) };
}

export const insertArticle = (db: TDb, values: Insertable<TNewsArticlesTable>) =>
  db.insertInto('content.news_articles').values(values).returningAll().executeTakeFirstOrThrow();

export const updateArticle = (db: TDb, id: string, values: Updateable<TNewsArticlesTable>) =>
  db
    .updateTable('content.news_articles')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteArticle = (db: TDb, id: string) =>
  db.deleteFrom('content.news_articles').where('id', '=', id).execute();
