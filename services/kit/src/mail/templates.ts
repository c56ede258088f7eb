import type { TLanguage } from '@stageplein/contracts/i18n/index';
import {
  lonePlaceholder,
  mailKindBlocks,
  type TMailKind,
  type TMailTemplateTexts,
} from '@stageplein/contracts/notifications/mail-templates';

/**
 * The shipped mail templates of every kind, nl and en (docs/decisions/mail-requests.md). Notifications
 * renders the kinds other services request; identity still renders its own account mails. These are
 * the defaults: a tenant's own subject and body of a kind (notifications' `mail_templates`, issue #35
 * item 2) become a `TTemplate` (`tenantTemplate`) passed to `renderMail` instead.
 */

// The kinds and each kind's variables are contracts' (notifications/mail-templates.ts).
export { MAIL_KINDS, type TMailKind } from '@stageplein/contracts/notifications/mail-templates';

export interface TMailVars {
  appName: string;
  name: string;
  link: string;
  /** Passwordless sign-in code. */
  code?: string;
  /** How long the link stays valid, in words. */
  validFor?: string;
  /** The organization a mail is about. */
  organization?: string;
  /** The moderator's reason (denials, archiving); a paragraph left empty is left out. */
  reason?: string;
  /** The address an account is being moved to (the notice to the old address). */
  newEmail?: string;
  /** A compliance document's kind, in words, and its expiry date (compliance reminders). */
  document?: string;
  date?: string;
  /** Requested mails: what an external link is for, an optional explanation and until when it works. */
  purpose?: string;
  details?: string;
  validUntil?: string;
  /** Requested mails: a subject and plain-text body written elsewhere (a school admin, a reminder). */
  subject?: string;
  body?: string;
  /** Who wrote a bulk message (the school); a paragraph left empty is left out. */
  sender?: string;
  /** A conversation's new message: who wrote it, and the internship its thread is about. */
  author?: string;
  internship?: string;
  /** The periodic mail: "wekelijkse", how many notifications are unread in all, the preference page. */
  period?: string;
  unread?: string;
  settings?: string;
}

/** Generated content for a kind's blocks (`{{items}}`), as plain text and as HTML already escaped. */
export type TMailBlocks = Record<string, { text: string; html: string }>;

