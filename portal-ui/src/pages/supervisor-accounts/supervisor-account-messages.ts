import type { i18n as TI18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Texts of a supervisor's request for an account (the section on their link pages, the company's
 * answer on the dashboard), nl and en, in the i18next namespace `supervisorAccount`: they load with
 * those chunks only.
 */
export const SUPERVISOR_ACCOUNT_NAMESPACE = 'supervisorAccount';

export const supervisorAccountNl = {
  title: 'Wil je een account?',
  intro:
    'Voor deze link heb je geen account nodig. Met een account zie je je stagiairs op één plek en log je in zonder link. Je organisatie beslist of je er een krijgt.',
  ask: 'Account aanvragen',
  asking: 'Bezig met aanvragen…',
  requested:
    'Je aanvraag is verstuurd naar de beheerders van je organisatie. Nodigen ze je uit, dan krijg je een e-mail op {{email}} om je wachtwoord te kiezen. Tot dan blijft deze link gewoon werken.',
  invited:
    'Je organisatie heeft je uitgenodigd: kijk in je mail ({{email}}) en kies je wachtwoord. Tot dan blijft deze link gewoon werken.',
  declined: 'Je organisatie geeft je nu geen account. Deze link blijft gewoon werken.',
  // The company's answer, on its dashboard.
  requestLabel: '{{name}} ({{email}}) vraagt een account · {{internship}}',
  invite: 'Uitnodigen',
  decline: 'Afwijzen',
  inviteFor: '{{name}} uitnodigen',
  declineFor: 'Aanvraag van {{name}} afwijzen',
  invitedDone: '{{name}} is uitgenodigd. De uitnodiging is gemaild naar {{email}}.',
  declinedDone: 'De aanvraag van {{name}} is afgewezen.',
};

export const supervisorAccountEn: typeof supervisorAccountNl = {
  title: 'Want an account?',
  intro:
    "You don't need an account for this link. With an account you see your interns in one place and sign in without a link. Your organization decides whether you get one.",
  ask: 'Ask for an account',
  asking: 'Asking…',
  requested:
    "Your request was sent to your organization's admins. If they invite you, you get an e-mail at {{email}} to choose your password. Until then this link keeps working.",
  invited:
    'Your organization invited you: check your mail ({{email}}) and choose your password. Until then this link keeps working.',
  declined: "Your organization doesn't give you an account for now. This link keeps working.",
  requestLabel: '{{name}} ({{email}}) asks for an account · {{internship}}',
  invite: 'Invite',
  decline: 'Decline',
  inviteFor: 'Invite {{name}}',
  declineFor: "Decline {{name}}'s request",
  invitedDone: '{{name}} has been invited. The invitation was mailed to {{email}}.',
  declinedDone: "{{name}}'s request has been declined.",
};

function register(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: supervisorAccountNl, en: supervisorAccountEn })) {
    if (!i18n.hasResourceBundle(lng, SUPERVISOR_ACCOUNT_NAMESPACE))
      i18n.addResourceBundle(lng, SUPERVISOR_ACCOUNT_NAMESPACE, messages, true, false);
  }
}

/** `t` of the `supervisorAccount` namespace. */
export function useSupervisorAccountTexts() {
  const { t, i18n } = useTranslation(SUPERVISOR_ACCOUNT_NAMESPACE);
  register(i18n);
  return { t };
}
