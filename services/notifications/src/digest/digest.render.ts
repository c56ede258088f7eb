import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import { renderMail, type TMailBlocks, type TMailVars, type TTemplate } from '@stageplein/kit/mail/templates';
import type { TOpenTaskRow } from './digest.table.ts';
import type { TDigestFrequency } from './digest-period.ts';

export interface TDigestContent {
  appName: string;
  name: string;
  lang: TLanguage;
  frequency: TDigestFrequency;
  /** The notifications' texts, oldest first, and how many more there are beyond them. */
  notifications: { text: string; link: string | null }[];
  more: number;
  tasks: Pick<TOpenTaskRow, 'kind' | 'title' | 'count' | 'due_at' | 'internship_id'>[];
  unread: number;
  /** The tenant's public site (no trailing slash). */
  site: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dutchDay = (lang: TLanguage, at: Date) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', {
    dateStyle: 'long',
    timeZone: 'Europe/Amsterdam',
  }).format(at);

/** One open task as a line of the digest. */
export function taskText(lang: TLanguage, task: TDigestContent['tasks'][number]): string {
  if (task.kind === 'hours_to_confirm')
    return translate(lang, 'notifications.digest.hours_to_confirm', { count: task.count, title: task.title });
  return task.due_at
    ? translate(lang, 'notifications.digest.phase_task_due', {
        title: task.title,
        date: dutchDay(lang, task.due_at),
      })
    : translate(lang, 'notifications.digest.phase_task', { title: task.title });
}

/**
 * The digest's `{{items}}` block: the lists of notifications and open tasks, each item linked to its
 * subject, generated in the person's language and escaped; the tenant's template only places it.
 */
export function digestItems(c: TDigestContent): TMailBlocks['items'] {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(c.lang, `notifications.digest.${key}`, vars);
  const tasks = c.tasks.map((task) => ({
    text: taskText(c.lang, task),
    link: `/internships/${task.internship_id}`,
  }));
  const lines = (items: { text: string }[]) => items.map((i) => `- ${i.text}`);
  const text = [
    ...(c.notifications.length
      ? [
          `${t('notifications')}:`,
          ...lines(c.notifications),
          ...(c.more ? [t('more', { count: c.more })] : []),
        ]
      : []),
    ...(c.notifications.length && tasks.length ? [''] : []),
    ...(tasks.length ? [`${t('tasks')}:`, ...lines(tasks)] : []),
  ].join('\n');
  const list = (items: { text: string; link: string | null }[]) =>
    `<ul>${items
      .map((i) =>
        i.link
          ? `<li><a href="${escape(c.site + i.link)}">${escape(i.text)}</a></li>`
          : `<li>${escape(i.text)}</li>`,
      )
      .join('')}</ul>`;
  const html = [
    ...(c.notifications.length
      ? [
          `<h2>${escape(t('notifications'))}</h2>`,
          list(c.notifications),
          ...(c.more ? [`<p>${escape(t('more', { count: c.more }))}</p>`] : []),
        ]
      : []),
    ...(tasks.length ? [`<h2>${escape(t('tasks'))}</h2>`, list(tasks)] : []),
  ].join('\n');
  return { text, html };
}

/** The digest's variables: the site, the person, the period in words, the unread count and two links. */
export const digestVars = (c: TDigestContent): TMailVars => ({
  appName: c.appName,
  name: c.name,
  link: `${c.site}/notificaties`,
  period: translate(c.lang, `notifications.digest.period.${c.frequency}`),
  unread: String(c.unread),
  settings: `${c.site}/profile-edit/periodieke-mail`,
});

/**
 * The periodic mail in the person's language: the tenant's template of kind `digest` when it has one
 * (`template`), else the shipped one, with the generated lists where it says `{{items}}`.
 */
export function renderDigest(
  c: TDigestContent,
  template?: TTemplate,
): { subject: string; text: string; html: string } {
  return renderMail(c.lang, 'digest', digestVars(c), template, { items: digestItems(c) });
}
