import type { TRichTextDocument } from '@stageplein/contracts/content/content';

/**
 * What the rich-text editor offers, kept to what the content service renders and keeps
 * (services/content/src/shared/rich-text.ts): StarterKit's text, lists, quote, code, rule and
 * break, headings h2–h4 (the page title is the h1), and the marks below. No tiptap import here:
 * the UIs' first load imports this module (types, labels), the editor itself is a lazy chunk.
 */
export const RICH_TEXT_NODES = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
] as const;
export const RICH_TEXT_MARKS = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;
export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4] as const;
export type THeadingLevel = (typeof RICH_TEXT_HEADING_LEVELS)[number];

/** The protocols the server keeps on links (sanitize-html `allowedSchemes`); relative paths stay too. */
export const RICH_TEXT_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

/**
 * A link address as typed by an editor → what the link mark stores, or undefined when the server
 * would drop it: site paths (`/over-ons`), http(s), mailto and tel; `www.example.nl` becomes
 * `https://www.example.nl`; `javascript:`, `data:`, protocol-relative `//host` are refused.
 */
export function normalizeLinkHref(raw: string): string | undefined {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return undefined;
  if (value.startsWith('//')) return undefined;
  if (value.startsWith('/') || value.startsWith('#')) return value;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme) return (RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(scheme) ? value : undefined;
  // A bare host ("www.voorbeeld.nl/pad"): the web address it names.
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/|$)/i.test(value) ? `https://${value}` : undefined;
}

/** Toolbar commands, in toolbar order; groups are separated visually. */
export const TOOLBAR_GROUPS = [
  ['undo', 'redo'],
  ['paragraph', 'heading2', 'heading3', 'heading4'],
  ['bold', 'italic', 'underline', 'strike', 'code', 'link'],
  ['bulletList', 'orderedList', 'blockquote', 'codeBlock', 'horizontalRule'],
] as const;
export type TToolbarCommand = (typeof TOOLBAR_GROUPS)[number][number];

/** Every text of the editor (the caller translates them; `rich-text-messages.ts` has nl and en). */
export interface TRichTextLabels {
  toolbar: string;
  loading: string;
  linkAddress: string;
  linkApply: string;
  linkRemove: string;
  linkCancel: string;
  linkInvalid: string;
  commands: Record<TToolbarCommand, string>;
}

/** A document is empty when it has no text and no rule (an empty paragraph is what tiptap leaves). */
export function isEmptyDocument(doc: TRichTextDocument | null | undefined): boolean {
  const hasContent = (nodes: readonly { type: string; text?: string; content?: unknown[] }[]): boolean =>
    nodes.some(
      (n) =>
        (n.type === 'text' && !!n.text?.trim()) ||
        n.type === 'horizontalRule' ||
        hasContent((n.content ?? []) as { type: string }[]),
    );
  return !doc || !hasContent(doc.content ?? []);
}

/** The document the editor starts from when there is none: one empty paragraph, the caret in it. */
export const EDITOR_EMPTY_DOCUMENT: TRichTextDocument = { type: 'doc', content: [{ type: 'paragraph' }] };

/**
 * The document as the editor's schema takes it: without blocks (the server's `EMPTY_DOCUMENT`, null)
 * it is one empty paragraph. A document must hold a block; given none, ProseMirror starts with the
 * whole document selected (an AllSelection) instead of a caret, and a toolbar command reached before
 * a click placed one (by keyboard: Tab to the text, Alt+F10; or a click whose caret the browser reported
 * after the keyboard had moved on, under load) applied to everything: Kop 2 made the text a heading
 * plus the trailing paragraph the editor keeps, and the button showed off for a selection over both.
 */
export function editorDocument(doc: TRichTextDocument | null | undefined): TRichTextDocument {
  return doc && Array.isArray(doc.content) && doc.content.length > 0 ? doc : EDITOR_EMPTY_DOCUMENT;
}

export interface TRichTextEditorProps {
  /** The Tiptap JSON document (`ZRichTextDocument`); null or undefined is an empty document. */
  value: TRichTextDocument | null | undefined;
  onChange: (doc: TRichTextDocument) => void;
  onBlur?: () => void;
  /** The accessible name of the text area (or `labelledBy`, the id of a visible label). */
  label: string;
  labelledBy?: string;
  /** Id(s) of help or error texts. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  labels: TRichTextLabels;
  id?: string;
  testId?: string;
}
