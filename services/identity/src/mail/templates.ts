import type { TLanguage } from '@stageplein/contracts/i18n/index';

export const MAIL_KINDS = [
  'invitation',
  'confirmation',
  'password_reset',
  'passwordless',
  'account_deletion',
] as const;
export type TMailKind = (typeof MAIL_KINDS)[number];

export interface TMailVars {
  appName: string;
  name: string;
  link: string;
  /** Passwordless sign-in code. */
  code?: string;
  /** How long the link stays valid, in words. */
  validFor: string;
}

interface TTemplate {
  subject: string;
  /** Paragraphs; `{{link}}` becomes the button, the other placeholders are replaced. */
  paragraphs: string[];
  button: string;
}

/** Outgoing mail texts per language (nl is the default language of the product). */
export const TEMPLATES: Record<TLanguage, Record<TMailKind, TTemplate>> = {
  nl: {
    invitation: {
      subject: 'Je bent uitgenodigd voor {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Er is een account voor je aangemaakt op {{appName}}. Bevestig je account en kies een wachtwoord.',
        'Deze link is {{validFor}} geldig.',
      ],
      button: 'Account bevestigen',
    },
    confirmation: {
      subject: 'Bevestig je account bij {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Bevestig je e-mailadres met de knop hieronder.',
        'Deze link is {{validFor}} geldig.',
      ],
      button: 'E-mailadres bevestigen',
    },
    password_reset: {
      subject: 'Wachtwoord opnieuw instellen voor {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Iemand heeft gevraagd om het wachtwoord van je account opnieuw in te stellen. Was jij dat niet, dan kun je deze e-mail negeren.',
        'Deze link is {{validFor}} geldig en werkt één keer.',
      ],
      button: 'Nieuw wachtwoord kiezen',
    },
    passwordless: {
      subject: 'Je inloglink voor {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Log in met de knop hieronder, of vul deze code in: {{code}}',
        'De link en de code zijn {{validFor}} geldig en werken één keer.',
      ],
      button: 'Inloggen',
    },
    account_deletion: {
      subject: 'Bevestig het verwijderen van je account bij {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Je hebt gevraagd om je account en je gegevens te verwijderen. Dit kan niet ongedaan worden gemaakt. Was jij dat niet, dan kun je deze e-mail negeren.',
        'Deze link is {{validFor}} geldig.',
      ],
      button: 'Account verwijderen',
    },
  },
  en: {
    invitation: {
      subject: 'You have been invited to {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'An account has been created for you on {{appName}}. Confirm your account and choose a password.',
        'This link is valid for {{validFor}}.',
      ],
      button: 'Confirm account',
    },
    confirmation: {
      subject: 'Confirm your account at {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'Please confirm your email address with the button below.',
        'This link is valid for {{validFor}}.',
      ],
      button: 'Confirm email address',
    },
    password_reset: {
      subject: 'Reset your password for {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'Someone asked to reset the password of your account. If that was not you, you can ignore this email.',
        'This link is valid for {{validFor}} and works once.',
      ],
      button: 'Choose a new password',
    },
    passwordless: {
      subject: 'Your sign-in link for {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'Sign in with the button below, or enter this code: {{code}}',
        'The link and the code are valid for {{validFor}} and work once.',
      ],
      button: 'Sign in',
    },
    account_deletion: {
      subject: 'Confirm deleting your account at {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'You asked to delete your account and your data. This cannot be undone. If that was not you, you can ignore this email.',
        'This link is valid for {{validFor}}.',
      ],
      button: 'Delete account',
    },
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function fill(text: string, vars: TMailVars): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    String((vars as unknown as Record<string, unknown>)[key] ?? whole),
  );
}

/** Subject, plain text and HTML of one mail. */
export function renderMail(
  lang: TLanguage,
  kind: TMailKind,
  vars: TMailVars,
): { subject: string; text: string; html: string } {
  const t = TEMPLATES[lang][kind];
  const paragraphs = t.paragraphs.map((p) => fill(p, vars));
  const text = [...paragraphs, `${t.button}: ${vars.link}`].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.button)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject: fill(t.subject, vars), text, html };
}

/** "6 uur", "15 minutes"… for the validity line. */
export function duration(lang: TLanguage, minutes: number): string {
  const [n, unit] =
    minutes % (60 * 24) === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  const words = {
    nl: { day: ['dag', 'dagen'], hour: ['uur', 'uur'], minute: ['minuut', 'minuten'] },
    en: { day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'] },
  }[lang][unit as 'day' | 'hour' | 'minute'];
  return `${n} ${n === 1 ? words[0] : words[1]}`;
}
