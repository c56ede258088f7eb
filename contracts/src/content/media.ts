import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';

// The query specs live zod-free in content-queries.ts (the back office's first load reads them).
export { STOCK_IMAGES_QUERY, UPLOADS_QUERY } from './content-queries.ts';

/**
 * Wire schemas of content's media: uploads (images and PDFs, content-addressed), the tenant's stock
 * image library and the icon endpoint (docs/decisions/content.md, "Uploads, stock images and icons").
 */

/** What an upload may be; decided by the file's bytes (magic numbers), never its name or declared type. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const ZUploadContentType = z.enum(UPLOAD_CONTENT_TYPES);
export type TUploadContentType = z.infer<typeof ZUploadContentType>;

export const UPLOAD_KINDS = ['image', 'pdf'] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];

/** Largest file accepted (before re-encoding), in bytes: 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Images are resized to fit within this many pixels on their longest side (never enlarged). */
export const IMAGE_MAX_DIMENSION = 2000;
/** Images with more pixels than this are refused before decoding (a decompression bomb). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

/** The form field of the file: `upload[file]` (spec §7: bracketed keys) or plain `file`. */
export const UPLOAD_FILE_FIELD = 'upload[file]';

/** Where a stored file is served: `/api/v1/cms/files/<sha-256>` (immutable). */
export const fileUrl = (hash: string) => `/api/v1/cms/files/${hash}`;

/** A lower-case hex SHA-256 of the stored bytes. */
export const ZFileHash = z.string().regex(/^[0-9a-f]{64}$/);

export const ZUploadAttributes = z.object({
  /** SHA-256 of the stored (re-encoded) bytes: the file's address. */
  hash: z.string(),
  /** `/api/v1/cms/files/<hash>`. */
  url: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  content_type: ZUploadContentType,
  byte_size: z.number().int(),
  /** Pixels of the stored image; null for PDFs. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The uploaded file's name, for people (never used to store or serve it). */
  name: z.string(),
  uploaded_by: z.string().nullable(),
  /** The organization whose admin uploaded it (only they and content editors see it); null: the tenant's. */
  organization_id: z.string().nullable(),
  created_at: z.string(),
});
export const ZUploadResource = zResourceOf('upload', ZUploadAttributes);
export type TUploadResource = z.infer<typeof ZUploadResource>;
export const ZUploadDocument = zDocumentOf(ZUploadResource);
export const ZUploadCollection = zCollectionOf(ZUploadResource);

// ---------------------------------------------------------------------------------------------
// Stock images: the tenant's library that editors of pages, news and vacancies pick from.

export const ZStockImageAttributes = z.object({
  upload_id: z.string(),
  hash: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  title: z.string(),
  /** Text for screen readers when the image is used. */
  alt: z.string(),
  author: z.string().nullable(),
  /** SPDX identifier or name of the licence, e.g. `CC0-1.0`. */
  license: z.string(),
  license_url: z.string().nullable(),
  /** Where the image comes from (a page or a package). */
  source: z.string().nullable(),
  created_at: z.string(),
});
export const ZStockImageResource = zResourceOf('stock_image', ZStockImageAttributes);
export type TStockImageResource = z.infer<typeof ZStockImageResource>;
export const ZStockImageDocument = zDocumentOf(ZStockImageResource);
export const ZStockImageCollection = zCollectionOf(ZStockImageResource);

const ZHttpUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\//i.test(v), { message: 'An http(s) URL' });

export const ZStockImageInput = z
  .object({
    /** An image upload of this tenant. */
    upload_id: z.uuid(),
    title: z.string().trim().min(1).max(200),
    alt: z.string().trim().max(300).optional(),
    author: z.string().trim().max(200).nullable().optional(),
    license: z.string().trim().min(1).max(100),
    license_url: ZHttpUrl.nullable().optional(),
    source: z.string().trim().max(1000).nullable().optional(),
  })
  .strict();
export type TStockImageInput = z.infer<typeof ZStockImageInput>;

const ZStockImageType = z.enum(['stock_image', 'stock_images']);
export const ZStockImageCreateBody = z.object({
  data: z.object({ type: ZStockImageType, attributes: ZStockImageInput }),
});
export const ZStockImageUpdateBody = z.object({
  data: z.object({
    type: ZStockImageType,
    id: z.string().optional(),
    attributes: ZStockImageInput.omit({ upload_id: true }).partial(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Icons (spec §7, §9): `GET /api/v1/cms/icons/<collection>.json?icons=a,b` in the Iconify API format.

/** Spec §9: an icon request's URL is at most 500 characters (longer answers 414 icon_url_too_long). */
export const ICON_URL_MAX_LENGTH = 500;
/** Spec §9: the client gives an icon request 5000 ms (a single icon fetch 1500 ms). */
export const ICON_REQUEST_TIMEOUT_MS = 5000;
export const ICON_FETCH_TIMEOUT_MS = 1500;

export const iconsUrl = (collection: string, icons: readonly string[]) =>
  `/api/v1/cms/icons/${collection}.json?icons=${icons.map(encodeURIComponent).join(',')}`;

/** An icon name or collection prefix as Iconify spells them. */
export const ZIconName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

const ZIconData = z.object({
  body: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  left: z.number().optional(),
  top: z.number().optional(),
  rotate: z.number().optional(),
  hFlip: z.boolean().optional(),
  vFlip: z.boolean().optional(),
});

/** The Iconify API answer: the asked icons (with the aliases they need); unknown names in `not_found`. */
export const ZIconSet = z.object({
  prefix: z.string(),
  icons: z.record(z.string(), ZIconData),
  aliases: z.record(z.string(), z.object({ parent: z.string() }).catchall(z.unknown())).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  not_found: z.array(z.string()).optional(),
});
export type TIconSet = z.infer<typeof ZIconSet>;
