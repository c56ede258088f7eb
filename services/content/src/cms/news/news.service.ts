import { EMPTY_DOCUMENT, type TNewsInput } from '@stageplein/contracts/content/content';
import { slugUnique } from '../../shared/body.ts';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import { deleteArticle, insertArticle, updateArticle, type TNewsRow } from './news.repository.ts';

const payload = (a: TNewsRow) => ({
  news_article_id: a.id,
  slug: a.slug,
  locale: a.locale,
  status: a.status,
});
const subject = (a: TNewsRow) => ({ type: 'news_article', id: a.id });

/** Published when first made live; a later edit keeps that moment, unpublishing clears it. */
const publishedAt = (status: TNewsRow['status'], before: Date | null, now: Date) =>
  status === 'published' ? (before ?? now) : null;

export async function createArticle(ctx: TCtx, author: TChangeActor, input: TNewsInput): Promise<TNewsRow> {
  const body = input.body ?? EMPTY_DOCUMENT;
  const status = input.status ?? 'draft';
  const row = await slugUnique(() =>
    insertArticle(ctx.db, {
      tenant_id: ctx.tenant.id,
      slug: input.slug,
      locale: input.locale ?? 'nl',
      title: input.title,
      date: input.date,
      image_url: input.image_url ?? null,
      author: input.author ?? null,
      summary: input.summary ?? null,
      body,
      body_html: renderRichText(body),
      status,
      published_at: publishedAt(status, null, ctx.now),
      created_at: ctx.now,
      updated_at: ctx.now,
    }),
  );
  await record(ctx, author, 'content.news_article.created', subject(row), payload(row));
  return row;
}

export async function changeArticle(
  ctx: TCtx,
  author: TChangeActor,
  current: TNewsRow,
  changes: Partial<TNewsInput>,
): Promise<TNewsRow> {
  const status = changes.status ?? current.status;
  const row = await slugUnique(() =>
    updateArticle(ctx.db, current.id, {
      ...changes,
      ...(changes.body ? { body_html: renderRichText(changes.body) } : {}),
      published_at: publishedAt(status, current.published_at, ctx.now),
      updated_at: ctx.now,
    }),
  );
  await record(ctx, author, 'content.news_article.updated', subject(row), payload(row));
  return row;
}

export async function removeArticle(ctx: TCtx, author: TChangeActor, article: TNewsRow): Promise<void> {
  await deleteArticle(ctx.db, article.id);
  await record(ctx, author, 'content.news_article.deleted', subject(article), payload(article));
}
