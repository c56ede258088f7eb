import type { TPageResource, TPageRevisionResource } from '@stageplein/contracts/content/content';
import type { TLocaleRow, TPageView, TRevisionRow, TVersion } from './pages.repository.ts';

export function pageResource({ page, locale, revision }: TPageView, version: TVersion): TPageResource {
  const live = locale.published_revision_id === revision.id;
  return {
    type: 'page',
    id: page.id,
    attributes: {
      slug: page.slug,
      locale: revision.locale,
      title: revision.title,
      seo_description: revision.seo_description,
      body: revision.body,
      body_html: revision.body_html,
      status: version === 'published' || live ? 'published' : 'draft',
      revision_id: revision.id,
      published_at: locale.published_at?.toISOString() ?? null,
      updated_at: revision.created_at.toISOString(),
    },
  };
}

export function revisionResource(r: TRevisionRow, locales: readonly TLocaleRow[]): TPageRevisionResource {
  return {
    type: 'page_revision',
    id: r.id,
    attributes: {
      page_id: r.page_id,
      locale: r.locale,
      title: r.title,
      seo_description: r.seo_description,
      author_id: r.author_id,
      live: locales.some((l) => l.published_revision_id === r.id),
      created_at: r.created_at.toISOString(),
    },
  };
}
