import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.ts';
import { MENU_LINK_TYPES } from '../content/menu.ts';
import { ZFormDefinition } from '../forms/form-definition.ts';
import { ZFormPurpose } from '../forms/forms-api.ts';

const ZLocale = z.enum(LANGUAGES);

/** A page and, for a save or (un)publish, the language and revision concerned. Subject: the page id. */
const ZPageEvent = z.object({
  page_id: z.uuid(),
  slug: z.string(),
  locale: ZLocale.nullable(),
  revision_id: z.uuid().nullable(),
});

/** Subject: the menu item id. */
const ZMenuItemEvent = z.object({
  menu_item_id: z.uuid(),
  menu_id: z.uuid(),
  parent_id: z.uuid().nullable(),
  link_type: z.enum(MENU_LINK_TYPES),
  path: z.string().nullable(),
  system_page_id: z.number().int().nullable(),
  position: z.number().int(),
});

/** Subject: the article id. */
const ZNewsArticleEvent = z.object({
  news_article_id: z.uuid(),
  slug: z.string(),
  locale: ZLocale,
  status: z.enum(['draft', 'published']),
});

/** Subject: the upload id. */
const ZUploadEvent = z.object({
  upload_id: z.uuid(),
  hash: z.string(),
  kind: z.enum(['image', 'pdf']),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** The organization whose admin uploaded it (theirs only); null or absent: the tenant's (editors'). */
  organization_id: z.uuid().nullable().optional(),
});

/** Subject: the stock image id. */
const ZStockImageEvent = z.object({
  stock_image_id: z.uuid(),
  upload_id: z.uuid(),
  hash: z.string(),
  license: z.string(),
  /** Text for screen readers where the image is shown (absent in events before it was added). */
  alt: z.string().optional(),
});

/** Subject: the form id. `version`: the published version concerned (null for a draft's change). */
const ZFormEvent = z.object({
  form_id: z.uuid(),
  purpose: ZFormPurpose,
  status: z.enum(['draft', 'published', 'archived']),
  version: z.number().int().nullable(),
});

/** Subject: the submission id. No answers: they stay in content (personal data). */
const ZFormSubmissionEvent = z.object({
  form_submission_id: z.uuid(),
  form_id: z.uuid(),
  form_version: z.number().int(),
  purpose: ZFormPurpose,
});

/**
 * Subject: the form id. The frozen definition travels with its publication so that services answering
 * forms against their own subjects (placements: evaluations, assignments) keep their own copy.
 */
const ZFormVersionEvent = z.object({
  form_id: z.uuid(),
  version: z.number().int().positive(),
  purpose: ZFormPurpose,
  definition: ZFormDefinition,
  published_at: z.string(),
});

/** Payload schemas of the content service's events (spread into EVENT_PAYLOADS). */
export const CONTENT_EVENT_PAYLOADS = {
  'content.page.created': ZPageEvent,
  /** Every save: a new revision (the draft) of one language. */
  'content.page.revised': ZPageEvent,
  /** The page's address changed (`slug` is the new one). */
  'content.page.moved': ZPageEvent,
  'content.page.published': ZPageEvent,
  'content.page.unpublished': ZPageEvent,
  'content.page.deleted': ZPageEvent,
  'content.menu_item.created': ZMenuItemEvent,
  'content.menu_item.updated': ZMenuItemEvent,
  'content.menu_item.deleted': ZMenuItemEvent,
  'content.news_article.created': ZNewsArticleEvent,
  'content.news_article.updated': ZNewsArticleEvent,
  'content.news_article.deleted': ZNewsArticleEvent,
  /** A new file (a re-upload of the same bytes is the same upload: no event). */
  'content.upload.created': ZUploadEvent,
  'content.upload.deleted': ZUploadEvent,
  'content.stock_image.created': ZStockImageEvent,
  'content.stock_image.updated': ZStockImageEvent,
  'content.stock_image.deleted': ZStockImageEvent,
  /** Subject: `<locale>`; the keys that now have an override. */
  'content.form.created': ZFormEvent,
  /** The draft definition (or who is notified) changed. */
  'content.form.updated': ZFormEvent,
  /** The draft became version `version`, now the public one. */
  'content.form.published': ZFormEvent,
  'content.form.archived': ZFormEvent,
  /** Beside `content.form.published`: the published version itself (its definition). */
  'content.form.version_published': ZFormVersionEvent,
  'content.form.submitted': ZFormSubmissionEvent,
  'content.messages.updated': z.object({ locale: ZLocale, keys: z.array(z.string()) }),
} as const satisfies Record<string, z.ZodType>;
