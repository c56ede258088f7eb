import type { TNewsResource } from '@stageplein/contracts/content/content';
import type { TNewsRow } from './news.repository.ts';

export const newsResource = (a: TNewsRow): TNewsResource => ({
  type: 'news_article',
  id: a.id,
  attributes: {
    slug: a.slug,
    locale: a.locale,
    title: a.title,
    date: a.date,
    image_url: a.image_url,
    author: a.author,
    summary: a.summary,
    body: a.body,
    body_html: a.body_html,
    status: a.status,
    updated_at: a.updated_at.toISOString(),
  },
});
