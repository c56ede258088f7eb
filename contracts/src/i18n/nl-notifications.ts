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
  message_received: '{{name}} schreef in het gesprek over ‘{{title}}’',
  direct_message_received: '{{name}} stuurde je een bericht',
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

/**
 * The periodic mail's texts (`notifications.digest.*`, docs/decisions/notifications.md "Digest"): rendered
 * by the notifications service in the recipient's language; no front end downloads them.
 */
export const nlNotificationDigest = {
  period: { daily: 'dagelijkse', weekly: 'wekelijkse', monthly: 'maandelijkse' },
  notifications: 'Nieuwe meldingen',
  more: 'En nog {{count}} meer.',
  tasks: 'Wacht op jou',
  phase_task: 'Een taak bij de stage ‘{{title}}’',
  phase_task_due: 'Een taak bij de stage ‘{{title}}’, uiterlijk {{date}}',
  hours_to_confirm: '{{count}} uur te bevestigen bij de stage ‘{{title}}’',
} as const;

/**
 * Recent actions' lines (`notifications.actions.*`, /recente_acties): rendered by the notifications
 * service in the reader's language. `{{student}}`: the student's first name, `{{title}}`: the internship.
 */
export const nlRecentActionKinds = {
  application_submitted: '{{student}} solliciteerde op ‘{{title}}’',
  application_accepted: 'De sollicitatie van {{student}} op ‘{{title}}’ is geaccepteerd',
  application_declined: 'De sollicitatie van {{student}} op ‘{{title}}’ is afgewezen',
  internship_created: 'Stage ‘{{title}}’ van {{student}} aangemaakt',
  internship_approved: 'Stage ‘{{title}}’ van {{student}} goedgekeurd',
  internship_rejected: 'Stage ‘{{title}}’ van {{student}} afgekeurd',
  internship_started: 'Stage ‘{{title}}’ van {{student}} is begonnen',
  internship_completed: 'Stage ‘{{title}}’ van {{student}} is afgerond',
  internship_withdrawn: '{{student}} trok de sollicitatie op ‘{{title}}’ in',
  internship_cancelled: 'Stage ‘{{title}}’ van {{student}} is geannuleerd',
  hours_logged: '{{student}} schreef {{hours}} uur op {{date}} bij ‘{{title}}’',
  hours_confirmed: 'Uren van {{student}} op {{date}} bij ‘{{title}}’ bevestigd',
  hours_rejected: 'Uren van {{student}} op {{date}} bij ‘{{title}}’ afgekeurd',
  phase_entered: 'Stage ‘{{title}}’ van {{student}} is in een nieuwe fase',
  phase_task_completed: 'Een taak bij ‘{{title}}’ van {{student}} is afgerond',
  evaluation_opened: 'Evaluatie van ‘{{title}}’ van {{student}} gestart',
  contract_signed: 'Stagecontract van {{student}} is door iedereen ondertekend',
} as const;
