import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { normalizeLinkHref, RICH_TEXT_HEADING_LEVELS } from './rich-text-model.ts';

/**
 * The editor's schema: StarterKit with headings h2–h4 and links limited to what the server keeps
 * (`rich-text-model.ts`). Pasted HTML is parsed into this schema, so anything else (images, tables,
 * colours, scripts) is dropped on the way in, not only on the server.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...RICH_TEXT_HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: [],
        // Internal links open in the same tab; the server adds rel to target=_blank itself.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => normalizeLinkHref(url) === url,
      },
    }),
  ];
}
