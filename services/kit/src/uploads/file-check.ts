import { inflateSync } from 'node:zlib';
import type { TUploadContentType } from '@stageplein/contracts/content/media';

/**
 * The one check of uploaded documents and images (content's uploads and form files, conversations'
 * attachments). What a file is, decided by its bytes alone (magic numbers and container structure), never
 * by its name or the type the browser declared. `polyglot` means the bytes are the type but also carry
 * something else a reader could act on: data after the image's end (an archive or HTML appended; ZIP
 * readers start at the end), markup or script hidden in metadata, a PDF inside an image, or a PDF with
 * scripts, launch actions or embedded files. Names are read decoded (`/J#61vaScript` is `/JavaScript`),
 * and objects packed in compressed object streams (`/Type /ObjStm`, PDF 1.5+) are inflated and read
 * too; an object stream that cannot be read (another filter, broken, or inflating past
 * PDF_OBJECT_STREAMS_MAX_BYTES) is refused, since whatever it hides cannot be checked. Other streams
 * (page content, fonts, images) hold no names a reader acts on and are not inflated.
 */
export type TFileCheck =
  { ok: true; contentType: TUploadContentType } | { ok: false; reason: 'type' | 'polyglot' };

/** What a name's extension must be for each type (lower case); the extension is what a desktop opens by. */
const EXTENSIONS: Record<TUploadContentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * A file name's extension that does not belong to its content's type (`cv.pdf` holding a PNG,
 * `foto.html` holding a JPEG), or null when it fits or the name has none. Whoever downloads the file
 * opens it by its name, so a PNG named `.html` or `.svg` would be read as markup there. An extension is
 * the part after the last dot when it is 1–5 letters or digits with a letter in it (`v1.2` has none).
 */
export function nameMismatch(name: string, contentType: TUploadContentType): string | null {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name.trim())?.[1]?.toLowerCase();
  if (!extension || !/[a-z]/.test(extension)) return null;
  return EXTENSIONS[contentType].includes(extension) ? null : extension;
}

/** The name people know a type by, for messages (`{{type}}` in upload errors). */
export const TYPE_NAMES: Record<TUploadContentType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Markup and script that no image or PDF of ours needs, in any case. Long enough (5+ bytes) that
 * compressed pixel data does not hit them by chance.
 */
const ACTIVE_MARKERS = ['<script', '<?php', '<html', '<!doctype', '<iframe', '<svg ', '<body'].map((m) =>
  Buffer.from(m),
);
/** A PDF hidden in an image (readers look for it in the first KiB, so anywhere is suspect). */
const PDF_SIGNATURE = Buffer.from('%PDF-');
/** PDF names that run code or open or carry other files (followed by a delimiter, not `/JSON`). */
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFile|XFA|RichMedia|SubmitForm)(?![A-Za-z0-9])/;

/** The type by magic number alone (no structure checked; `checkFile` does that). */
export function sniff(bytes: Buffer): TUploadContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  // Readers accept `%PDF-` anywhere in the first KiB; we want it first, so nothing can precede it.
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** Case-insensitive search for ASCII markers (the haystack is lower-cased as latin1: bytes stay bytes). */
function containsAny(lowered: Buffer, markers: Buffer[]): boolean {
  return markers.some((m) => lowered.includes(m));
}

/** The end of a PNG: the byte after the IEND chunk; null when the chunk structure is broken. */
function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= bytes.length ? at : null;
  }
  return null;
}

/**
 * The end of a JPEG: the byte after its EOI marker. Segments with a length are skipped whole; after a
 * start of scan the entropy-coded data runs until a marker that is not a stuffed byte or a restart.
 */
function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker >= 0xd0 && marker <= 0xd7) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(at + 2);
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data of the scan.
    while (at + 1 < bytes.length) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          at += next === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
      at += 1;
    }
  }
  return null;
}

/** The end of a WebP: its RIFF size (padded to even) plus the 8-byte header. */
function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** What a PDF's object streams may inflate to, together (a zip bomb stops here). */
export const PDF_OBJECT_STREAMS_MAX_BYTES = 16 * 1024 * 1024;

/** A PDF name's `#xx` escapes decoded (PDF 1.2+): `/J#61vaScript` is read as `/JavaScript`. */
const decodeNames = (text: string) =>
  text.replace(/\/[^\s/<>[\]()%{}]+/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );

/** The one filter of object streams we inflate (what PDF writers use), without predictors. */
const FLATE_ONLY = /\/Filter\s*(?:\/FlateDecode|\[\s*\/FlateDecode\s*\])(?![A-Za-z0-9])/;

/** An object's dictionary directly before its stream, and the stream's bytes. */
const STREAM = /obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n([\s\S]*?)endstream/g;

/**
 * A PDF's objects as a reader sees them, names decoded: everything outside streams, plus the inflated
 * contents of its object streams. Null when an object stream cannot be read.
 */
function pdfObjects(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  const packed: string[] = [];
  let budget = PDF_OBJECT_STREAMS_MAX_BYTES;
  for (const [, dictionary, data] of text.matchAll(STREAM)) {
    const names = decodeNames(dictionary!);
    if (!/\/Type\s*\/ObjStm(?![A-Za-z0-9])/.test(names)) continue;
    if (!/\/Filter(?![A-Za-z0-9])/.test(names)) {
      packed.push(data!);
      continue;
    }
    if (!FLATE_ONLY.test(names) || /\/DecodeParms/.test(names)) return null;
    try {
      const inflated = inflateSync(Buffer.from(data!, 'latin1'), { maxOutputLength: budget });
      budget -= inflated.length;
      packed.push(inflated.toString('latin1'));
    } catch {
      return null;
    }
  }
  return decodeNames([text.replace(STREAM, 'obj <<$1>> stream endstream'), ...packed].join('\n'));
}

/** A PDF ends with `%%EOF` (after incremental updates too); only whitespace may follow. */
function pdfHasTrailingData(bytes: Buffer): boolean {
  const eof = bytes.lastIndexOf('%%EOF', undefined, 'latin1');
  if (eof < 0) return true;
  return bytes.subarray(eof + 5).some((b) => b !== 0x0a && b !== 0x0d && b !== 0x20 && b !== 0x09);
}

function imageEnd(contentType: TUploadContentType, bytes: Buffer): number | null {
  if (contentType === 'image/png') return pngEnd(bytes);
  if (contentType === 'image/jpeg') return jpegEnd(bytes);
  return webpEnd(bytes);
}

/** Checks an upload's bytes; see `TFileCheck`. */
export function checkFile(bytes: Buffer): TFileCheck {
  const contentType = sniff(bytes);
  if (!contentType) return { ok: false, reason: 'type' };
  const lowered = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');
  if (containsAny(lowered, ACTIVE_MARKERS)) return { ok: false, reason: 'polyglot' };
  if (contentType === 'application/pdf') {
    const objects = pdfObjects(bytes);
    if (pdfHasTrailingData(bytes) || objects === null || PDF_ACTIVE.test(objects))
      return { ok: false, reason: 'polyglot' };
    return { ok: true, contentType };
  }
  const end = imageEnd(contentType, bytes);
  // A broken structure is left to the decoder (upload_unreadable); bytes after the end are another file.
  if (end !== null && end < bytes.length) return { ok: false, reason: 'polyglot' };
  if (bytes.includes(PDF_SIGNATURE)) return { ok: false, reason: 'polyglot' };
  return { ok: true, contentType };
}
