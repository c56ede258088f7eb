import sanitize from 'sanitize-html';
import type { TRichTextDocument, TRichTextMark, TRichTextNode } from '@stageplein/contracts/content/content';

/**
 * Tiptap (ProseMirror) JSON → HTML, so a page shows before JavaScript runs. Two layers: the renderer
 * emits only the tags below with escaped text and checked attributes, and its output then goes
 * through `sanitize-html` with the same allowlist — a bug in one layer is caught by the other.
 */

const ALLOWED_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'br',
  'hr',
  'strong',
  'em',
  's',
  'u',
  'sub',
  'sup',
  'mark',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  // No javascript:, data:, vbscript: … anywhere; relative URLs (site paths) stay.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // script, style, svg, math, iframe … go with everything inside them, not just their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'iframe',
    'object',
    'template',
  ],
  disallowedTagsMode: 'discard',
  // An image whose source was refused is dropped, not left as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank'
          ? { ...attribs, rel: 'noopener noreferrer nofollow' }
          : Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'target')),
    }),
  },
};

/** HTML through the allowlist: what any stored or rendered HTML passes before it is served. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, SANITIZE);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const int = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;

function attrs(pairs: Record<string, string | number | undefined>): string {
  return Object.entries(pairs)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');
}

const MARK_TAGS: Record<string, string> = {
  bold: 'strong',
  italic: 'em',
  strike: 's',
  underline: 'u',
  code: 'code',
  subscript: 'sub',
  superscript: 'sup',
  highlight: 'mark',
};

function withMarks(html: string, marks: readonly TRichTextMark[] = []): string {
  let out = html;
  for (const mark of marks) {
    if (mark.type === 'link') {
      const href = str(mark.attrs?.href);
      if (!href) continue;
      const target = mark.attrs?.target === '_blank' ? '_blank' : undefined;
      out = `<a${attrs({ href, target })}>${out}</a>`;
    } else if (MARK_TAGS[mark.type]) {
      const tag = MARK_TAGS[mark.type]!;
      out = `<${tag}>${out}</${tag}>`;
    }
  }
  return out;
}

function renderNode(node: TRichTextNode): string {
  const inner = () => (node.content ?? []).map(renderNode).join('');
  switch (node.type) {
    case 'text':
      return withMarks(escapeText(node.text ?? ''), node.marks);
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading': {
      // The page title is the h1; headings in the body start at h2.
      const level = Math.min(4, Math.max(2, int(node.attrs?.level, 1, 6) ?? 2));
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList':
      return `<ol${attrs({ start: int(node.attrs?.start, 2, 100_000) })}>${inner()}</ol>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'codeBlock': {
      const language = str(node.attrs?.language);
      const cls = language && /^[a-z0-9+#-]{1,30}$/.test(language) ? `language-${language}` : undefined;
      return `<pre><code${attrs({ class: cls })}>${inner()}</code></pre>`;
    }
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const src = str(node.attrs?.src);
      if (!src) return '';
      return `<img${attrs({ src, alt: str(node.attrs?.alt) ?? '', title: str(node.attrs?.title), loading: 'lazy' })}>`;
    }
    case 'table':
      return `<table><tbody>${inner()}</tbody></table>`;
    case 'tableRow':
      return `<tr>${inner()}</tr>`;
    case 'tableHeader':
    case 'tableCell': {
      const tag = node.type === 'tableHeader' ? 'th' : 'td';
      const span = { colspan: int(node.attrs?.colspan, 2, 50), rowspan: int(node.attrs?.rowspan, 2, 50) };
      return `<${tag}${attrs(span)}>${inner()}</${tag}>`;
    }
    default:
      // An unknown node keeps its text (an editor extension we do not render yet), never its markup.
      return inner();
  }
}

/** The document as sanitised HTML. */
export function renderRichText(doc: TRichTextDocument): string {
  return sanitizeHtml((doc.content ?? []).map(renderNode).join(''));
}
