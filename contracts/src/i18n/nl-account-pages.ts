/**
 * The profile pages' and the account deletion's Dutch texts (`portal.profile.*`, `portal.deleteAccount.*`).
 * Their own module: part of `nl` (nl.ts), but the portal's first download leaves them out and their pages
 * add them (usePortalTexts; /stagebank's 170 KiB budget).
 */
export const nlProfile = {
  sections: 'Onderdelen van je profiel',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  gender: 'Geslacht',
  genders: { none: 'Zeg ik liever niet', female: 'Vrouw', male: 'Man', other: 'Anders' },
  phoneNumber: 'Telefoonnummer',
  locale: 'Taal van e-mails',
  localeHint: 'In deze taal sturen we je e-mails.',
  save: 'Opslaan',
  saved: 'Je wijzigingen zijn opgeslagen.',
  emailIntro: 'Je huidige e-mailadres is',
  newEmail: 'Nieuw e-mailadres',
  emailPending:
    'We hebben een bevestigingslink gestuurd naar {{email}}. Je e-mailadres verandert zodra je die link opent.',
  currentPassword: 'Huidig wachtwoord',
  notificationsTitle: 'Meldingen per e-mail',
  emailNotifications: 'Stuur mij meldingen per e-mail',
  emailNotificationsHint: 'Bijvoorbeeld als er een bericht of een taak voor je is.',
  passwordTitle: 'Wachtwoord wijzigen',
  savePassword: 'Wachtwoord wijzigen',
  periodicMailIntro: 'De periodieke mail zet op een rij wat er is gebeurd.',
  periodicMailLegend: 'Hoe vaak wil je de periodieke mail ontvangen?',
  frequencies: { never: 'Nooit', daily: 'Dagelijks', weekly: 'Wekelijks', monthly: 'Maandelijks' },
} as const;

export const nlDeleteAccount = {
  intro: 'Vul het e-mailadres van je account in. Je ontvangt een e-mail om het verwijderen te bevestigen.',
  submit: 'Verwijderen aanvragen',
  sent: 'Als er een account met dit e-mailadres bestaat, ontvang je een e-mail om het verwijderen te bevestigen.',
  confirmIntro: 'Bevestig dat je je account wilt verwijderen.',
  warning: 'Je account en je gegevens worden definitief verwijderd. Dit kan niet ongedaan worden gemaakt.',
  confirm: 'Account definitief verwijderen',
  done: 'Je account en je gegevens zijn verwijderd.',
} as const;
