import { useLocaleState } from 'react-admin';

/**
 * The content editors' texts, nl and en. They live in the editors' chunk (not in the back office's
 * shared catalogues, which weigh on its first load: docs/design-system.md "Budgets").
 */
const nl = {
  language: 'Taal',
  languages: { nl: 'Nederlands', en: 'Engels' },
  fields: {
    title: 'Titel',
    slug: 'Adres (slug)',
    slugHelp: 'Kleine letters en streepjes; de pagina staat op /<adres>.',
    seoDescription: 'Omschrijving voor zoekmachines',
    body: 'Tekst',
    status: 'Status',
    updatedAt: 'Laatst opgeslagen',
    date: 'Datum',
    imageUrl: 'Afbeelding (webadres of pad)',
    author: 'Auteur',
    summary: 'Samenvatting',
    locale: 'Taal',
  },
  status: {
    published: 'Gepubliceerd',
    draft: 'Concept',
    changed: 'Gepubliceerd, met niet-gepubliceerde wijzigingen',
    offline: 'Niet gepubliceerd',
  },
  page: {
    fallback: 'Deze pagina heeft nog geen tekst in het Engels: u begint met de Nederlandse tekst.',
    preview: 'Voorbeeld (laatst opgeslagen versie)',
    publish: 'Publiceren',
    unpublish: 'Offline halen',
    published: 'De pagina is gepubliceerd.',
    unpublished: 'De pagina is offline gehaald.',
    edit: 'Bewerken',
    view: 'Bekijken op de site',
    revisions: 'Versies',
    live: 'live',
    noRevisions: 'Nog geen versies.',
    delete: 'Pagina verwijderen',
    deleteConfirm: 'Deze pagina en al haar versies verwijderen?',
  },
  news: { add: 'Nieuw bericht', delete: 'Bericht verwijderen' },
  menu: {
    lead: 'Sleep de items om ze te ordenen; sleep naar rechts om een item een sub-item te maken. Met het toetsenbord: ga naar de greep, druk op spatie, verplaats met de pijltjes en druk weer op spatie. De knoppen maken een item een sub-item of weer een hoofditem.',
    menu: 'Menu',
    handle: 'Verplaats {title}',
    indent: 'Maak {title} een sub-item',
    outdent: 'Maak {title} een hoofditem',
    remove: 'Verwijder {title}',
    removeConfirm: '{title} verwijderen? Sub-items worden ook verwijderd.',
    subItem: 'sub-item',
    add: 'Item toevoegen',
    title: 'Titel',
    linkType: 'Soort link',
    contentPage: 'Inhoudspagina',
    system: 'Systeempagina',
    path: 'Pad (bijvoorbeeld /over-ons)',
    page: 'Pagina',
    systemPage: 'Systeempagina',
    systemPages: {
      1: 'Vacatures zoeken',
      2: 'Organisatie aanmelden',
      3: 'Inloggen',
      4: 'Wachtwoord vergeten',
    } as Record<number, string>,
    saved: 'Menu opgeslagen.',
    empty: 'Dit menu heeft nog geen items.',
    pickUp: 'Item {title} opgepakt.',
    moved: 'Item {title} verplaatst naar plaats {position}.',
    dropped: 'Item {title} neergezet.',
    cancelled: 'Verplaatsen van {title} geannuleerd.',
  },
  saved: 'Opgeslagen.',
  forbidden: 'Alleen beheerders van een goedgekeurde school of vrijwilligerscentrale bewerken de inhoud.',
};

type TTexts = typeof nl;

const en: TTexts = {
  language: 'Language',
  languages: { nl: 'Dutch', en: 'English' },
  fields: {
    title: 'Title',
    slug: 'Address (slug)',
    slugHelp: 'Lower-case letters and hyphens; the page is at /<address>.',
    seoDescription: 'Description for search engines',
    body: 'Text',
    status: 'Status',
    updatedAt: 'Last saved',
    date: 'Date',
    imageUrl: 'Image (web address or path)',
    author: 'Author',
    summary: 'Summary',
    locale: 'Language',
  },
  status: {
    published: 'Published',
    draft: 'Draft',
    changed: 'Published, with unpublished changes',
    offline: 'Not published',
  },
  page: {
    fallback: 'This page has no English text yet: you start from the Dutch text.',
    preview: 'Preview (latest save)',
    publish: 'Publish',
    unpublish: 'Take offline',
    published: 'The page is published.',
    unpublished: 'The page was taken offline.',
    edit: 'Edit',
    view: 'View on the site',
    revisions: 'Revisions',
    live: 'live',
    noRevisions: 'No revisions yet.',
    delete: 'Delete page',
    deleteConfirm: 'Delete this page and all its revisions?',
  },
  news: { add: 'New article', delete: 'Delete article' },
  menu: {
    lead: 'Drag the items to order them; drag to the right to make an item a sub-item. With the keyboard: go to the handle, press space, move with the arrow keys and press space again. The buttons make an item a sub-item or a main item again.',
    menu: 'Menu',
    handle: 'Move {title}',
    indent: 'Make {title} a sub-item',
    outdent: 'Make {title} a main item',
    remove: 'Delete {title}',
    removeConfirm: 'Delete {title}? Its sub-items are deleted too.',
    subItem: 'sub-item',
    add: 'Add item',
    title: 'Title',
    linkType: 'Link type',
    contentPage: 'Content page',
    system: 'System page',
    path: 'Path (for example /over-ons)',
    page: 'Page',
    systemPage: 'System page',
    systemPages: {
      1: 'Search vacancies',
      2: 'Register an organization',
      3: 'Sign in',
      4: 'Forgot password',
    },
    saved: 'Menu saved.',
    empty: 'This menu has no items yet.',
    pickUp: 'Picked up item {title}.',
    moved: 'Item {title} moved to position {position}.',
    dropped: 'Item {title} dropped.',
    cancelled: 'Moving {title} cancelled.',
  },
  saved: 'Saved.',
  forbidden: 'Only admins of an approved school or volunteer center edit the content.',
};

export const CONTENT_TEXTS = { nl, en } as const;

/** `{name}` placeholders filled in. */
export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));

/** The texts in the back office's language. */
export function useContentTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}
