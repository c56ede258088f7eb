import type { Generated } from 'kysely';
import type { TContentLocale, TPageStatus, TRichTextDocument } from '@stageplein/contracts/content/content';

/** A news article, written in one language. */
export interface TNewsArticlesTable {
  id: Generated<string>;
  tenant_id: string;
  slug: string;
  locale: TContentLocale;
  title: string;
  /** YYYY-MM-DD (a date column read as text). */
  date: string;
  image_url: string | null;
  author: string | null;
  summary: string | null;
  body: TRichTextDocument;
  body_html: string;
  status: TPageStatus;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
