/**
 * The delivery choices' Dutch texts (`portal.delivery.*`, on /profile-edit/periodieke-mail). Its own
 * module: part of `nl` (nl.ts), but the portal's first download leaves it out and the page adds it.
 */
export const nlDelivery = {
  title: 'Hoe hoor je ervan?',
  intro:
    'Elke melding staat in je meldingen in Stageplein. Kies per soort of je er ook een e-mail van krijgt, of dat hij in je periodieke mail komt.',
  digestNever:
    'Je periodieke mail staat uit: meldingen die je ‘in de periodieke mail’ wilt, zie je alleen in Stageplein.',
  categories: {
    account: 'Je account (uitnodigingen, wachtwoord, inloglinks)',
    signing: 'Ondertekenen van contracten',
    applications: 'Sollicitaties',
    internships: 'Stages',
    hours: 'Uren',
    evaluations: 'Evaluaties',
    contracts: 'Contracten',
    organizations: 'Organisaties',
    messages: 'Berichten',
    tasks: 'Taken',
  },
  deliveries: {
    in_app: 'Alleen in Stageplein',
    email: 'Ook per e-mail',
    digest: 'In de periodieke mail',
  },
  locked: 'Altijd per e-mail: deze e-mails kun je niet uitzetten.',
  saved: 'Opgeslagen: {{category}} — {{delivery}}.',
  loadFailed: 'Je keuzes konden niet worden geladen.',
} as const;
