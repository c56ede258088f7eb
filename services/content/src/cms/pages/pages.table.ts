import type { Generated } from 'kysely';
import type { TContentLocale, TRichTextDocument } from '@stageplein/contracts/content/content';

/** A page: its address; its texts are revisions per language. */
export interface TPagesTable {
  id: Generated<string>;
  tenant_id: string;
  slug: string;
  created_at: Date;
  updated_at: Date;
}

/** Every save of a page's language is a revision; none is ever changed. */
export interface TPageRevisionsTable {
  id: Generated<string>;
  /** The order of saves. */
  seq: Generated<number>;
  tenant_id: string;
  page_id: string;
  locale: TContentLocale;
  title: string;
  seo_description: string | null;
  body: TRichTextDocument;
  /** `body` rendered and sanitised when saved. */
  body_html: string;
  author_id: string | null;
  created_at: Date;
}

/** Per page and language: the latest save (the draft) and the live revision, if published. */
export interface TPageLocalesTable {
  tenant_id: string;
  page_id: string;
  locale: TContentLocale;
  draft_revision_id: string;
  published_revision_id: string | null;
  published_at: Date | null;
}
