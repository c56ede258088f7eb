import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { AllSelection, EditorState, TextSelection } from '@tiptap/pm/state';
import { EMPTY_DOCUMENT, type TRichTextDocument } from '@stageplein/contracts/content/content';
import { richTextExtensions } from './rich-text-extensions.ts';
import { RICH_TEXT_MESSAGES } from './rich-text-messages.ts';
import {
  editorDocument,
  isEmptyDocument,
  normalizeLinkHref,
  RICH_TEXT_HEADING_LEVELS,
  RICH_TEXT_MARKS,
  RICH_TEXT_NODES,
  TOOLBAR_GROUPS,
} from './rich-text-model.ts';

describe('the editor schema', () => {
  const schema = getSchema(richTextExtensions());

  it('has exactly the nodes and marks the content service renders', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual([...RICH_TEXT_NODES].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...RICH_TEXT_MARKS].sort());
  });

  it('offers headings h2–h4 only (the page title is the h1)', () => {
    const heading = richTextExtensions()[0]!.options as { heading: { levels: number[] } };
    expect(heading.heading.levels).toEqual([...RICH_TEXT_HEADING_LEVELS]);
  });
});

describe('normalizeLinkHref', () => {
  it.each([
    ['https://example.nl/a?b=c', 'https://example.nl/a?b=c'],
    ['  http://example.nl ', 'http://example.nl'],
    ['/over-ons', '/over-ons'],
    ['#contact', '#contact'],
    ['mailto:info@example.nl', 'mailto:info@example.nl'],
    ['tel:+31201234567', 'tel:+31201234567'],
    ['www.example.nl/pad', 'https://www.example.nl/pad'],
  ])('keeps %s as %s', (raw, href) => {
    expect(normalizeLinkHref(raw)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '',
    'two words',
    'ftp://x.nl',
  ])('refuses %s (the server would drop it)', (raw) => {
    expect(normalizeLinkHref(raw)).toBeUndefined();
  });
});

describe('isEmptyDocument', () => {
  it('sees an empty paragraph as empty and text or a rule as content', () => {
    expect(isEmptyDocument(undefined)).toBe(true);
    expect(isEmptyDocument({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe(true);
    expect(
      isEmptyDocument({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: ' ' }] }],
      }),
    ).toBe(true);
    expect(
      isEmptyDocument({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hoi' }] }],
      }),
    ).toBe(false);
    expect(isEmptyDocument({ type: 'doc', content: [{ type: 'horizontalRule' }] })).toBe(false);
  });
});

describe('labels', () => {
  it('name every toolbar command in nl and en', () => {
    for (const language of ['nl', 'en'] as const)
      for (const name of TOOLBAR_GROUPS.flat())
        expect(RICH_TEXT_MESSAGES[language].commands[name], `${language} ${name}`).toBeTruthy();
  });
});

describe('editorDocument', () => {
  const schema = getSchema(richTextExtensions());
  const startSelection = (doc: TRichTextDocument) =>
    EditorState.create({ schema, doc: schema.nodeFromJSON(doc) }).selection;

  it('gives an empty document (the server’s, or none) one paragraph, so the editor starts with a caret', () => {
    // The cause of "Kop 2 stayed off": without a block ProseMirror selects the whole document.
    expect(startSelection(EMPTY_DOCUMENT)).toBeInstanceOf(AllSelection);
    for (const empty of [EMPTY_DOCUMENT, null, undefined]) {
      const doc = editorDocument(empty);
      expect(doc).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
      const selection = startSelection(doc);
      expect(selection).toBeInstanceOf(TextSelection);
      expect([selection.from, selection.to]).toEqual([1, 1]);
    }
  });

  it('keeps a document with blocks as it is', () => {
    const doc: TRichTextDocument = {
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Titel' }] }],
    };
    expect(editorDocument(doc)).toBe(doc);
    expect(startSelection(doc)).toBeInstanceOf(TextSelection);
  });
});
