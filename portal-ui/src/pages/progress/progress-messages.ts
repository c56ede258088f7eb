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
  behindTitle: 'Wanneer loopt een leerling achter?',
  behindRule: [
    'De uren die nodig zijn, worden gelijk verdeeld over de dagen van de stage: van de begin- tot en met de einddatum van de stage zelf, of van de periode als de stage die niet heeft. Tot en met gisteren telt mee, zodat je de uren van vandaag nog kunt invullen.',
    'Een leerling loopt achter als de ingevulde uren (bevestigd én nog niet bevestigd) minder zijn dan {{tolerance}}% van wat tot nu toe verwacht wordt. Uren die op de praktijkbegeleider wachten tellen dus mee; de praktijkbegeleider krijgt daarvoor zelf een herinnering.',
    'Niet beoordeeld: stages zonder vastgesteld aantal uren, stages die nog niet goedgekeurd of geannuleerd zijn, vergrendelde of afgetekende urenbriefjes, en stages waarvan de uren al gehaald zijn.',
    'De mentor krijgt hierover één keer per week een mail met dezelfde leerlingen als de lijst hier laat zien.',
  ],
  behindExample:
    'Voorbeeld: een stage van {{start}} tot en met {{end}} (30 dagen) met {{required}} uur. Op {{today}} zijn {{days}} dagen voorbij, dus worden {{expected}} uur verwacht; een leerling met minder dan {{threshold}} ingevulde uren loopt achter.',
  explanation: [
    'Op deze pagina zie je per stageperiode hoe de stages lopen: de status van de stage, de groep, het niveau, de mentor en de uren.',
    'Leerlingen zien alleen hun eigen stage. Mentoren zien de stages van hun mentorleerlingen. Schoolbeheerders zien alle stages van hun school.',
    'Bevestigde uren zijn uren die de praktijkbegeleider heeft bevestigd (of die de school van het papieren urenbriefje heeft overgenomen). Het aantal uren dat nodig is, is dat van de stage zelf, anders dat van de periode.',
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
  behindTitle: 'When is a student behind schedule?',
  behindRule: [
    'The hours required are spread evenly over the internship’s days: from the start to the end date of the internship itself, or of the period when it has none. Days up to yesterday count, so today’s hours can still be logged.',
    'A student is behind when the hours logged (confirmed and not yet confirmed) are below {{tolerance}}% of what is expected by now. Hours waiting for the supervisor count; the supervisor gets a reminder of their own.',
    'Not judged: internships without required hours, internships not yet approved or cancelled, locked or signed-off hours sheets, and internships whose hours are already met.',
    'The mentor gets a mail about this at most once a week, naming the same students this list shows.',
  ],
  behindExample:
    'Example: an internship from {{start}} to {{end}} (30 days) with {{required}} hours. On {{today}} {{days}} days have passed, so {{expected}} hours are expected; a student with fewer than {{threshold}} logged hours is behind.',
  explanation: [
    'This page shows, per internship period, how the internships are going: the internship’s status, the group, the level, the mentor and the hours.',
    'Students see only their own internship. Mentors see their mentees’ internships. School admins see every internship of their school.',
    'Confirmed hours are hours the supervisor confirmed (or the school took over from the paper timesheet). The hours required are the internship’s own, else the period’s.',
    'Phase, contract and evaluation will be added to this page later.',
  ],
};

export function registerProgressMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: progressNl, en: progressEn })) {
    if (!i18n.hasResourceBundle(lng, PROGRESS_NAMESPACE))
      i18n.addResourceBundle(lng, PROGRESS_NAMESPACE, messages, true, false);
  }
}