export interface TTemplate {
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
    role_invitation: {
      subject: 'Uitnodiging: beheerder van {{organization}}',
      paragraphs: [
        'Hallo {{name}},',
        '{{organization}} is aangemeld bij {{appName}} met jouw e-mailadres als beheerder. Wil je de beheerder worden? Accepteer de uitnodiging met de knop hieronder. Heb je dit niet aangevraagd, negeer deze e-mail dan: er verandert niets aan je account.',
        'Deze link is {{validFor}} geldig.',
      ],
      button: 'Uitnodiging accepteren',
    },
    email_change: {
      subject: 'Bevestig je nieuwe e-mailadres voor {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Je wilt je account bij {{appName}} voortaan met dit e-mailadres gebruiken. Bevestig dat met de knop hieronder; tot dan blijft je oude adres gelden.',
        'Deze link is {{validFor}} geldig.',
      ],
      button: 'E-mailadres bevestigen',
    },
    email_change_notice: {
      subject: 'Je e-mailadres bij {{appName}} wordt gewijzigd',
      paragraphs: [
        'Hallo {{name}},',
        'Er is gevraagd het e-mailadres van je account bij {{appName}} te wijzigen in {{newEmail}}. Dat gaat pas in als dat adres is bevestigd. Heb je dit niet zelf gedaan? Log in en wijzig je wachtwoord.',
      ],
      button: 'Inloggen',
    },
    organization_approved: {
      subject: '{{organization}} is goedgekeurd',
      paragraphs: [
        'Hallo {{name}},',
        'Goed nieuws: {{organization}} is goedgekeurd op {{appName}}. Je kunt nu inloggen en aan de slag.',
      ],
      button: 'Inloggen',
    },
    organization_approved_invited: {
      subject: '{{organization}} is goedgekeurd',
      paragraphs: [
        'Hallo {{name}},',
        'Goed nieuws: {{organization}} is goedgekeurd op {{appName}}. Bevestig je account en kies een wachtwoord met de link in de uitnodiging die je van ons hebt gekregen; daarna kun je inloggen en aan de slag.',
      ],
      button: 'Inloggen',
    },
    organization_denied: {
      subject: 'Aanmelding van {{organization}} niet goedgekeurd',
      paragraphs: [
        'Hallo {{name}},',
        'De aanmelding van {{organization}} bij {{appName}} is helaas niet goedgekeurd.',
        '{{reason}}',
        'Heb je vragen? Neem dan contact op met de beheerder van deze website.',
      ],
      button: 'Naar de website',
    },
    organization_archived: {
      subject: '{{organization}} is gearchiveerd',
      paragraphs: [
        'Hallo {{name}},',
        '{{organization}} is gearchiveerd op {{appName}} en is daar niet meer zichtbaar.',
        '{{reason}}',
      ],
      button: 'Naar de website',
    },
    organization_reopened: {
      subject: 'Aanmelding van {{organization}} wordt opnieuw beoordeeld',
      paragraphs: [
        'Hallo {{name}},',
        'De aanmelding van {{organization}} bij {{appName}} wordt opnieuw beoordeeld. We laten het je weten zodra er een besluit is.',
      ],
      button: 'Naar de website',
    },
    compliance_expiring: {
      subject: '{{document}} van {{organization}} verloopt op {{date}}',
      paragraphs: [
        'Hallo {{name}},',
        'De {{document}} van {{organization}} verloopt op {{date}}. Scholen vragen dit document: is het verlopen, dan kunnen jullie vacatures niet meer gepubliceerd worden.',
        'Vraag tijdig een nieuw document aan en voeg het toe in het beheer.',
      ],
      button: 'Naar de documenten',
    },
    external_link: {
      subject: '{{purpose}}',
      paragraphs: [
        'Hallo {{name}},',
        '{{purpose}}: dat kan met de knop hieronder, zonder account.',
        '{{details}}',
        'Deze link is persoonlijk en werkt tot {{validUntil}}. Stuur hem niet door.',
      ],
      button: 'Openen',
    },
    bulk_message: {
      subject: '{{subject}}',
      paragraphs: ['Hallo {{name}},', '{{body}}', '{{sender}}'],
      button: 'Naar de website',
    },
    reminder: {
      subject: '{{subject}}',
      paragraphs: ['Hallo {{name}},', '{{body}}'],
      button: 'Openen',
    },
    conversation_message: {
      subject: '{{author}} schreef in het gesprek over ‘{{internship}}’',
      paragraphs: ['Hallo {{name}},', '{{author}} schreef in het gesprek over ‘{{internship}}’'],
      button: 'Openen',
    },
    direct_message: {
      subject: '{{author}} stuurde je een bericht',
      paragraphs: ['Hallo {{name}},', '{{author}} stuurde je een bericht'],
      button: 'Openen',
    },
    digest: {
      subject: '{{appName}}: je {{period}} overzicht',
      paragraphs: [
        'Hallo {{name}},',
        'Dit is je {{period}} overzicht van wat er voor je klaarstaat.',
        '{{items}}',
        'Ongelezen meldingen in totaal: {{unread}}.',
        'Je krijgt dit overzicht omdat je periodieke mail aan staat. Wijzigen kan op {{settings}}',
      ],
      button: 'Bekijk alles',
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
    role_invitation: {
      subject: 'Invitation: administrator of {{organization}}',
      paragraphs: [
        'Hello {{name}},',
        '{{organization}} has been registered with {{appName}} naming your email address as its administrator. Do you want to become its administrator? Accept the invitation with the button below. If you did not ask for this, ignore this email: nothing changes on your account.',
        'This link is valid for {{validFor}}.',
      ],
      button: 'Accept invitation',
    },
    email_change: {
      subject: 'Confirm your new email address for {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'You want to use this email address for your account with {{appName}} from now on. Confirm it with the button below; until then your old address stays in use.',
        'This link is valid for {{validFor}}.',
      ],
      button: 'Confirm email address',
    },
    email_change_notice: {
      subject: 'Your email address with {{appName}} is being changed',
      paragraphs: [
        'Hello {{name}},',
        'Someone asked to change the email address of your account with {{appName}} to {{newEmail}}. This takes effect only once that address is confirmed. Not you? Sign in and change your password.',
      ],
      button: 'Sign in',
    },
    organization_approved: {
      subject: '{{organization}} has been approved',
      paragraphs: [
        'Hello {{name}},',
        'Good news: {{organization}} has been approved on {{appName}}. You can now sign in and get started.',
      ],
      button: 'Sign in',
    },
    organization_approved_invited: {
      subject: '{{organization}} has been approved',
      paragraphs: [
        'Hello {{name}},',
        'Good news: {{organization}} has been approved on {{appName}}. Confirm your account and choose a password with the link in the invitation we sent you; then you can sign in and get started.',
      ],
      button: 'Sign in',
    },
    organization_denied: {
      subject: 'Registration of {{organization}} not approved',
      paragraphs: [
        'Hello {{name}},',
        'Unfortunately the registration of {{organization}} with {{appName}} has not been approved.',
        '{{reason}}',
        'Questions? Please contact the administrator of this website.',
      ],
      button: 'Go to the website',
    },
    organization_archived: {
      subject: '{{organization}} has been archived',
      paragraphs: [
        'Hello {{name}},',
        '{{organization}} has been archived on {{appName}} and is no longer visible there.',
        '{{reason}}',
      ],
      button: 'Go to the website',
    },
    organization_reopened: {
      subject: 'Registration of {{organization}} is being reviewed again',
      paragraphs: [
        'Hello {{name}},',
        'The registration of {{organization}} with {{appName}} is being reviewed again. We will let you know once there is a decision.',
      ],
      button: 'Go to the website',
    },
    compliance_expiring: {
      subject: '{{document}} of {{organization}} expires on {{date}}',
      paragraphs: [
        'Hello {{name}},',
        'The {{document}} of {{organization}} expires on {{date}}. Schools require this document: once it has expired, your vacancies can no longer be published.',
        'Request a new document in time and add it in the back office.',
      ],
      button: 'Go to the documents',
    },
    external_link: {
      subject: '{{purpose}}',
      paragraphs: [
        'Hello {{name}},',
        '{{purpose}}: you can do so with the button below, without an account.',
        '{{details}}',
        'This link is personal and works until {{validUntil}}. Do not forward it.',
      ],
      button: 'Open',
    },
    bulk_message: {
      subject: '{{subject}}',
      paragraphs: ['Hello {{name}},', '{{body}}', '{{sender}}'],
      button: 'Go to the website',
    },
    reminder: {
      subject: '{{subject}}',
      paragraphs: ['Hello {{name}},', '{{body}}'],
      button: 'Open',
    },
    conversation_message: {
      subject: '{{author}} wrote in the conversation about ‘{{internship}}’',
      paragraphs: ['Hello {{name}},', '{{author}} wrote in the conversation about ‘{{internship}}’'],
      button: 'Open',
    },
    direct_message: {
      subject: '{{author}} sent you a message',
      paragraphs: ['Hello {{name}},', '{{author}} sent you a message'],
      button: 'Open',
    },
    digest: {
      subject: '{{appName}}: your {{period}} summary',
      paragraphs: [
        'Hello {{name}},',
        'This is your {{period}} summary of what is waiting for you.',
        '{{items}}',
        'Unread notifications in all: {{unread}}.',
        'You receive this summary because your periodic mail is on. Change it at {{settings}}',
      ],
      button: 'See everything',
    },
  },
};

