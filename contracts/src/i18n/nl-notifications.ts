/**
 * The in-app notifications' texts (issue #35). `nlNotificationKinds` (`notifications.kinds.*`): one line
 * per kind, rendered by the notifications service in the reader's language; no front end downloads
 * them. `nlNotificationsPage` (`portal.notifications.*`): the /notificaties page's own texts, part of
 * `nl` but added by the page when it loads (/stagebank's first-download budget); the bell's label is
 * in nl-portal.ts.
 */
export const nlNotificationKinds = {
  application_received: 'Nieuwe sollicitatie op ‘{{title}}’',
  application_accepted: '{{organization}} heeft je sollicitatie op ‘{{title}}’ geaccepteerd',
  application_declined: '{{organization}} heeft je sollicitatie op ‘{{title}}’ afgewezen',
  internship_approved: 'Je stage ‘{{title}}’ is goedgekeurd',
  internship_rejected: 'Je stage ‘{{title}}’ is afgekeurd',
  internship_assigned: 'Je bent ingedeeld op een stageplaats: ‘{{title}}’',
  hours_submitted: 'Er zijn uren van {{date}} om te bevestigen',
  hours_confirmed: 'Je uren van {{date}} zijn bevestigd',
  hours_rejected: 'Je uren van {{date}} zijn afgekeurd',
  evaluation_requested: 'Er staat een evaluatie voor je klaar: ‘{{title}}’',
  contract_signer_turn: 'Je bent aan de beurt om het stagecontract te ondertekenen',
  contract_signed: 'Het stagecontract is door iedereen ondertekend',
  organization_approved: '{{name}} is goedgekeurd: je kunt nu aan de slag',
  bulk_message: 'Nieuw bericht: {{subject}}',
  phase_entered: 'Je stage ‘{{title}}’ is in een nieuwe fase',
  phase_task_due: 'Er wacht een taak op je bij de stage ‘{{title}}’',
} as const;

export const nlNotificationsPage = {
  intro: 'Hier zie je wat er voor jou is gebeurd. Nieuwe meldingen verschijnen vanzelf.',
  empty: 'Je hebt nog geen meldingen.',
  unread: 'Ongelezen',
  markRead: 'Markeer als gelezen',
  markAllRead: 'Alles als gelezen markeren',
  allRead: 'Alles is gelezen.',
  open: 'Bekijken',
  loadMore: 'Meer meldingen',
  failed: 'De meldingen konden niet worden geladen.',
  newOne: 'Nieuwe melding',
  list: 'Meldingen',
  bellUnread: 'Notificaties, {{count}} ongelezen',
} as const;
