import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TCtx } from '../shared/context.ts';

/**
 * Mail about an applicant's organization. Identity's mail port renders only the kinds of
 * mail/templates.ts (another feature's file), so these are rendered here and delivered the way the
 * port's transport would: the switch over MAIL_TRANSPORT has no default, so adding a transport fails
 * to compile here until this sender learns it too. Once mail/templates.ts takes these kinds, this
 * becomes `ctx.mail.send(...)` (docs/decisions/organizations.md).
 */
export const ORGANIZATION_MAIL_KINDS = [
  'organization_registered',
  'organization_approved',
  'organization_denied',
  'organization_archived',
  'organization_reopened',
] as const;
export type TOrganizationMailKind = (typeof ORGANIZATION_MAIL_KINDS)[number];

export interface TOrganizationMailVars {
  name: string;
  organization: string;
  link: string;
  /** The moderator's reason (denials); empty when none was given. */
  reason: string;
}

interface TTemplate {
  subject: string;
  paragraphs: string[];
  button: string;
}

const TEMPLATES: Record<TLanguage, Record<TOrganizationMailKind, TTemplate>> = {
  nl: {
    organization_registered: {
      subject: '{{organization}} is aangemeld bij {{appName}}',
      paragraphs: [
        'Hallo {{name}},',
        'Je hebt {{organization}} aangemeld bij {{appName}}. Je bent de beheerder van deze organisatie. We laten het je weten zodra de aanmelding is beoordeeld.',
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
  },
  en: {
    organization_registered: {
      subject: '{{organization}} has been registered with {{appName}}',
      paragraphs: [
        'Hello {{name}},',
        'You registered {{organization}} with {{appName}}. You are the administrator of this organization. We will let you know once the registration has been reviewed.',
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
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Subject, text and HTML; paragraphs that end up empty (no reason given) are left out. */
export function renderOrganizationMail(
  lang: TLanguage,
  kind: TOrganizationMailKind,
  vars: TOrganizationMailVars & { appName: string },
): { subject: string; text: string; html: string } {
  const t = TEMPLATES[lang][kind];
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
      String((vars as unknown as Record<string, unknown>)[key] ?? whole),
    );
  const paragraphs = t.paragraphs.map(fill).filter((p) => p.trim() !== '');
  return {
    subject: fill(t.subject),
    text: [...paragraphs, '', `${t.button}: ${vars.link}`].join('\n\n'),
    html: [
      '<!doctype html><html><body style="font-family: sans-serif">',
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(t.button)}</a></p>`,
      '</body></html>',
    ].join('\n'),
  };
}

/** Sends in the consumer's transaction, like the mail port: the mail exists exactly when the effect commits. */
export async function sendOrganizationMail(
  ctx: TCtx,
  mail: { kind: TOrganizationMailKind; to: string; lang: TLanguage; vars: TOrganizationMailVars },
): Promise<void> {
  const rendered = renderOrganizationMail(mail.lang, mail.kind, {
    ...mail.vars,
    appName: getTenant(ctx.tenant.id)?.appName ?? 'Stageplein',
  });
  switch (ctx.config.MAIL_TRANSPORT) {
    case 'dev-mailbox':
      await ctx.db
        .insertInto('identity.dev_mails')
        .values({
          tenant_id: ctx.tenant.id,
          kind: mail.kind,
          to_address: mail.to,
          subject: rendered.subject,
          text_body: rendered.text,
          html_body: rendered.html,
          created_at: ctx.now,
        })
        .execute();
      return;
  }
}
