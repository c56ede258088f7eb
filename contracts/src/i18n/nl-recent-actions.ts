/**
 * The /recente_acties page's own texts (`portal.recentActions.*`): part of `nl`, but added by the page
 * when it loads (/stagebank's first-download budget). The lines themselves are the notifications
 * service's (`notifications.actions.*`, nl-notifications.ts).
 */
export const nlRecentActionsPage = {
  intro: 'Wat er de laatste tijd is gebeurd.',
  scope: {
    own: 'Jouw stages en wat je zelf deed.',
    school: 'Alles bij de stages van je school.',
    mentor: 'Alles bij de stages van je mentorleerlingen en wat je zelf deed.',
    organization: 'Alles bij de stages van je organisatie.',
  },
  group: 'Soort',
  allGroups: 'Alles',
  groups: {
    applications: 'Sollicitaties',
    internships: 'Stages',
    hours: 'Uren',
    phases: 'Fases en taken',
    evaluations: 'Evaluaties',
    contracts: 'Contracten',
  },
  period: 'Periode',
  periods: { day: 'Vandaag', week: 'Afgelopen week', month: 'Afgelopen 30 dagen' },
  empty: 'Er is in deze periode niets gebeurd.',
  failed: 'De recente acties konden niet worden geladen.',
  loadMore: 'Meer acties',
  list: 'Recente acties',
} as const;
