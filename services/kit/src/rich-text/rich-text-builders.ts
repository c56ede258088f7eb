import type { TRichTextDocument, TRichTextNode } from '@stageplein/contracts/content/content';

/** Small builders for the seeded Tiptap documents. */
const text = (s: string): TRichTextNode => ({ type: 'text', text: s });
type TInline = string | TRichTextNode;
const inline = (parts: TInline[]) => parts.map((x) => (typeof x === 'string' ? text(x) : x));

export const doc = (...content: TRichTextNode[]): TRichTextDocument => ({ type: 'doc', content });
export const p = (...parts: TInline[]): TRichTextNode => ({ type: 'paragraph', content: inline(parts) });
export const h = (s: string): TRichTextNode => ({ type: 'heading', attrs: { level: 2 }, content: [text(s)] });
export const ul = (...items: TInline[][]): TRichTextNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [p(...item)] })),
});
export const link = (s: string, href: string): TRichTextNode => ({
  type: 'text',
  text: s,
  marks: [{ type: 'link', attrs: { href } }],
});
export const bold = (s: string): TRichTextNode => ({ type: 'text', text: s, marks: [{ type: 'bold' }] });
