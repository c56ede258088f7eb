/**
 * The Kennisnet pages' own Dutch texts (`portal.kennisnetPages.*`: why a sign-in failed, linking an
 * account). Part of `nl` (nl.ts); the portal's first download leaves them out and the pages add them.
 */
export const nlKennisnetPages = {
  reasons: {
    consent_missing:
      'Je school geeft een gegeven dat we nodig hebben niet aan ons door. Vraag je school om dit gegeven voor deze website vrij te geven, of log op een andere manier in.',
    unknown_school:
      'Je school gebruikt deze website (nog) niet. Vraag je school of je hier met Kennisnet kunt inloggen, of log op een andere manier in.',
    account_inactive: 'Je account op deze website is niet actief. Neem contact op met je school.',
    expired:
      'Deze aanmelding is verlopen, al gebruikt of in een andere browser begonnen. Begin opnieuw met inloggen.',
    cancelled: 'Je hebt het inloggen bij Kennisnet afgebroken.',
    unavailable:
      'Inloggen met Kennisnet lukt op dit moment niet. Probeer het later opnieuw of log op een andere manier in.',
  },
  attribute: 'Het ontbrekende gegeven: {{attribute}}.',
  link: {
    intro:
      'Je Kennisnet-account is nog niet aan een account op deze website gekoppeld. Log één keer in met het e-mailadres en wachtwoord van je account bij je school; daarna log je met Kennisnet meteen in.',
    known:
      'We vonden een account met het e-mailadres {{email}}. Bevestig met het wachtwoord dat het van jou is.',
    submit: 'Koppelen en inloggen',
    noAccount: 'Heb je nog geen account of weet je je wachtwoord niet? Vraag je school om hulp.',
    missing: 'Deze koppellink is niet compleet. Begin opnieuw met inloggen.',
  },
};
