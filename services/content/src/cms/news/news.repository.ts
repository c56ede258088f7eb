import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { MAIN_MENU_JSON, type TMainMenu } from '../menus/menus.repository.ts';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../../shared/request.ts';
import type { TNewsArticlesTable } from './news.table.ts';

export type TNewsRow = Selectable<TNewsArticlesTable>;

const COLUMNS: Record<string, string> = { slug: 'slug', locale: 'locale', status: 'status' };

export const findArticle = (db: TDb, id: string) =>
  db.selectFrom('content.news_articles').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Newest first (date, then when written); `publishedOnly` for visitors; with `mainMenu` the main menu
 * beside them. One statement: the total beside each row, the menu a column read once.
 */
export async function listArticles(
  db: TDb,
  query: TJsonApiQuery,
  publishedOnly: boolean,
  options: { mainMenu?: boolean } = {},
): Promise<{ rows: TNewsRow[]; total: number; mainMenu: TMainMenu | null | undefined }> {
  const filtered = applyFiltersAndSort(db.selectFrom('content.news_articles'), query, COLUMNS).$if(
    publishedOnly,
    (q) => q.where('status', '=', 'published'),
  );
  const found = await applyPage(
    filtered
      .selectAll()
      .select(sql<string>`count(*) over ()`.as('total'))
      .$if(options.mainMenu === true, (q) => q.select(MAIN_MENU_JSON.as('main_menu')))
      .orderBy('date', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id'),
    query,
  ).execute();
  // A page past the end has no row to carry the total: only then is it counted alone.
  const total = found[0]
    ? Number(found[0].total)
    : query.page.number === 1
      ? 0
      : Number(
          (
            await filtered
              // A count has no order (an ORDER BY of the list would need a GROUP BY here).
              .clearOrderBy()
              .select((eb) => eb.fn.countAll<number>().as('total'))
              .executeTakeFirstOrThrow()
          ).total,
        );
  const rows: TNewsRow[] = found.map(({ total: _total, main_menu: _menu, ...row }) => row);
  return { rows, total, mainMenu: options.mainMenu ? (found[0]?.main_menu ?? null) : undefined };
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
