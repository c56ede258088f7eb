import type { i18n as TI18n } from 'i18next';

/** Texts of the progress screens (stagevoortgang), nl and en, namespace `progress`: loaded with them only. */
export const PROGRESS_NAMESPACE = 'progress';

export const progressNl = {
  indexTitle: 'Stagevoortgang',
  indexLead: 'Kies een stageperiode om de voortgang van de leerlingen te zien.',
  noPeriods: 'Er zijn geen stageperiodes.',
  loading: 'Laden…',
  explanationLink: 'Hoe werkt deze pagina?',
  dates: '{{start}} – {{end}}',
  filters: 'Filters',
  group: 'Groep',
  level: 'Niveau',
  mentor: 'Mentor',
  behind: 'Achter op schema',
  all: 'Alle',
  onlyBehind: 'Alleen achter op schema',
  notBehind: 'Op schema',
  download: 'Download als CSV',
  count_one: '{{count}} leerling',
  count_other: '{{count}} leerlingen',
  none: 'Geen leerlingen gevonden.',
  student: 'Leerling',
  organization: 'Stageplek',
  status: 'Status',
  hours: 'Uren (bevestigd / nodig)',
  hoursOf: '{{confirmed}} / {{required}}',
  logged: 'Geregistreerd: {{hours}}',
  behindBadge: 'Achter op schema',
  onTrack: 'Op schema',
  elapsed: '{{percent}}% van de periode is voorbij.',
  timeline: 'Tijdlijn',
  noEvents: 'Nog niets gebeurd.',
  statusChange: 'Status: {{status}}',
  hoursEntry: '{{hours}} uur ({{status}}): {{description}}',
  entryStatuses: { pending: 'wacht', confirmed: 'bevestigd', rejected: 'afgewezen' },
  back: 'Terug naar de periode',
  explanationTitle: 'Uitleg stagevoortgang',
  explanation: [
    'Op deze pagina zie je per stageperiode hoe de stages lopen: de status van de stage, de groep, het niveau, de mentor en de uren.',
    'Leerlingen zien alleen hun eigen stage. Mentoren zien de stages van hun mentorleerlingen. Schoolbeheerders zien alle stages van hun school.',
    'Bevestigde uren zijn uren die de praktijkbegeleider heeft bevestigd (of die de school van het papieren urenbriefje heeft overgenomen). Het aantal uren dat nodig is, is dat van de stage zelf, anders dat van de periode.',
    'Achter op schema: er is een aantal uren vastgesteld en de bevestigde uren zijn minder dan het deel daarvan dat bij het verstreken deel van de periode hoort. Voorbeeld: de periode loopt van 1 tot en met 30 november, het is 21 november (70% voorbij) en er zijn 40 uur nodig; dan ligt een leerling met minder dan 28 bevestigde uren achter.',
    'Fase, contract en evaluatie komen later op deze pagina.',
  ],
};

export const progressEn: typeof progressNl = {
  indexTitle: 'Internship progress',
  indexLead: 'Choose an internship period to see the students’ progress.',
  noPeriods: 'There are no internship periods.',
  loading: 'Loading…',
  explanationLink: 'How does this page work?',
  dates: '{{start}} – {{end}}',
  filters: 'Filters',
  group: 'Group',
  level: 'Level',
  mentor: 'Mentor',
  behind: 'Behind schedule',
  all: 'All',
  onlyBehind: 'Only behind schedule',
  notBehind: 'On track',
  download: 'Download as CSV',
  count_one: '{{count}} student',
  count_other: '{{count}} students',
  none: 'No students found.',
  student: 'Student',
  organization: 'Workplace',
  status: 'Status',
  hours: 'Hours (confirmed / required)',
  hoursOf: '{{confirmed}} / {{required}}',
  logged: 'Logged: {{hours}}',
  behindBadge: 'Behind schedule',
  onTrack: 'On track',
  elapsed: '{{percent}}% of the period has passed.',
  timeline: 'Timeline',
  noEvents: 'Nothing has happened yet.',
  statusChange: 'Status: {{status}}',
  hoursEntry: '{{hours}} hours ({{status}}): {{description}}',
  entryStatuses: { pending: 'pending', confirmed: 'confirmed', rejected: 'rejected' },
  back: 'Back to the period',
  explanationTitle: 'About internship progress',
  explanation: [
    'This page shows, per internship period, how the internships are going: the internship’s status, the group, the level, the mentor and the hours.',
    'Students see only their own internship. Mentors see their mentees’ internships. School admins see every internship of their school.',
    'Confirmed hours are hours the supervisor confirmed (or the school took over from the paper timesheet). The hours required are the internship’s own, else the period’s.',
    'Behind schedule: hours are required and the confirmed hours are below the share of them that the elapsed part of the period asks for. Example: the period runs 1–30 November, it is 21 November (70% passed) and 40 hours are required; a student with fewer than 28 confirmed hours is behind.',
    'Phase, contract and evaluation will be added to this page later.',
  ],
};

export function registerProgressMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: progressNl, en: progressEn })) {
    if (!i18n.hasResourceBundle(lng, PROGRESS_NAMESPACE))
      i18n.addResourceBundle(lng, PROGRESS_NAMESPACE, messages, true, false);
  }
}
