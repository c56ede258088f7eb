import { sniff } from './file-check.ts';

/**
 * What makes an upload a CSV file worth parsing (organizations' student and group imports), decided
 * before any parsing: the name or the declared type says CSV/text, and the bytes are UTF-8 text rather
 * than a spreadsheet, archive, or a PDF or image (known by `file-check`'s sniff) that was renamed.
 */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/x-csv',
  'application/csv',
  'application/x-csv',
  // What Windows browsers send for .csv when Excel is installed.
  'application/vnd.ms-excel',
  'application/octet-stream',
]);

const BINARY_SIGNATURES: readonly number[][] = [
  [0x50, 0x4b, 0x03, 0x04], // zip: xlsx, docx, odt
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2: xls, doc
  [0x1f, 0x8b], // gzip
];

export type TUploadProblem = 'extension' | 'content_type' | 'binary' | 'encoding' | 'empty';

export function checkCsvUpload(fileName: string, mimeType: string, bytes: Uint8Array): TUploadProblem | null {
  if (!/\.(csv|txt)$/i.test(fileName)) return 'extension';
  if (!CSV_TYPES.has(mimeType.split(';')[0]!.trim().toLowerCase())) return 'content_type';
  if (bytes.length === 0) return 'empty';
  if (BINARY_SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b))) return 'binary';
  if (sniff(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) return 'binary';
  if (bytes.subarray(0, 8192).includes(0)) return 'binary';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'encoding';
  }
  return null;
}
