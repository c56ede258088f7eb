/**
 * The /conversations page's texts (issue #35 item 5, `portal.conversations.*`): part of `nl` but added by
 * the page when it loads (/stagebank's first-download budget); English is in en.ts.
 */
export const nlConversationsPage = {
  intro: 'Berichten over je stages, met iedereen die erbij hoort. Nieuwe berichten verschijnen vanzelf.',
  list: 'Gesprekken',
  empty: 'Je hebt nog geen gesprekken.',
  failed: 'De gesprekken konden niet worden geladen.',
  notFound: 'Dit gesprek bestaat niet, of je hoort er niet bij.',
  startTitle: 'Nieuw gesprek',
  startWith: 'Met wie of waarover',
  startInternship: 'Stage: {{label}}',
  startPerson: '{{label}} ({{role}})',
  start: 'Gesprek openen',
  noOptions: 'Je hebt nog geen stage waarover je een gesprek kunt beginnen.',
  back: 'Alle gesprekken',
  participants: 'Deelnemers',
  unread: '{{count}} ongelezen',
  noMessages: 'Nog geen berichten. Schrijf het eerste.',
  messages: 'Berichten',
  message: 'Bericht',
  attachments: 'Bijlagen',
  attachmentsHint: 'Pdf of afbeelding (JPEG, PNG, WebP), maximaal 5 bestanden van 10 MB.',
  internal: 'Interne notitie',
  internalHint: 'Alleen zichtbaar voor de school (mentoren en schoolbeheerders).',
  send: 'Versturen',
  you: 'Jij',
  readBy: 'Gelezen door {{names}}',
  download: 'Download',
  roles: {
    student: 'leerling',
    mentor: 'mentor',
    school_admin: 'school',
    organization_contact: 'contactpersoon',
    organization_admin: 'stagebieder',
    person: 'persoonlijk',
  },
} as const;
