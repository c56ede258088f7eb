/**
 * The organization sign-up's and settings' Dutch texts (`portal.organizationSignup.*`,
 * `portal.organizationSettings.*`). Their own module: part of `nl` (nl.ts), but the portal's first
 * download leaves them out and their pages add them (/stagebank's 170 KiB budget).
 */
export const nlOrganizationSignup = {
  intro:
    'Biedt jouw bedrijf of organisatie stageplekken of vrijwilligerswerk aan? Meld je hier aan. Een school of de beheerder van deze website beoordeelt je aanmelding.',
  type: 'Soort organisatie',
  typeHints: {
    Provider: 'Een bedrijf of instelling die stages aanbiedt',
    NonProfit: 'Een vereniging, stichting of andere maatschappelijke organisatie',
  },
  organization: 'Je organisatie',
  admin: 'Beheerder',
  adminHint:
    'De beheerder beheert de organisatie en haar vacatures. Op dit e-mailadres ontvang je een uitnodiging om een wachtwoord te kiezen.',
  submit: 'Aanmelden',
  haveAccount: 'Heb je al een account?',
  received:
    'Bedankt! We hebben de aanmelding van {{organization}} ontvangen. We hebben een e-mail gestuurd naar {{email}}.',
  receivedAnonymous: 'Bedankt! We hebben je aanmelding ontvangen.',
  next: {
    mail: 'Bevestig je account met de link in de uitnodiging die we je hebben gemaild, en kies een wachtwoord.',
    review:
      'Een school of de beheerder van deze website beoordeelt je aanmelding. Je krijgt een e-mail zodra die is goedgekeurd.',
    start: 'Daarna log je in en kun je vacatures plaatsen.',
  },
  home: 'Naar de startpagina',
} as const;

export const nlOrganizationSettings = {
  intro: 'Het profiel van {{organization}}: zo zien leerlingen en scholen jullie organisatie.',
  save: 'Opslaan',
  saved: 'Het profiel van de organisatie is opgeslagen.',
  status: {
    pending: 'Je aanmelding wordt nog beoordeeld. Je kunt het profiel alvast aanvullen.',
    denied: 'De aanmelding van deze organisatie is niet goedgekeurd.',
    archived: 'Deze organisatie is gearchiveerd.',
  },
  educationSso: {
    title: 'Inloggen met Kennisnet',
    intro:
      'Leerlingen en medewerkers van je school loggen in met hun schoolaccount van Kennisnet (Entree). Wij herkennen je school aan haar BRIN-code.',
    brins: 'BRIN-codes',
    brinsHint: 'Twee cijfers en twee letters, bijvoorbeeld 12AB. Meerdere codes scheid je met een komma.',
    brinInvalid: 'Een BRIN-code bestaat uit twee cijfers en twee letters, bijvoorbeeld 12AB.',
    provision: 'Leerlingen zonder account krijgen er een',
    provisionHint:
      'Logt een leerling van je school voor het eerst in met Kennisnet en heeft hij of zij hier nog geen account, dan maken we dat aan. Uit: de leerling kan alleen een bestaand account koppelen.',
    save: 'Opslaan',
    saved: 'De instellingen voor inloggen met Kennisnet zijn opgeslagen.',
  },
} as const;
