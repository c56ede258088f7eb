import { INTERNSHIP_STATUS_LABELS } from '@stageplein/contracts/placements/internship-status-labels';
import type { i18n as TI18n } from 'i18next';

/**
 * Texts of `/zelfgevonden` (nl and en), in the i18next namespace `selfFound`: they load with the
 * page's chunk only, not with the portal's first download.
 */
export const SELF_FOUND_NAMESPACE = 'selfFound';

export const selfFoundNl = {
  intro:
    'Heb je zelf een stageplek gevonden? Vul hieronder de gegevens in. Je school bekijkt je aanmelding en keurt hem goed of af.',
  unavailable: 'Op deze website kun je geen zelfgevonden stage aanmelden.',
  forbidden: 'Alleen leerlingen melden een zelfgevonden stage aan, namens hun school.',
  internship: 'De stage',
  title: 'Titel van de stage',
  titleHint: 'Bijvoorbeeld: Stage dierenverzorging',
  description: 'Wat ga je doen?',
  startDate: 'Begindatum',
  endDate: 'Einddatum',
  organization: 'Het bedrijf of de organisatie',
  organizationName: 'Naam',
  address: 'Straat en huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  website: 'Website',
  websiteHint: 'Bijvoorbeeld www.bedrijf.nl',
  contact: 'Je contactpersoon daar',
  contactName: 'Naam',
  contactEmail: 'E-mailadres',
  contactPhone: 'Telefoonnummer',
  submit: 'Stage aanmelden',
  submitted: 'Je stage is aangemeld. Je school bekijkt hem zo snel mogelijk.',
  mine: 'Mijn zelfgevonden stages',
  none: 'Je hebt nog geen zelfgevonden stage aangemeld.',
  loading: 'Laden…',
  loadError: 'Je stages konden niet worden geladen.',
  statuses: { ...INTERNSHIP_STATUS_LABELS.nl, submitted: 'Wacht op je school' },
  reason: 'Reden: {{reason}}',
  dates: '{{start}} t/m {{end}}',
};

export const selfFoundEn: typeof selfFoundNl = {
  intro:
    'Found an internship yourself? Fill in its details below. Your school reviews it and approves or rejects it.',
  unavailable: 'Self-found internships cannot be submitted on this website.',
  forbidden: 'Only students submit a self-found internship, on behalf of their school.',
  internship: 'The internship',
  title: 'Title of the internship',
  titleHint: 'For example: Animal care internship',
  description: 'What will you do?',
  startDate: 'Start date',
  endDate: 'End date',
  organization: 'The company or organization',
  organizationName: 'Name',
  address: 'Street and number',
  postcode: 'Postcode',
  city: 'Town',
  website: 'Website',
  websiteHint: 'For example www.company.nl',
  contact: 'Your contact there',
  contactName: 'Name',
  contactEmail: 'Email address',
  contactPhone: 'Phone number',
  submit: 'Submit internship',
  submitted: 'Your internship was submitted. Your school will review it soon.',
  mine: 'My self-found internships',
  none: 'You have not submitted a self-found internship yet.',
  loading: 'Loading…',
  loadError: 'Your internships could not be loaded.',
  statuses: { ...INTERNSHIP_STATUS_LABELS.en, submitted: 'Waiting for your school' },
  reason: 'Reason: {{reason}}',
  dates: '{{start}} to {{end}}',
};

export function registerSelfFoundMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: selfFoundNl, en: selfFoundEn })) {
    if (!i18n.hasResourceBundle(lng, SELF_FOUND_NAMESPACE))
      i18n.addResourceBundle(lng, SELF_FOUND_NAMESPACE, messages, true, false);
  }
}
