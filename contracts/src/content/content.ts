import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.ts';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { MENU_LINK_TYPES } from './menu.ts';
import { zDate } from '../validation/dates.ts';

export * from './content-queries.ts';

/**
 * Wire schemas of the content service (spec §2 CMS, §3 Menu and Menu item, §7 the CMS calls). Keys are
 * snake_case on the wire (spec §7: bodies go out in snake_case, responses are read in camelCase).
 */

export const ZContentLocale = z.enum(LANGUAGES);
export type TContentLocale = z.infer<typeof ZContentLocale>;

/** Lower-case words joined by hyphens: the last segment of a page's URL (`/over-ons`). */
export const ZSlug = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

// ---------------------------------------------------------------------------------------------
// Rich text: a Tiptap (ProseMirror) JSON document. The server renders it to sanitised HTML.

export interface TRichTextMark {
  type: string;
  attrs?: Record<string, unknown>;
}
export interface TRichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: TRichTextNode[];
  text?: string;
  marks?: TRichTextMark[];
}

const ZRichTextMark = z.object({
  type: z.string().max(40),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

/** One node; its children are checked by `isRichTextNode` (a recursive schema has no OpenAPI form here). */
const ZRichTextNodeShape = z.object({
  type: z.string().max(40),
  attrs: z.record(z.string(), z.unknown()).optional(),
  content: z.array(z.unknown()).max(5000).optional(),
  text: z.string().max(100_000).optional(),
  marks: z.array(ZRichTextMark).max(20).optional(),
});

/** Documents nest at most this deep (lists in lists in a table …); deeper is refused. */
const MAX_RICH_TEXT_DEPTH = 30;

function isRichTextNode(value: unknown, depth: number): boolean {
  if (depth > MAX_RICH_TEXT_DEPTH) return false;
  const parsed = ZRichTextNodeShape.safeParse(value);
  return parsed.success && (parsed.data.content ?? []).every((child) => isRichTextNode(child, depth + 1));
}

/** A node of a document: each child checked by `isRichTextNode`, to any depth up to the limit. */
export const ZRichTextNode = ZRichTextNodeShape.extend({
  content: z
    .array(
      z.custom<TRichTextNode>((child) => isRichTextNode(child, 2), { message: 'Invalid rich-text node' }),
    )
    .max(5000)
    .optional(),
});

/** The root of a document is always `doc`. */
export const ZRichTextDocument = z.object({
  type: z.literal('doc'),
  content: z.array(ZRichTextNode).max(5000).optional(),
});
export type TRichTextDocument = z.infer<typeof ZRichTextDocument>;

export const EMPTY_DOCUMENT: TRichTextDocument = { type: 'doc', content: [] };

// ---------------------------------------------------------------------------------------------
// Pages

export const PAGE_STATUSES = ['draft', 'published'] as const;
export const ZPageStatus = z.enum(PAGE_STATUSES);
export type TPageStatus = z.infer<typeof ZPageStatus>;

export const ZPageAttributes = z.object({
  slug: z.string(),
  /** The language of this text: the request's, or nl when the page has none in it (spec: fallback nl). */
  locale: ZContentLocale,
  title: z.string(),
  seo_description: z.string().nullable(),
  body: ZRichTextDocument,
  /** `body` rendered and sanitised on the server, to show before JavaScript runs. */
  body_html: z.string(),
  /** `published` for the live revision; `draft` for an editor's preview of the latest save. */
  status: ZPageStatus,
  revision_id: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export const ZPageResource = zResourceOf('page', ZPageAttributes);
export type TPageResource = z.infer<typeof ZPageResource>;
export const ZPageDocument = zDocumentOf(ZPageResource);
export const ZPageCollection = zCollectionOf(ZPageResource);

const ZPageType = z.enum(['page', 'pages']);

export const ZPageInput = z
  .object({
    slug: ZSlug,
    /** Which language this save is for; default nl. */
    locale: ZContentLocale.optional(),
    title: z.string().trim().min(1).max(200),
    seo_description: z.string().trim().max(300).nullable().optional(),
    body: ZRichTextDocument.optional(),
    /** `published` makes this save the live revision of its language; `draft` takes the language offline. */
    status: ZPageStatus.optional(),
  })
  .strict();
export type TPageInput = z.infer<typeof ZPageInput>;

export const ZPageCreateBody = z.object({ data: z.object({ type: ZPageType, attributes: ZPageInput }) });
export const ZPageUpdateBody = z.object({
  data: z.object({ type: ZPageType, id: z.string().optional(), attributes: ZPageInput.partial() }),
});

export const ZPageRevisionAttributes = z.object({
  page_id: z.string(),
  locale: ZContentLocale,
  title: z.string(),
  seo_description: z.string().nullable(),
  author_id: z.string().nullable(),
  /** This revision is the live one of its language. */
  live: z.boolean(),
  created_at: z.string(),
});
export const ZPageRevisionResource = zResourceOf('page_revision', ZPageRevisionAttributes);
export type TPageRevisionResource = z.infer<typeof ZPageRevisionResource>;
export const ZPageRevisionCollection = zCollectionOf(ZPageRevisionResource);

// ---------------------------------------------------------------------------------------------
// Menus and menu items (spec §3, §7)

export const ZMenuResource = zResourceOf('menu', z.object({ slug: z.string() }));
export type TMenuResource = z.infer<typeof ZMenuResource>;
export const ZMenuCollection = zCollectionOf(ZMenuResource);

export const ZMenuLinkType = z.enum(MENU_LINK_TYPES);

export const ZMenuItemAttributes = z.object({
  menu_id: z.string(),
  parent_id: z.string().nullable(),
  link_type: ZMenuLinkType,
  path: z.string().nullable(),
  system_page_id: z.number().int().nullable(),
  /** In the request's language (nl when it has none in it). */
  title: z.string(),
  position: z.number().int(),
});
export const ZMenuItemResource = zResourceOf('menuItem', ZMenuItemAttributes);
export type TMenuItemResource = z.infer<typeof ZMenuItemResource>;
export const ZMenuItemDocument = zDocumentOf(ZMenuItemResource);
export const ZMenuItemCollection = zCollectionOf(ZMenuItemResource);

const ZId = z.union([z.uuid(), z.number().int().transform(String)]);

export const ZMenuItemInput = z
  .object({
    menu_id: z.uuid(),
    parent_id: z.uuid().nullable().optional(),
    link_type: ZMenuLinkType,
    path: z.string().trim().max(500).nullable().optional(),
    system_page_id: z.coerce.number().int().nullable().optional(),
    /** Stored for the request's language; other languages fall back to nl (then to any). */
    title: z.string().trim().min(1).max(100),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type TMenuItemInput = z.infer<typeof ZMenuItemInput>;

/** Spec §7: `data{type: menuItem, attributes}`. */
export const ZMenuItemCreateBody = z.object({
  data: z.object({ type: z.literal('menuItem'), attributes: ZMenuItemInput }),
});
export const ZMenuItemUpdateBody = z.object({
  data: z.object({
    type: z.literal('menuItem'),
    id: ZId.optional(),
    attributes: ZMenuItemInput.partial(),
  }),
});

// ---------------------------------------------------------------------------------------------
// News

export const ZNewsAttributes = z.object({
  slug: z.string(),
  locale: ZContentLocale,
  title: z.string(),
  /** The article's date (YYYY-MM-DD), newest first in the list. */
  date: z.string(),
  image_url: z.string().nullable(),
  author: z.string().nullable(),
  summary: z.string().nullable(),
  body: ZRichTextDocument,
  body_html: z.string(),
  status: ZPageStatus,
  updated_at: z.string(),
});
export const ZNewsResource = zResourceOf('news_article', ZNewsAttributes);
export type TNewsResource = z.infer<typeof ZNewsResource>;
export const ZNewsDocument = zDocumentOf(ZNewsResource);
export const ZNewsCollection = zCollectionOf(ZNewsResource);

/** An image URL: an absolute http(s) URL or a path on this site (uploads come later). */
const ZImageUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//')));

export const ZNewsInput = z
  .object({
    slug: ZSlug,
    locale: ZContentLocale.optional(),
    title: z.string().trim().min(1).max(200),
    date: zDate(),
    image_url: ZImageUrl.nullable().optional(),
    author: z.string().trim().max(120).nullable().optional(),
    summary: z.string().trim().max(500).nullable().optional(),
    body: ZRichTextDocument.optional(),
    status: ZPageStatus.optional(),
  })
  .strict();
export type TNewsInput = z.infer<typeof ZNewsInput>;

const ZNewsType = z.enum(['news_article', 'news_articles', 'news']);
export const ZNewsCreateBody = z.object({ data: z.object({ type: ZNewsType, attributes: ZNewsInput }) });
export const ZNewsUpdateBody = z.object({
  data: z.object({ type: ZNewsType, id: z.string().optional(), attributes: ZNewsInput.partial() }),
});

// ---------------------------------------------------------------------------------------------
// The per-language messages file (spec §7): a tenant's overrides of the bundled texts.

/** A message key: dot-separated words, like the bundled catalogues' (`home.welcome`). */
export const ZMessageKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/)
  .refine((k) => !k.split('.').some((p) => ['__proto__', 'constructor', 'prototype'].includes(p)));

/** `GET /api/v1/cms/messages/{lang}`: a flat map of key → text. */
export const ZMessagesFile = z.record(z.string(), z.string());

/**
 * `PUT /api/v1/cms/messages/{lang}`: the whole map of overrides for that language (a key with an
 * empty text is dropped, so the bundled text shows again).
 */
export const ZMessagesBody = z.object({
  data: z.object({
    type: z.literal('messages'),
    id: ZContentLocale.optional(),
    attributes: z
      .object({
        messages: z
          .record(ZMessageKey, z.string().max(5000))
          .refine((m) => Object.keys(m).length <= 2000, { message: 'At most 2000 messages' }),
      })
      .strict(),
  }),
});
export const ZMessagesResource = zResourceOf(
  'messages',
  z.object({ messages: ZMessagesFile, updated_at: z.string().nullable() }),
);
export const ZMessagesDocument = zDocumentOf(ZMessagesResource);
