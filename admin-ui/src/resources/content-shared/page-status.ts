/** How a page's language stands: live as saved, live with newer saves, or not live at all. */
export type TPageState = 'published' | 'changed' | 'offline';

/**
 * From the editor's view of a language (its latest save): `status` is `published` when that save
 * is the live one; `publishedAt` is set while the language has a live revision at all.
 */
export function pageState(record: Record<string, unknown>): TPageState {
  if (!record.publishedAt) return 'offline';
  return record.status === 'published' ? 'published' : 'changed';
}
