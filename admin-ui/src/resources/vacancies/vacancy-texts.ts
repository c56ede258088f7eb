import { useLocaleState } from 'react-admin';

/**
 * The vacancy screens' texts, nl and en. They live in this resource's chunk (not in the back office's
 * shared catalogues, which weigh on its first load), like the content editors' texts.
 */
const nl = {
  fields: {
    title: 'Titel',
    organization: 'Organisatie',
    city: 'Plaats',
    postcode: 'Postcode',
    street: 'Straat en huisnummer',
    status: 'Status',
    publishedAt: 'Gepubliceerd op',
    hidden: 'Verborgen',
    hiddenReason: 'Reden van verbergen',
    places: 'Aantal plaatsen',
    hoursPerWeek: 'Uren per week',
    startsOn: 'Begindatum',
    endsOn: 'Einddatum',
    kind: 'Soort',
    description: 'Omschrijving',
    search: 'Zoeken',
    contactPerson: 'Contactpersoon',
  },
  contact: {
    hint: 'Iemand die voor de organisatie werkt.',
    nobody: 'Niemand gekozen',
  },
  status: { draft: 'Concept', published: 'Gepubliceerd', closed: 'Gesloten', archived: 'Gearchiveerd' },
  kinds: { internship: 'Stage', volunteer: 'Vrijwilligerswerk', traineeship: 'Leerbaan' },
  hidden: { yes: 'Verborgen', no: 'Zichtbaar' },
  actions: {
    edit: 'Bewerken',
    publish: 'Publiceren',
    close: 'Sluiten',
    archive: 'Archiveren',
    hide: 'Verbergen',
    unhide: 'Weer tonen',
    delete: 'Verwijderen',
  },
  confirm: {
    publish: 'Deze vacature publiceren? Iedereen kan haar dan vinden.',
    close: 'Deze vacature sluiten? Ze verdwijnt uit de stagebank; je kunt haar later weer publiceren.',
    archive: 'Deze vacature archiveren? Dit is definitief.',
    hide: 'Deze vacature verbergen? Ze verdwijnt uit elke openbare lijst. De organisatie ziet je reden.',
    unhide: 'Deze vacature weer tonen?',
    delete: 'Dit concept verwijderen?',
  },
  done: {
    publish: 'Vacature gepubliceerd.',
    close: 'Vacature gesloten.',
    archive: 'Vacature gearchiveerd.',
    hide: 'Vacature verborgen.',
    unhide: 'Vacature is weer zichtbaar.',
  },
  hiddenNotice: 'Verborgen door een moderator. Reden: {reason}',
  noDescription: 'Geen omschrijving.',
  dates: 'Periode',
  image: {
    label: 'Afbeelding',
    hint: 'Een van de stockafbeeldingen of een afbeelding van de organisatie (JPEG, PNG of WebP, hoogstens 10 MB).',
    none: 'Geen afbeelding',
    upload: 'Afbeelding uploaden',
    uploading: 'Bezig met uploaden…',
    alt: 'Beschrijving van de afbeelding',
    altHint: 'Voor wie de afbeelding niet ziet. Leeg: de afbeelding is versiering.',
  },
};

type TTexts = typeof nl;

const en: TTexts = {
  fields: {
    title: 'Title',
    organization: 'Organization',
    city: 'Town',
    postcode: 'Postcode',
    street: 'Street and number',
    status: 'Status',
    publishedAt: 'Published on',
    hidden: 'Hidden',
    hiddenReason: 'Reason for hiding',
    places: 'Places',
    hoursPerWeek: 'Hours per week',
    startsOn: 'Start date',
    endsOn: 'End date',
    kind: 'Kind',
    description: 'Description',
    search: 'Search',
    contactPerson: 'Contact person',
  },
  contact: {
    hint: 'Someone who works for the organization.',
    nobody: 'Nobody chosen',
  },
  status: { draft: 'Draft', published: 'Published', closed: 'Closed', archived: 'Archived' },
  kinds: { internship: 'Internship', volunteer: 'Volunteering', traineeship: 'Traineeship' },
  hidden: { yes: 'Hidden', no: 'Visible' },
  actions: {
    edit: 'Edit',
    publish: 'Publish',
    close: 'Close',
    archive: 'Archive',
    hide: 'Hide',
    unhide: 'Show again',
    delete: 'Delete',
  },
  confirm: {
    publish: 'Publish this vacancy? Everyone can then find it.',
    close: 'Close this vacancy? It leaves the internship bank; you can publish it again later.',
    archive: 'Archive this vacancy? This is final.',
    hide: 'Hide this vacancy? It leaves every public list. The organization sees your reason.',
    unhide: 'Show this vacancy again?',
    delete: 'Delete this draft?',
  },
  done: {
    publish: 'Vacancy published.',
    close: 'Vacancy closed.',
    archive: 'Vacancy archived.',
    hide: 'Vacancy hidden.',
    unhide: 'Vacancy is visible again.',
  },
  hiddenNotice: 'Hidden by a moderator. Reason: {reason}',
  noDescription: 'No description.',
  dates: 'Period',
  image: {
    label: 'Image',
    hint: 'One of the stock images or an image of the organization (JPEG, PNG or WebP, at most 10 MB).',
    none: 'No image',
    upload: 'Upload an image',
    uploading: 'Uploading…',
    alt: 'Description of the image',
    altHint: 'For those who cannot see the image. Empty: the image is decoration.',
  },
};

export const VACANCY_TEXTS = { nl, en } as const;

/** The texts in the back office's language. */
export function useVacancyTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}
