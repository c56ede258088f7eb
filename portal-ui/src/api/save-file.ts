/**
 * Hands a file the portal fetched to the browser to save as `fileName`. Downloads go through the API
 * client (they need the credentials headers), so a plain link would not do. The link is in the document
 * while clicked (some browsers ignore a detached one); the object URL is freed once the browser has
 * had time to take the file.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV the API answered as text, saved as `fileName` (UTF-8). */
export function saveCsv(text: unknown, fileName: string): void {
  const csv = typeof text === 'string' ? text : String(text ?? '');
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
