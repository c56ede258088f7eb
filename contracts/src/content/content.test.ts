import { describe, expect, it } from 'vitest';
import { ZRichTextDocument, type TRichTextNode } from './content.ts';

const nested = (depth: number): TRichTextNode =>
  depth === 0 ? { type: 'text', text: 'x' } : { type: 'blockquote', content: [nested(depth - 1)] };

describe('rich-text documents', () => {
  it('accept Tiptap JSON nested to a sensible depth', () => {
    expect(ZRichTextDocument.safeParse({ type: 'doc', content: [nested(10)] }).success).toBe(true);
  });

  it('refuse malformed nodes at any depth, and nesting beyond the limit', () => {
    const bad = { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 7 }] }] };
    expect(ZRichTextDocument.safeParse({ type: 'doc', content: [bad] }).success).toBe(false);
    expect(ZRichTextDocument.safeParse({ type: 'doc', content: [nested(40)] }).success).toBe(false);
    expect(ZRichTextDocument.safeParse({ type: 'html', content: [] }).success).toBe(false);
  });
});
