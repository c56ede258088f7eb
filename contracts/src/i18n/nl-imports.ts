/**
 * The student import's Dutch texts (`portal.imports.*`). Its own module: part of `nl` (nl.ts), but the
 * portal's first download leaves it out and the import page adds it (/stagebank's 170 KiB budget).
 */
export const nlImports = {
  intro:
    'Zet leerlingen van je school in één keer in Stageplein met een CSV-bestand. Bestaande leerlingen worden bijgewerkt.',
  uploadTitle: 'Bestand uploaden',
  school: 'School',
  file: 'CSV-bestand',
  fileHint:
    'Kolommen: Voornaam, Achternaam, E-mailadres, Leerlingnummer en eventueel Klas en Niveau. Gescheiden door ; of , en hoogstens {{max}} MB.',
  tooLarge: 'Dit bestand is groter dan {{max}} MB.',
  createMissing: 'Onbekende klassen en niveaus aanmaken',
  createMissingHint: 'Anders worden rijen met een klas of niveau dat de school nog niet heeft overgeslagen.',
  mailNoticeTitle: 'Nieuwe leerlingen krijgen meteen een e-mail',
  mailNotice:
    'Zodra je op Importeren klikt, krijgt elke leerling die nog geen account heeft een uitnodiging per e-mail om het account te activeren. Leerlingen die al een account hebben, worden alleen bijgewerkt en krijgen geen e-mail.',
  submit: 'Importeren',
  uploadFailed: 'Het bestand is niet geïmporteerd',
  statusTitle: 'Voortgang van de import',
  progressLabel: 'Voortgang',
  progress: '{{processed}} van {{total}} rijen verwerkt ({{percent}}%)',
  done: {
    completed: 'Klaar: alle {{total}} rijen zijn verwerkt.',
    cancelled: 'De import is gestopt.',
    failed: 'De import is mislukt.',
  },
  statuses: {
    pending: 'wacht',
    running: 'bezig',
    cancelling: 'wordt gestopt',
    completed: 'klaar',
    cancelled: 'gestopt',
    failed: 'mislukt',
  },
  counts: {
    total: 'Rijen',
    valid: 'Goedgekeurd',
    invalid: 'Overgeslagen',
    created: 'Aangemaakt',
    updated: 'Bijgewerkt',
    unchanged: 'Ongewijzigd',
    failed: 'Mislukt',
  },
  failed: 'Er ging iets mis tijdens het importeren. Probeer het opnieuw met hetzelfde bestand.',
  cancel: 'Import stoppen',
  downloadReport: 'Verslag downloaden (CSV)',
  problemsTitle: 'Rijen met problemen',
  moreProblems: 'De eerste {{shown}} van {{total}} rijen met problemen; het verslag bevat ze allemaal.',
  noProblems: 'Geen rijen met problemen.',
  row: 'Rij',
  student: 'Leerling',
  messages: 'Problemen',
} as const;
