import { INTERNSHIP_STATUS_LABELS } from '@stageplein/contracts/placements/internship-status-labels';
import { useLocaleState } from 'react-admin';

/**
 * The data viewer's texts, nl and en. They live in this resource's chunk (not in the back office's
 * shared catalogues, which weigh on its first load).
 */
const nl = {
  /** How dates are written: 01-02-2027. */
  dateLocale: 'nl-NL',
  intro:
    'Alle stages die je mag zien, met leerling, organisatie, vacature, huidige fase, stageperiode, contactpersoon en praktijkbegeleider.',
  columns: {
    title: 'Stage',
    student: 'Leerling',
    organization: 'Organisatie',
    city: 'Plaats',
    vacancy: 'Vacature',
    currentPhase: 'Huidige fase',
    internshipPeriod: 'Stageperiode',
    contactPerson: 'Contactpersoon',
    supervisor: 'Praktijkbegeleider',
    status: 'Status',
    startDate: 'Begindatum',
    endDate: 'Einddatum',
    selfFound: 'Zelf gevonden',
    hours: 'Uren',
  },
  filters: { search: 'Zoeken', group: 'Klas' },
  empty: 'Geen stages gevonden.',
  yes: 'Ja',
  no: 'Nee',
  exportCsv: 'Exporteren (CSV)',
  exporting: 'Bezig met exporteren…',
  exportFailed: 'Het exporteren is mislukt.',
  fileName: 'stages',
  status: INTERNSHIP_STATUS_LABELS.nl,
};

type TTexts = typeof nl;

const en: TTexts = {
  dateLocale: 'en-GB',
  intro:
    'Every internship you may see, with student, organization, vacancy, current phase, internship period, contact person and supervisor.',
  columns: {
    title: 'Internship',
    student: 'Student',
    organization: 'Organization',
    city: 'Place',
    vacancy: 'Vacancy',
    currentPhase: 'Current phase',
    internshipPeriod: 'Internship period',
    contactPerson: 'Contact person',
    supervisor: 'Supervisor',
    status: 'Status',
    startDate: 'Start date',
    endDate: 'End date',
    selfFound: 'Self-found',
    hours: 'Hours',
  },
  filters: { search: 'Search', group: 'Group' },
  empty: 'No internships found.',
  yes: 'Yes',
  no: 'No',
  exportCsv: 'Export (CSV)',
  exporting: 'Exporting…',
  exportFailed: 'The export failed.',
  fileName: 'internships',
  status: INTERNSHIP_STATUS_LABELS.en,
};

export const DATA_VIEWER_TEXTS = { nl, en } as const;
export type TDataViewerTexts = TTexts;

/** The texts in the back office's language. */
export function useDataViewerTexts(): TTexts {
  const [locale] = useLocaleState();
  return locale === 'en' ? en : nl;
}
