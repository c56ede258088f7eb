import type { i18n as TI18n } from 'i18next';

/** Texts of `/internships/bulk_messages` (nl and en), namespace `bulkMessages`, loaded with the page. */
export const BULK_MESSAGES_NAMESPACE = 'bulkMessages';

export const bulkMessagesNl = {
  intro:
    'Stuur één bericht naar de leerlingen van een selectie stages, en als je wilt ook naar hun contactpersonen en begeleiders. Iedereen krijgt een eigen e-mail.',
  forbidden: 'Alleen beheerders van een school sturen bulkberichten.',
  select: '1. Kies de stages',
  search: 'Zoeken',
  status: 'Status',
  allStatuses: 'Alle statussen',
  selectAll: 'Alle getoonde stages kiezen',
  selected_one: '{{count}} stage gekozen',
  selected_other: '{{count}} stages gekozen',
  noInternships: 'Geen stages gevonden.',
  student: 'Leerling',
  organization: 'Organisatie',
  write: '2. Schrijf het bericht',
  subject: 'Onderwerp',
  body: 'Bericht',
  bodyHint: 'Gewone tekst; een lege regel begint een nieuwe alinea.',
  toContacts: 'Ook naar de contactpersonen',
  toSupervisors: 'Ook naar de begeleiders',
  noneSelected: 'Kies eerst minstens één stage.',
  send: 'Bericht versturen',
  sent: 'Bericht verstuurd naar {{count}} ontvangers.',
  history: 'Verstuurde berichten',
  noHistory: 'Er zijn nog geen berichten verstuurd.',
  recipients: 'Ontvangers',
  recipient: 'Ontvanger',
  kind: 'Rol',
  kinds: { student: 'Leerling', contact: 'Contactpersoon', supervisor: 'Begeleider' },
  deliveryStatus: 'Bezorging',
  statuses: { requested: 'Onderweg', delivered: 'Verstuurd', failed: 'Mislukt' },
  counts: '{{delivered}} verstuurd · {{requested}} onderweg · {{failed}} mislukt',
  show: 'Ontvangers tonen',
  loading: 'Laden…',
  loadError: 'Laden is mislukt.',
  internshipStatuses: {
    submitted: 'Ingediend',
    applied: 'Aangemeld',
    accepted: 'Geaccepteerd',
    approved: 'Goedgekeurd',
    active: 'Loopt',
    completed: 'Afgerond',
    declined: 'Afgewezen',
    rejected: 'Afgekeurd',
    withdrawn: 'Ingetrokken',
    cancelled: 'Geannuleerd',
  },
};

export const bulkMessagesEn: typeof bulkMessagesNl = {
  intro:
    'Send one message to the students of a selection of internships, and if you like to their contacts and supervisors too. Everyone gets their own email.',
  forbidden: 'Only admins of a school send bulk messages.',
  select: '1. Choose the internships',
  search: 'Search',
  status: 'Status',
  allStatuses: 'All statuses',
  selectAll: 'Choose all internships shown',
  selected_one: '{{count}} internship chosen',
  selected_other: '{{count}} internships chosen',
  noInternships: 'No internships found.',
  student: 'Student',
  organization: 'Organization',
  write: '2. Write the message',
  subject: 'Subject',
  body: 'Message',
  bodyHint: 'Plain text; an empty line starts a new paragraph.',
  toContacts: 'Also to the contacts',
  toSupervisors: 'Also to the supervisors',
  noneSelected: 'Choose at least one internship first.',
  send: 'Send message',
  sent: 'Message sent to {{count}} recipients.',
  history: 'Messages sent',
  noHistory: 'No messages have been sent yet.',
  recipients: 'Recipients',
  recipient: 'Recipient',
  kind: 'Role',
  kinds: { student: 'Student', contact: 'Contact', supervisor: 'Supervisor' },
  deliveryStatus: 'Delivery',
  statuses: { requested: 'On its way', delivered: 'Sent', failed: 'Failed' },
  counts: '{{delivered}} sent · {{requested}} on their way · {{failed}} failed',
  show: 'Show recipients',
  loading: 'Loading…',
  loadError: 'Loading failed.',
  internshipStatuses: {
    submitted: 'Submitted',
    applied: 'Applied',
    accepted: 'Accepted',
    approved: 'Approved',
    active: 'Running',
    completed: 'Completed',
    declined: 'Declined',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
    cancelled: 'Cancelled',
  },
};

export function registerBulkMessagesMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: bulkMessagesNl, en: bulkMessagesEn })) {
    if (!i18n.hasResourceBundle(lng, BULK_MESSAGES_NAMESPACE))
      i18n.addResourceBundle(lng, BULK_MESSAGES_NAMESPACE, messages, true, false);
  }
}
