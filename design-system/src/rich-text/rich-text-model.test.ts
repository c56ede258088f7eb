import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { richTextExtensions } from './rich-text-extensions.ts';
import { RICH_TEXT_MESSAGES } from './rich-text-messages.ts';
import {
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
