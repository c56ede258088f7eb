import { z } from 'zod';
import { zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { FORM_FILE_KINDS, FORM_FILE_MAX_MB, type TFormFileKind } from './form-definition.ts';

/**
 * Files visitors upload on public forms (issue #18; content service, docs/decisions/forms.md
 * "Files on public forms"):
 *
 *   POST /api/v1/public/forms/{token}/files   multipart: `render_token`, `field` (the file question's id),
 *                                             `file` (or `form_file[file]`); answers the file's id, which
 *                                             is the question's answer in the submission
 *   GET  /api/v1/cms/forms/{id}/files/{fileId} the file, for the form's editors only (an attachment)
 *
 * A file is stored privately (never at the public `/api/v1/cms/files/…`), belongs to one form and one
 * question, answers one submission, and is removed when no submission used it within
 * `FORM_FILE_UNUSED_HOURS`.
 */

/** The multipart field of the file (spec §7: bracketed keys) or plain `file`. */
export const FORM_FILE_FIELD = 'form_file[file]';

/** An upload that no submission named within this many hours is removed (a Temporal schedule). */
export const FORM_FILE_UNUSED_HOURS = 24;

/**
 * Pixels an image on a public form may have (editors' uploads: IMAGE_MAX_INPUT_PIXELS, 50 MP). Anyone
 * may upload here, and decoding costs time by the pixel (a 49-megapixel PNG took ~0.45 s); 25 MP still
 * takes a 24-megapixel phone photo.
 */
export const FORM_FILE_MAX_INPUT_PIXELS = 25_000_000;

/** The content types of each kind a file question may accept (the bytes decide, not the name). */
export const FORM_FILE_CONTENT_TYPES: Record<TFormFileKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
};

export interface TFileFieldLimits {
  kinds: TFormFileKind[];
  maxMb: number;
  maxBytes: number;
  /** For the browser's file picker (`accept`) and the server's check. */
  contentTypes: string[];
}

/** What a file question accepts: its `rules.accept` and `rules.max_size_mb`, or every kind up to the maximum. */
export function fileFieldLimits(field: {
  rules?: { max_size_mb?: number; accept?: TFormFileKind[] };
}): TFileFieldLimits {
  const kinds = field.rules?.accept ?? [...FORM_FILE_KINDS];
  const maxMb = field.rules?.max_size_mb ?? FORM_FILE_MAX_MB;
  return {
    kinds,
    maxMb,
    maxBytes: maxMb * 1024 * 1024,
    contentTypes: kinds.flatMap((k) => FORM_FILE_CONTENT_TYPES[k]),
  };
}

export const ZFormFileAttributes = z.object({
  /** The file question it was uploaded for. */
  field: z.string(),
  /** The visitor's file name, for people (never used to store or serve it). */
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  created_at: z.string(),
});
export const ZFormFileResource = zResourceOf('form_file', ZFormFileAttributes);
export type TFormFileResource = z.infer<typeof ZFormFileResource>;
export const ZFormFileDocument = zDocumentOf(ZFormFileResource);

/** A submission's file as the back office shows it (`files` of a submission, keyed by question id). */
export const ZSubmissionFile = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
});
export type TSubmissionFile = z.infer<typeof ZSubmissionFile>;

/** Where the form's editors download a submitted file. */
export const formFilePath = (formId: string, fileId: string) => `/api/v1/cms/forms/${formId}/files/${fileId}`;
