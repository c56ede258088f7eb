import type { TRichTextLabels } from './rich-text-model.ts';

/**
 * The editor's texts in nl and en, as the i18next namespace `richText` (the portal adds it as a
 * resource bundle; the back office reads it for its locale). Small, so it may sit in a first load.
 */
export const RICH_TEXT_MESSAGES: Record<'nl' | 'en', TRichTextLabels> = {
  nl: {
    toolbar: 'Opmaak',
    loading: 'Teksteditor laden…',
    linkAddress: 'Linkadres',
    linkApply: 'Link toepassen',
    linkRemove: 'Link verwijderen',
    linkCancel: 'Annuleren',
    linkInvalid: 'Gebruik een webadres (https://…), een pad op deze site (/…), mailto: of tel:.',
    commands: {
      undo: 'Ongedaan maken',
      redo: 'Opnieuw',
      paragraph: 'Gewone tekst',
      heading2: 'Kop 2',
      heading3: 'Kop 3',
      heading4: 'Kop 4',
      bold: 'Vet',
      italic: 'Cursief',
      underline: 'Onderstreept',
      strike: 'Doorgehaald',
      code: 'Code',
      link: 'Link',
      bulletList: 'Opsomming',
      orderedList: 'Genummerde lijst',
      blockquote: 'Citaat',
      codeBlock: 'Codeblok',
      horizontalRule: 'Scheidingslijn',
    },
  },
  en: {
    toolbar: 'Formatting',
    loading: 'Loading the text editor…',
    linkAddress: 'Link address',
    linkApply: 'Apply link',
    linkRemove: 'Remove link',
    linkCancel: 'Cancel',
    linkInvalid: 'Use a web address (https://…), a path on this site (/…), mailto: or tel:.',
    commands: {
      undo: 'Undo',
      redo: 'Redo',
      paragraph: 'Normal text',
      heading2: 'Heading 2',
      heading3: 'Heading 3',
      heading4: 'Heading 4',
      bold: 'Bold',
      italic: 'Italic',
      underline: 'Underline',
      strike: 'Strikethrough',
      code: 'Code',
      link: 'Link',
      bulletList: 'Bulleted list',
      orderedList: 'Numbered list',
      blockquote: 'Quote',
      codeBlock: 'Code block',
      horizontalRule: 'Horizontal rule',
    },
  },
};

/** The labels for a language (anything but en is nl: Dutch first). */
export const richTextLabels = (language: string | undefined): TRichTextLabels =>
  RICH_TEXT_MESSAGES[language?.startsWith('en') ? 'en' : 'nl'];
