import {
  EMPTY_DOCUMENT,
  type TContentLocale,
  type TPageInput,
  type TRichTextDocument,
} from '@stageplein/contracts/content/content';
import { isUsablePageSlug } from '@stageplein/contracts/content/page-slugs';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import { slugUnique } from '../../shared/body.ts';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import type { TChangeActor } from '../../shared/caller.ts';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import {
  deletePage,
  findLocale,
  findPage,
  findRevision,
  insertPage,
  insertRevision,
  updatePage,
  upsertLocale,
  type TPageRow,
  type TRevisionRow,
} from './pages.repository.ts';

const field = (name: string) => ({ pointer: `/data/attributes/${name}` });

function assertUsableSlug(slug: string): void {
  if (!isUsablePageSlug(slug)) throw new ApiError('slug_taken', {}, field('slug'));
}

const event = (page: TPageRow, locale: TContentLocale | null, revisionId: string | null) => ({
  page_id: page.id,
  slug: page.slug,
  locale,
  revision_id: revisionId,
});
const subject = (page: TPageRow) => ({ type: 'page', id: page.id });

interface TText {
  title: string;
  seo_description: string | null;
  body: TRichTextDocument;
}

/** Every save is a new revision of one language and becomes its draft; the live one stays until published. */
async function saveRevision(
  ctx: TCtx,
  author: TChangeActor,
  page: TPageRow,
  locale: TContentLocale,
  text: TText,
) {
  const revision = await insertRevision(ctx.db, {
    tenant_id: ctx.tenant.id,
    page_id: page.id,
    locale,
    title: text.title,
    seo_description: text.seo_description,
    body: text.body,
    body_html: renderRichText(text.body),
    author_id: author.userId,
    created_at: ctx.now,
  });
  const current = await findLocale(ctx.db, page.id, locale);
  await upsertLocale(ctx.db, {
    tenant_id: ctx.tenant.id,
    page_id: page.id,
    locale,
    draft_revision_id: revision.id,
    published_revision_id: current?.published_revision_id ?? null,
    published_at: current?.published_at ?? null,
  });
  await record(ctx, author, 'content.page.revised', subject(page), event(page, locale, revision.id));
  return revision;
}

/** Makes the latest save of a language live (`published`) or takes the language offline (`draft`). */
async function setStatus(
  ctx: TCtx,
  author: TChangeActor,
  page: TPageRow,
  locale: TContentLocale,
  status: 'draft' | 'published',
) {
  const current = await findLocale(ctx.db, page.id, locale);
  if (!current) throw new ApiError('validation_failed', {}, field('locale'));
  if (status === 'published') {
    if (current.published_revision_id === current.draft_revision_id) return;
    await upsertLocale(ctx.db, {
      ...current,
      published_revision_id: current.draft_revision_id,
      published_at: ctx.now,
    });
    await record(
      ctx,
      author,
      'content.page.published',
      subject(page),
      event(page, locale, current.draft_revision_id),
    );
  } else if (current.published_revision_id) {
    await upsertLocale(ctx.db, { ...current, published_revision_id: null, published_at: null });
    await record(ctx, author, 'content.page.unpublished', subject(page), event(page, locale, null));
  }
}

export async function createPage(ctx: TCtx, author: TChangeActor, input: TPageInput): Promise<TPageRow> {
  assertUsableSlug(input.slug);
  const locale = input.locale ?? 'nl';
  const page = await slugUnique(() =>
    insertPage(ctx.db, {
      tenant_id: ctx.tenant.id,
      slug: input.slug,
      created_at: ctx.now,
      updated_at: ctx.now,
    }),
  );
  await record(ctx, author, 'content.page.created', subject(page), event(page, locale, null));
  await saveRevision(ctx, author, page, locale, {
    title: input.title,
    seo_description: input.seo_description ?? null,
    body: input.body ?? EMPTY_DOCUMENT,
  });
  if (input.status) await setStatus(ctx, author, page, locale, input.status);
  return page;
}

/**
 * Saves changes: a new slug moves the page; new text (title, SEO description, body) is a new revision of
 * `locale` on top of its latest save (a language the page does not have yet needs a title); `status`
 * then publishes that language's latest save or takes it offline.
 */
export async function changePage(
  ctx: TCtx,
  author: TChangeActor,
  page: TPageRow,
  changes: Partial<TPageInput>,
): Promise<TPageRow> {
  const locale = changes.locale ?? 'nl';
  let current = page;
  if (changes.slug !== undefined && changes.slug !== page.slug) {
    assertUsableSlug(changes.slug);
    current = await slugUnique(() =>
      updatePage(ctx.db, page.id, { slug: changes.slug!, updated_at: ctx.now }),
    );
    await record(ctx, author, 'content.page.moved', subject(current), event(current, null, null));
  }
  if (changes.title !== undefined || changes.seo_description !== undefined || changes.body !== undefined) {
    const existing = await findLocale(ctx.db, page.id, locale);
    const base: TRevisionRow | undefined =
      existing && (await findRevision(ctx.db, existing.draft_revision_id));
    const title = changes.title ?? base?.title;
    if (!title) throw new ApiError('validation_failed', {}, field('title'));
    await saveRevision(ctx, author, current, locale, {
      title,
      seo_description:
        changes.seo_description !== undefined ? changes.seo_description : (base?.seo_description ?? null),
      body: changes.body ?? base?.body ?? EMPTY_DOCUMENT,
    });
    current = await updatePage(ctx.db, page.id, { updated_at: ctx.now });
  }
  if (changes.status) await setStatus(ctx, author, current, locale, changes.status);
  return current;
}

export async function removePage(ctx: TCtx, author: TChangeActor, page: TPageRow): Promise<void> {
  await deletePage(ctx.db, page.id);
  await record(ctx, author, 'content.page.deleted', subject(page), event(page, null, null));
}

export async function pageOr404(ctx: TCtx, id: string): Promise<TPageRow> {
  const page = await findPage(ctx.db, id);
  if (!page) throw notFound();
  return page;
}
