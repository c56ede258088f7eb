import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { translate } from '@stageplein/contracts/i18n/index';
import type { TMailBlocks, TMailVars } from '@stageplein/kit/mail/templates';
import { digestItems } from '../digest/digest.render.ts';
import {
  MAIL_KIND_VARS,
  type TMailKind,
  type TMailKindVars,
} from '@stageplein/contracts/notifications/mail-templates';

type TSamples = { [K in TMailKind]: Omit<TMailKindVars<K>, 'appName' | 'link' | 'settings'> };

/** Sample values of each kind's variables, for the template editor's preview (nl and en). */
const SAMPLES: Record<TLanguage, TSamples> = {
  nl: {
    invitation: { name: 'Sanne', validFor: '2 dagen' },
    confirmation: { name: 'Sanne', validFor: '2 dagen' },
    password_reset: { name: 'Sanne', validFor: '6 uur' },
    passwordless: { name: 'Sanne', validFor: '15 minuten', code: '482913' },
    account_deletion: { name: 'Sanne', validFor: '1 dag' },
    role_invitation: { name: 'Sanne', validFor: '2 dagen', organization: 'Bakkerij Jansen' },
    email_change: { name: 'Sanne', validFor: '2 dagen' },
    email_change_notice: { name: 'Sanne', newEmail: 'sanne.nieuw@example.nl' },
    organization_approved: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    organization_approved_invited: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    organization_denied: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      reason: 'Het KvK-nummer ontbreekt.',
    },
    organization_archived: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      reason: 'Er zijn al een jaar geen vacatures.',
    },
    organization_reopened: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    compliance_expiring: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      document: 'verklaring omtrent het gedrag',
      date: '23 december 2026',
    },
    external_link: {
      name: 'Sam',
      purpose: 'Bevestig de uren van Jan Jansen',
      details: 'Het gaat om 12 uur in week 47.',
      validUntil: '1 december 2026 om 18:00',
    },
    bulk_message: {
      name: 'Sanne',
      subject: 'Stagemarkt op donderdag',
      body: 'Beste studenten,\n\nDonderdag is de stagemarkt in de aula.',
      sender: 'Het Groene Lyceum',
    },
    reminder: {
      name: 'Sanne',
      subject: 'Uren wachten op bevestiging',
      body: 'Er wachten 12 uur van Jan Jansen op je bevestiging.',
    },
    conversation_message: { name: 'Sanne', author: 'Jan Jansen', internship: 'Stage bij Bakkerij Jansen' },
    direct_message: { name: 'Sanne', author: 'Jan Jansen' },
    digest: { name: 'Sanne', period: 'wekelijkse', unread: '4' },
  },
  en: {
    invitation: { name: 'Sanne', validFor: '2 days' },
    confirmation: { name: 'Sanne', validFor: '2 days' },
    password_reset: { name: 'Sanne', validFor: '6 hours' },
    passwordless: { name: 'Sanne', validFor: '15 minutes', code: '482913' },
    account_deletion: { name: 'Sanne', validFor: '1 day' },
    role_invitation: { name: 'Sanne', validFor: '2 days', organization: 'Bakkerij Jansen' },
    email_change: { name: 'Sanne', validFor: '2 days' },
    email_change_notice: { name: 'Sanne', newEmail: 'sanne.new@example.com' },
    organization_approved: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    organization_approved_invited: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    organization_denied: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      reason: 'The Chamber of Commerce number is missing.',
    },
    organization_archived: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      reason: 'There have been no vacancies for a year.',
    },
    organization_reopened: { name: 'Sanne', organization: 'Bakkerij Jansen' },
    compliance_expiring: {
      name: 'Sanne',
      organization: 'Bakkerij Jansen',
      document: 'certificate of conduct',
      date: '23 December 2026',
    },
    external_link: {
      name: 'Sam',
      purpose: 'Confirm the hours of Jan Jansen',
      details: 'It is about 12 hours in week 47.',
      validUntil: '1 December 2026 at 18:00',
    },
    bulk_message: {
      name: 'Sanne',
      subject: 'Internship fair on Thursday',
      body: 'Dear students,\n\nThe internship fair is in the hall on Thursday.',
      sender: 'Het Groene Lyceum',
    },
    reminder: {
      name: 'Sanne',
      subject: 'Hours waiting for confirmation',
      body: '12 hours of Jan Jansen are waiting for your confirmation.',
    },
    conversation_message: { name: 'Sanne', author: 'Jan Jansen', internship: 'Internship at Jansen Bakery' },
    direct_message: { name: 'Sanne', author: 'Jan Jansen' },
    digest: { name: 'Sanne', period: 'weekly', unread: '4' },
  },
};

/** A kind's sample values in a language, with the site's name and a link; checked against its payload. */
export function sampleVars(
  lang: TLanguage,
  kind: TMailKind,
  site: { appName: string; link: string },
): TMailVars {
  return MAIL_KIND_VARS[kind].parse({
    ...SAMPLES[lang][kind],
    ...site,
    ...(kind === 'digest' ? { settings: `${site.link}/profile-edit/periodieke-mail` } : {}),
  });
}

/** Sample content of a kind's blocks: the digest's lists as a week might bring them. */
export function sampleBlocks(
  lang: TLanguage,
  kind: TMailKind,
  site: { appName: string; link: string },
): TMailBlocks {
  if (kind !== 'digest') return {};
  const title = lang === 'en' ? 'Internship at Jansen Bakery' : 'Stage bij Bakkerij Jansen';
  const items = digestItems({
    ...site,
    site: site.link,
    name: 'Sanne',
    lang,
    frequency: 'weekly',
    notifications: [
      {
        text: translate(lang, 'notifications.kinds.application_accepted', {
          organization: 'Bakkerij Jansen',
          title,
        }),
        link: '/internships',
      },
      { text: translate(lang, 'notifications.kinds.hours_confirmed', { date: '18-11-2026' }), link: null },
    ],
    more: 0,
    tasks: [{ kind: 'hours_to_confirm', title, count: 12, due_at: null, internship_id: 'voorbeeld' }],
    unread: 4,
  });
  return { items };
}