/** A kind's default as the template editor shows it: the subject and the paragraphs as one body. */
export function defaultTexts(kind: TMailKind): TMailTemplateTexts {
  const [nl, en] = [TEMPLATES.nl[kind], TEMPLATES.en[kind]];
  return {
    subject_nl: nl.subject,
    body_nl: nl.paragraphs.join('\n\n'),
    subject_en: en.subject,
    body_en: en.paragraphs.join('\n\n'),
  };
}

/**
 * A tenant's texts of a kind in one language as a template: its body's paragraphs are separated by blank
 * lines; the button keeps the default's label.
 */
export function tenantTemplate(lang: TLanguage, kind: TMailKind, texts: TMailTemplateTexts): TTemplate {
  const [subject, body] =
    lang === 'en' ? [texts.subject_en, texts.body_en] : [texts.subject_nl, texts.body_nl];
  return {
    subject,
    paragraphs: body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()),
    button: TEMPLATES[lang][kind].button,
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Placeholders that may be left empty: their paragraph is then left out. */
const OPTIONAL = new Set(['reason', 'details', 'sender']);

// One pass over the template: a value is never scanned again, so text written by someone else (a
// bulk message's body) cannot bring in placeholders.
function fill(text: string, vars: TMailVars): string {
  const values: Record<string, unknown> = { ...vars };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    String(values[key] ?? (OPTIONAL.has(key) ? '' : whole)),
  );
}

/** A filled paragraph as HTML: escaped; blank lines start a new paragraph, a line break stays one. */
const htmlParagraphs = (p: string) =>
  p.split(/\n\s*\n/).map((part) => `<p>${escapeHtml(part.trim()).replace(/\r?\n/g, '<br>')}</p>`);

/**
 * Subject, plain text and HTML of one mail: the shipped template, or `template` (a tenant's own) when given.
 * A paragraph that is one of the kind's blocks (`{{items}}`) is `blocks`' generated content instead.
 */
export function renderMail(
  lang: TLanguage,
  kind: TMailKind,
  vars: TMailVars,
  template?: TTemplate,
  blocks: TMailBlocks = {},
): { subject: string; text: string; html: string } {
  const t = template ?? TEMPLATES[lang][kind];
  const own = new Set(mailKindBlocks(kind));
  // Each paragraph as text and HTML: a block's generated content, or the paragraph filled and escaped.
  const parts = t.paragraphs.map((p): { text: string; html: string[] } => {
    const name = lonePlaceholder(p);
    if (name !== null && own.has(name)) {
      const block = blocks[name] ?? { text: '', html: '' };
      return { text: block.text, html: [block.html] };
    }
    const text = fill(p, vars);
    return { text, html: htmlParagraphs(text) };
  });
  // A paragraph that is only an optional placeholder (a reason not given), or an empty block, is left out.
  const shown = parts.filter((p) => p.text.trim() !== '');
  const text = [...shown.map((p) => p.text), `${t.button}: ${vars.link}`].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    ...shown.flatMap((p) => p.html),
    `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.button)}</a></p>`,
    '</body></html>',
  ].join('\n');
  // One line, whatever a value held: a subject is a mail header.
  return { subject: fill(t.subject, vars).replace(/\s*[\r\n]+\s*/g, ' '), text, html };
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
