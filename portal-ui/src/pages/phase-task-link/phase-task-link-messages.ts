import type { i18n as TI18n } from 'i18next';

/**
 * Texts of the workplace supervisor's phase-task page (`/fasetaak`), nl and en, in the i18next namespace
 * `phaseTaskLink`: they load with that chunk only.
 */
export const PHASE_TASK_LINK_NAMESPACE = 'phaseTaskLink';

export const phaseTaskLinkNl = {
  title: 'Taak afronden',
  loading: 'Taak laden…',
  noLink:
    'Open deze pagina met de link uit je e-mail. Werkt de link niet meer? Vraag de school om een nieuwe.',
  intro: 'De stage van {{student}} bij {{organization}} staat in de fase "{{phase}}". De school vraagt jou:',
  due: 'Graag afronden voor {{date}}.',
  overdue: 'De termijn ({{date}}) is verstreken.',
  expires: 'Deze link werkt tot {{date}}.',
  complete: 'Taak afronden',
  confirmQuestion: 'Weet je zeker dat je "{{task}}" wilt afronden? Dit kun je niet ongedaan maken.',
  confirm: 'Ja, afronden',
  cancel: 'Annuleren',
  done: 'Deze taak is afgerond. Dank je wel!',
  closed: 'Deze taak staat niet meer open.',
  nextTitle: 'Wat kun je nu doen?',
  nextNewerMail:
    'Kijk in je mailbox of je een nieuwere e-mail over deze taak hebt gekregen. Alleen de link in de nieuwste e-mail werkt.',
  nextWholeLink:
    'Open de link opnieuw vanuit de e-mail, in zijn geheel. Knip hem niet af en typ hem niet over.',
  nextAsk:
    'Lukt het niet? Vraag de student die bij jou stage loopt, of de stagecoördinator van de school, om een nieuwe link. De school stuurt die vanaf de pagina van de stage naar het e-mailadres dat bij de stage staat. Heb je een ander e-mailadres? Geef dat dan ook door.',
  nextNothing:
    'Is de stage afgelopen of gestopt, of begeleid je deze student niet meer? Dan hoef je niets te doen.',
};

export const phaseTaskLinkEn: typeof phaseTaskLinkNl = {
  title: 'Complete a task',
  loading: 'Loading the task…',
  noLink:
    'Open this page with the link from your e-mail. Does the link no longer work? Ask the school for a new one.',
  intro:
    'The internship of {{student}} at {{organization}} is in the phase "{{phase}}". The school asks you:',
  due: 'Please complete it before {{date}}.',
  overdue: 'The deadline ({{date}}) has passed.',
  expires: 'This link works until {{date}}.',
  complete: 'Complete the task',
  confirmQuestion: 'Are you sure you want to complete "{{task}}"? This cannot be undone.',
  confirm: 'Yes, complete it',
  cancel: 'Cancel',
  done: 'This task is done. Thank you!',
  closed: 'This task is no longer open.',
  nextTitle: 'What can you do now?',
  nextNewerMail:
    'Check your mailbox for a newer e-mail about this task. Only the link in the newest e-mail works.',
  nextWholeLink: 'Open the link again from the e-mail, in full. Do not shorten it or type it over.',
  nextAsk:
    'Still not working? Ask the student doing their internship with you, or the school’s internship coordinator, for a new link. The school sends it from the internship’s page to the e-mail address on the internship. Do you have another e-mail address? Pass that on as well.',
  nextNothing:
    'Has the internship ended or stopped, or do you no longer supervise this student? Then you need not do anything.',
};

export function registerPhaseTaskLinkMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: phaseTaskLinkNl, en: phaseTaskLinkEn })) {
    if (!i18n.hasResourceBundle(lng, PHASE_TASK_LINK_NAMESPACE)) {
      i18n.addResourceBundle(lng, PHASE_TASK_LINK_NAMESPACE, messages, true, false);
    }
  }
}
