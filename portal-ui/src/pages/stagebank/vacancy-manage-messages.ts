import type { i18n as TI18n } from 'i18next';

/**
 * The texts of the organization admins' vacancy screens (`/vacancies`, `/vacancies/add`,
 * `/vacancies/{id}/edit`), nl and en, in the i18next namespace `vacancies`: they load with those
 * screens only, not with the bank's first download. The shared words (kinds, statuses of loading)
 * are the `stagebank` namespace's.
 */
export const VACANCY_MANAGE_NAMESPACE = 'vacancies';

export const vacancyManageNl = {
  manageIntro: 'De vacatures van {{organization}}: concepten, gepubliceerde en gesloten vacatures.',
  add: 'Vacature toevoegen',
  noVacancies: 'Je organisatie heeft nog geen vacatures.',
  status: 'Status',
  statuses: { draft: 'Concept', published: 'Gepubliceerd', closed: 'Gesloten', archived: 'Gearchiveerd' },
  hidden: 'Verborgen door moderator',
  hiddenReason: 'Verborgen door een moderator: {{reason}}',
  edit: 'Bewerken',
  view: 'Bekijken',
  forbidden: 'Alleen beheerders van een organisatie beheren haar vacatures.',
  title: 'Titel',
  description: 'Omschrijving',
  street: 'Straat en huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  addressHint: 'Leeg: het adres van de organisatie.',
  contactPerson: 'Contactpersoon',
  contactPersonHint: 'Iemand die voor de organisatie werkt.',
  nobody: 'Niemand gekozen',
  placesLabel: 'Aantal plekken',
  hoursPerWeekLabel: 'Uren per week',
  startsOnLabel: 'Begindatum',
  endsOnLabel: 'Einddatum',
  closesAtLabel: 'Reageren kan tot',
  save: 'Opslaan als concept',
  saveChanges: 'Wijzigingen opslaan',
  saved: 'Vacature opgeslagen',
  publish: 'Publiceren',
  published: 'Vacature gepubliceerd: ze staat nu in de stagebank.',
  close: 'Sluiten',
  closed: 'Vacature gesloten',
  preview: 'Voorbeeld',
  previewTitle: 'Zo ziet een bezoeker de vacature',
  hidePreview: 'Voorbeeld verbergen',
  notApproved: 'Je organisatie is nog niet goedgekeurd: je kunt concepten maken, maar nog niet publiceren.',
  image: 'Afbeelding',
  imageHint:
    'Kies een van de stockafbeeldingen of upload een eigen afbeelding (JPEG, PNG of WebP, hoogstens 10 MB).',
  noImage: 'Geen afbeelding',
  stockImages: 'Stockafbeeldingen',
  ownImages: 'Afbeeldingen van je organisatie',
  uploadImage: 'Afbeelding uploaden',
  uploading: 'Bezig met uploaden…',
  imagesLoading: 'Afbeeldingen laden…',
  imagesLoadError: 'De afbeeldingen konden niet worden geladen.',
  imageAlt: 'Beschrijving van de afbeelding',
  imageAltHint: 'Voor wie de afbeelding niet ziet. Leeg: de afbeelding is versiering.',
  chosenImage: 'Gekozen afbeelding',
};

export const vacancyManageEn: typeof vacancyManageNl = {
  manageIntro: 'The vacancies of {{organization}}: drafts, published and closed vacancies.',
  add: 'Add vacancy',
  noVacancies: 'Your organization has no vacancies yet.',
  status: 'Status',
  statuses: { draft: 'Draft', published: 'Published', closed: 'Closed', archived: 'Archived' },
  hidden: 'Hidden by a moderator',
  hiddenReason: 'Hidden by a moderator: {{reason}}',
  edit: 'Edit',
  view: 'View',
  forbidden: 'Only admins of an organization manage its vacancies.',
  title: 'Title',
  description: 'Description',
  street: 'Street and number',
  postcode: 'Postcode',
  city: 'Place',
  addressHint: 'Empty: the organization’s address.',
  contactPerson: 'Contact person',
  contactPersonHint: 'Someone who works for the organization.',
  nobody: 'Nobody chosen',
  placesLabel: 'Number of places',
  hoursPerWeekLabel: 'Hours per week',
  startsOnLabel: 'Start date',
  endsOnLabel: 'End date',
  closesAtLabel: 'Apply until',
  save: 'Save as draft',
  saveChanges: 'Save changes',
  saved: 'Vacancy saved',
  publish: 'Publish',
  published: 'Vacancy published: it is now in the internship bank.',
  close: 'Close',
  closed: 'Vacancy closed',
  preview: 'Preview',
  previewTitle: 'How a visitor sees the vacancy',
  hidePreview: 'Hide preview',
  notApproved: 'Your organization has not been approved yet: you can write drafts but not publish them.',
  image: 'Image',
  imageHint: 'Choose one of the stock images or upload your own image (JPEG, PNG or WebP, at most 10 MB).',
  noImage: 'No image',
  stockImages: 'Stock images',
  ownImages: 'Your organization’s images',
  uploadImage: 'Upload an image',
  uploading: 'Uploading…',
  imagesLoading: 'Loading images…',
  imagesLoadError: 'The images could not be loaded.',
  imageAlt: 'Description of the image',
  imageAltHint: 'For those who cannot see the image. Empty: the image is decoration.',
  chosenImage: 'Chosen image',
};

/** Adds both languages once (the chunk is small; these screens are for signed-in admins). */
export function registerVacancyManageMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: vacancyManageNl, en: vacancyManageEn })) {
    if (!i18n.hasResourceBundle(lng, VACANCY_MANAGE_NAMESPACE)) {
      i18n.addResourceBundle(lng, VACANCY_MANAGE_NAMESPACE, messages, true, false);
    }
  }
}
