import { useLocaleState } from 'react-admin';

/** The forms list's texts, nl and en, in its own chunk (not the back office's first load). */
const nl = {
  lead: 'De formulieren van de site. Maken, bewerken, publiceren en de inzendingen lezen gebeurt in de formulierbouwer.',
  openBuilder: 'Naar de formulierbouwer',
  add: 'Nieuw formulier',
  title: 'Formulier',
  status: 'Status',
  version: 'Gepubliceerde versie',
  submissions: 'Inzendingen',
  statuses: { draft: 'Concept', published: 'Gepubliceerd', archived: 'Gearchiveerd' },
  changed: 'niet-gepubliceerde wijzigingen',
  contact: 'contactformulier',
  openInBuilder: 'Openen in de formulierbouwer',
  edit: 'Bewerken',
  publicAddress: 'Openbaar adres',
  notPublic: 'niet online',
  versions: 'Gepubliceerde versies',
  publishedAt: 'Gepubliceerd op',
  noVersions: 'Nog niet gepubliceerd.',
};
type TTexts = typeof nl;
const en: TTexts = {
  lead: "The site's forms. Creating, editing, publishing and reading submissions happen in the form builder.",
  openBuilder: 'Open the form builder',
  add: 'New form',
  title: 'Form',
  status: 'Status',
  version: 'Published version',
  submissions: 'Submissions',
  statuses: { draft: 'Draft', published: 'Published', archived: 'Archived' },
  changed: 'unpublished changes',
  contact: 'contact form',
  openInBuilder: 'Open in the form builder',
  edit: 'Edit',
  publicAddress: 'Public address',
  notPublic: 'not online',
  versions: 'Published versions',
  publishedAt: 'Published on',
  noVersions: 'Not published yet.',
};

export function useFormsTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}

/** A form's title in the back office's language (English falls back to Dutch). */
export function formTitle(title: unknown, locale: string): string {
  const t = (title ?? {}) as { nl?: string; en?: string };
  return (locale === 'en' && t.en?.trim() ? t.en : t.nl) ?? '';
}
