import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
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
  tasks: TOpenTaskRow[];
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
export function taskText(lang: TLanguage, task: TOpenTaskRow): string {
  if (task.kind === 'hours_to_confirm')
    return translate(lang, 'notifications.digest.hours_to_confirm', { count: task.count, title: task.title });
  return task.due_at
    ? translate(lang, 'notifications.digest.phase_task_due', {
        title: task.title,
        date: dutchDay(lang, task.due_at),
      })
    : translate(lang, 'notifications.digest.phase_task', { title: task.title });
}

/** The periodic mail in the person's language: plain text and the same as simple HTML. */
export function renderDigest(c: TDigestContent): { subject: string; text: string; html: string } {
  const t = (key: string, vars?: Record<string, string | number>) =>
    translate(c.lang, `notifications.digest.${key}`, vars);
  const period = t(`period.${c.frequency}`);
  const feed = `${c.site}/notificaties`;
  const settings = `${c.site}/profile-edit/periodieke-mail`;
  const lines = (items: { text: string; link: string | null }[]) => items.map((i) => `- ${i.text}`);
  const tasks = c.tasks.map((task) => ({
    text: taskText(c.lang, task),
    link: `/internships/${task.internship_id}`,
  }));
  const text = [
    t('greeting', { name: c.name }),
    '',
    t('intro', { period }),
    ...(c.notifications.length
      ? [
          '',
          `${t('notifications')}:`,
          ...lines(c.notifications),
          ...(c.more ? [t('more', { count: c.more })] : []),
        ]
      : []),
    ...(tasks.length ? ['', `${t('tasks')}:`, ...lines(tasks)] : []),
    '',
    t('unread', { count: c.unread }),
    t('open', { link: feed }),
    '',
    t('footer', { link: settings }),
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
    `<p>${escape(t('greeting', { name: c.name }))}</p>`,
    `<p>${escape(t('intro', { period }))}</p>`,
    ...(c.notifications.length
      ? [
          `<h2>${escape(t('notifications'))}</h2>`,
          list(c.notifications),
          ...(c.more ? [`<p>${escape(t('more', { count: c.more }))}</p>`] : []),
        ]
      : []),
    ...(tasks.length ? [`<h2>${escape(t('tasks'))}</h2>`, list(tasks)] : []),
    `<p>${escape(t('unread', { count: c.unread }))} <a href="${escape(feed)}">${escape(feed)}</a></p>`,
    `<p><small>${escape(t('footer', { link: settings }))}</small></p>`,
  ].join('\n');
  return { subject: t('subject', { appName: c.appName, period }), text, html };
}
