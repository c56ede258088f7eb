import type { i18n as TI18n } from 'i18next';

/**
 * Texts of the evaluation screens (the section on an internship, the supervisor's page `/evaluatie`),
 * nl and en, in the i18next namespace `evaluations`: they load with those chunks only.
 */
export const EVALUATIONS_NAMESPACE = 'evaluations';

export const evaluationsNl = {
  title: 'Evaluatie',
  loading: 'Evaluatie laden…',
  loadError: 'De evaluatie kon niet worden geladen.',
  noTemplate: 'Voor de stageperiode van deze stage is nog geen evaluatie ingesteld.',
  notOpened: 'De evaluatie "{{name}}" is nog niet geopend.',
  open: 'Evaluatie openen',
  opened: 'Evaluatie geopend',
  sendLink: 'Link naar praktijkbegeleider sturen',
  linkSent: 'Link verstuurd',
  linkSentAt: 'Laatste link aan de praktijkbegeleider: {{date}}.',
  score: 'Score',
  scoreValue: '{{score}}% (cijfer {{grade}})',
  noScore: 'Nog geen score',
  weight: 'telt {{weight}}× mee',
  legacy: 'Vast evaluatieformulier',
  roles: {
    student: 'Student',
    supervisor: 'Praktijkbegeleider',
    mentor: 'Mentor',
  },
  states: {
    open: 'Nog in te vullen',
    submitted: 'Ingevuld',
  },
  submittedOn: 'Ingevuld op {{date}}',
  yourPart: 'Jouw deel invullen',
  send: 'Versturen',
  sent: 'Je antwoorden zijn verstuurd.',
  answers: 'Antwoorden',
  yes: 'Ja',
  no: 'Nee',
  supervisorTitle: 'Stage evalueren',
  supervisorIntro: 'Beoordeel de stage van {{student}} bij {{organization}}.',
  supervisorExpires: 'Deze link werkt tot {{date}}.',
  supervisorNoLink: 'Open deze pagina via de link in de e-mail die u van de school kreeg.',
  supervisorDone: 'Bedankt, uw beoordeling is opgeslagen.',
  template: {
    title: 'Evaluatie van deze periode',
    none: 'Deze periode heeft nog geen evaluatie.',
    name: 'Naam',
    defaultName: 'Eindevaluatie stage',
    form: 'Formulier voor: {{role}}',
    notAsked: 'Niet gevraagd',
    legacyForm: 'Vast evaluatieformulier',
    weight: 'Weging {{role}}',
    create: 'Evaluatie instellen',
    created: 'Evaluatie ingesteld',
    roleLine: '{{role}}: {{form}} (weging {{weight}})',
    openedCount: 'Geopend voor {{count}} stage(s).',
    openAll: 'Openen voor alle lopende stages',
    openedAll: '{{opened}} evaluatie(s) geopend, {{links}} link(s) verstuurd',
    needRole: 'Kies voor minstens één rol een formulier.',
  },
};

export const evaluationsEn: typeof evaluationsNl = {
  title: 'Evaluation',
  loading: 'Loading the evaluation…',
  loadError: 'The evaluation could not be loaded.',
  noTemplate: 'No evaluation has been set up for this internship’s period yet.',
  notOpened: 'The evaluation "{{name}}" has not been opened yet.',
  open: 'Open the evaluation',
  opened: 'Evaluation opened',
  sendLink: 'Send the link to the workplace supervisor',
  linkSent: 'Link sent',
  linkSentAt: 'Last link to the workplace supervisor: {{date}}.',
  score: 'Score',
  scoreValue: '{{score}}% (grade {{grade}})',
  noScore: 'No score yet',
  weight: 'counts {{weight}}×',
  legacy: 'Fixed evaluation form',
  roles: {
    student: 'Student',
    supervisor: 'Workplace supervisor',
    mentor: 'Mentor',
  },
  states: {
    open: 'To be filled in',
    submitted: 'Filled in',
  },
  submittedOn: 'Filled in on {{date}}',
  yourPart: 'Fill in your part',
  send: 'Send',
  sent: 'Your answers have been sent.',
  answers: 'Answers',
  yes: 'Yes',
  no: 'No',
  supervisorTitle: 'Evaluate the internship',
  supervisorIntro: 'Assess the internship of {{student}} at {{organization}}.',
  supervisorExpires: 'This link works until {{date}}.',
  supervisorNoLink: 'Open this page with the link in the e-mail the school sent you.',
  supervisorDone: 'Thank you, your assessment has been saved.',
  template: {
    title: 'Evaluation of this period',
    none: 'This period has no evaluation yet.',
    name: 'Name',
    defaultName: 'Final internship evaluation',
    form: 'Form for: {{role}}',
    notAsked: 'Not asked',
    legacyForm: 'Fixed evaluation form',
    weight: 'Weight {{role}}',
    create: 'Set up the evaluation',
    created: 'Evaluation set up',
    roleLine: '{{role}}: {{form}} (weight {{weight}})',
    openedCount: 'Opened for {{count}} internship(s).',
    openAll: 'Open for all running internships',
    openedAll: '{{opened}} evaluation(s) opened, {{links}} link(s) sent',
    needRole: 'Choose a form for at least one role.',
  },
};

/** Adds both languages once (the chunk is small). */
export function registerEvaluationsMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: evaluationsNl, en: evaluationsEn })) {
    if (!i18n.hasResourceBundle(lng, EVALUATIONS_NAMESPACE)) {
      i18n.addResourceBundle(lng, EVALUATIONS_NAMESPACE, messages, true, false);
    }
  }
}
