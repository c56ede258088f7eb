/**
 * The write-back page's Dutch texts (`portal.writeBack.*`, /terugschrijven). Its own module: part of `nl`
 * (nl.ts), but the portal's first download leaves it out and the page adds it.
 */
export const nlWriteBack = {
  intro:
    'Zet de uren en beoordelingen van afgeronde stages in het leerlingvolgsysteem van je school, zodat niemand ze twee keer hoeft over te typen.',
  period: 'Stageperiode',
  choosePeriod: 'Kies een periode',
  periodRequired: 'Kies eerst een stageperiode.',
  preview: 'Bekijken',
  previewTitle: 'Afgeronde stages',
  summary: 'Afgeronde stages: {{count}}, waarvan al verstuurd: {{sent}}.',
  none: 'In deze periode is nog geen stage afgerond.',
  student: 'Leerling',
  company: 'Organisatie',
  hours: 'Uren (gedaan / nodig)',
  grade: 'Cijfer',
  sentAt: 'Verstuurd',
  notSent: 'nog niet',
  target: 'Waarheen?',
  toMagister: 'Naar Magister versturen',
  toFile: 'Als importbestand voor het leerlingvolgsysteem',
  noMagister:
    'Je school heeft Magister niet gekoppeld. Je kunt de resultaten wel als importbestand downloaden en zelf inlezen in je leerlingvolgsysteem.',
  send: 'Versturen',
  makeFile: 'Bestand maken',
  runTitle: 'Resultaat',
  progressLabel: 'Voortgang',
  progress: '{{done}} van {{total}} stages verwerkt',
  statuses: {
    queued: 'Wacht op verwerking…',
    running: 'Bezig met versturen…',
    done: 'Klaar.',
    failed: 'Mislukt: {{reason}}',
  },
  failures: {
    roster_not_configured: 'je school heeft Magister niet gekoppeld.',
    unauthorized: 'Magister weigert de inloggegevens van de koppeling.',
    forbidden: 'Magister geeft Stageplein geen toestemming om te schrijven.',
    host_not_allowed: 'het adres van de koppeling is niet toegestaan.',
    other:
      'Magister was niet bereikbaar. Probeer het later opnieuw; wat al verstuurd is, wordt niet nog eens verstuurd.',
  },
  counts: {
    sent: 'Verstuurd',
    already_sent: 'Al eerder verstuurd',
    refused: 'Geweigerd',
    exported: 'In het bestand',
  },
  states: {
    pending: 'wacht',
    sent: 'verstuurd',
    already_sent: 'al eerder verstuurd',
    refused: 'geweigerd',
    exported: 'in het bestand',
  },
  reasons: {
    no_student_number: 'geen leerlingnummer bekend',
    student_unknown: 'Magister kent dit leerlingnummer niet',
    rejected: 'Magister weigerde de gegevens',
  },
  download: 'Importbestand downloaden',
  state: 'Uitkomst',
};
