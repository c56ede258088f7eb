import { describe, expect, it } from 'vitest';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { renderRichText, sanitizeHtml } from './rich-text.ts';

const doc = (...content: TRichTextDocument['content'] & object): TRichTextDocument => ({
  type: 'doc',
  content,
});
const text = (t: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({
  type: 'text',
  text: t,
  ...(marks ? { marks } : {}),
});

describe('renderRichText', () => {
  it('renders the Tiptap starter nodes and marks', () => {
    const html = renderRichText(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Over ons')] },
        {
          type: 'paragraph',
          content: [
            text('Stages in '),
            text('Harderwijk', [{ type: 'bold' }]),
            { type: 'hardBreak' },
            text('lees meer', [{ type: 'link', attrs: { href: '/voor-scholen' } }]),
          ],
        },
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('één')] }] }],
        },
      ),
    );
    expect(html).toBe(
      '<h2>Over ons</h2><p>Stages in <strong>Harderwijk</strong><br />' +
        '<a href="/voor-scholen">lees meer</a></p><ul><li><p>één</p></li></ul>',
    );
  });

  it('escapes text: markup typed into the editor stays text', () => {
    const html = renderRichText(
      doc({ type: 'paragraph', content: [text('<script>alert(1)</script> & <b>')] }),
    );
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</p>');
  });

  it('drops javascript: and data: links and images, keeps safe ones', () => {
    const html = renderRichText(
      doc(
        {
          type: 'paragraph',
          content: [
            text('a', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
            text('b', [{ type: 'link', attrs: { href: ' JaVaScRiPt:alert(1)' } }]),
            text('c', [{ type: 'link', attrs: { href: 'https://example.org', target: '_blank' } }]),
          ],
        },
        { type: 'image', attrs: { src: 'data:image/svg+xml;base64,PHN2Zz4=', alt: 'x' } },
        { type: 'image', attrs: { src: 'https://img.example.org/a.jpg', alt: 'foto" onerror="alert(1)' } },
      ),
    );
    expect(html).not.toMatch(/javascript|data:/i);
    expect(html).not.toMatch(/\sonerror="/i);
    expect(html).not.toContain('alt="x"');
    expect(html).toContain(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">c</a>',
    );
    expect(html).toContain('src="https://img.example.org/a.jpg"');
    expect(html).toContain('alt="foto&quot; onerror=&quot;alert(1)"');
  });

  it('keeps only the text of unknown nodes and clamps heading levels', () => {
    const html = renderRichText(
      doc(
        { type: 'iframe', attrs: { src: 'https://evil.example' }, content: [text('tekst')] },
        { type: 'heading', attrs: { level: 1 }, content: [text('h')] },
      ),
    );
    expect(html).toBe('tekst<h2>h</h2>');
  });
});

describe('sanitizeHtml', () => {
  it('removes script elements with their content', () => {
    expect(sanitizeHtml('<p>hoi</p><script>alert(1)</script>')).toBe('<p>hoi</p>');
  });

  it('removes event handler attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)">x</p><img src="https://a.nl/x.png" onerror="alert(1)">')).toBe(
      '<p>x</p><img src="https://a.nl/x.png" />',
    );
  });

  it('removes javascript: URLs, also obfuscated', () => {
    const html = sanitizeHtml(
      '<a href="javascript:alert(1)">a</a><a href="jav&#x09;ascript:alert(1)">b</a><a href="  javascript:alert(1)">c</a>',
    );
    expect(html).not.toMatch(/javascript/i);
    expect(html).toBe('<a>a</a><a>b</a><a>c</a>');
  });

  it('removes SVG with its script, and foreign elements', () => {
    const html = sanitizeHtml(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle onload="alert(1)"/></svg>' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style><p>ok</p>',
    );
    expect(html).toBe('<p>ok</p>');
  });

  it('refuses protocol-relative and data: image sources', () => {
    expect(sanitizeHtml('<img src="//evil.example/x.png"><img src="data:image/png;base64,AAAA">')).toBe('');
  });
});
