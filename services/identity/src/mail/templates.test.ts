import { describe, expect, it } from 'vitest';
import { duration, MAIL_KINDS, renderMail, TEMPLATES } from './templates.ts';

describe('mail templates', () => {
  it('exist for every kind in nl and en, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(TEMPLATES.nl).sort()).toEqual([...MAIL_KINDS].sort());
    expect(Object.keys(TEMPLATES.en).sort()).toEqual([...MAIL_KINDS].sort());
    for (const kind of MAIL_KINDS) {
      const all = (lang: 'nl' | 'en') =>
        placeholders([TEMPLATES[lang][kind].subject, ...TEMPLATES[lang][kind].paragraphs].join(' '));
      expect(all('en'), kind).toEqual(all('nl'));
    }
  });

  it('renders the link, code and names, escaping HTML', () => {
    const vars = {
      appName: 'Stageplein Demo',
      name: '<Anna>',
      link: 'http://demo.localhost:3000/auth/token?token=a&b',
      code: '123456',
      validFor: '15 minuten',
    };
    const mail = renderMail('nl', 'passwordless', vars);
    expect(mail.subject).toBe('Je inloglink voor Stageplein Demo');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain(vars.link);
    expect(mail.html).toContain('href="http://demo.localhost:3000/auth/token?token=a&amp;b"');
    expect(mail.html).toContain('&lt;Anna&gt;');
    expect(renderMail('en', 'password_reset', vars).subject).toBe('Reset your password for Stageplein Demo');
  });

  it('renders the organization mails with the organization named and every placeholder filled', () => {
    const vars = {
      appName: 'Stageplein',
      name: 'Greta',
      organization: 'Het Groene Lyceum',
      link: 'http://x.test/inloggen',
      reason: 'Omdat.',
    };
    const kinds = MAIL_KINDS.filter((k) => k.startsWith('organization_'));
    // The mails the organization lifecycle sends (organization-signups.consumer.ts STATUS_MAIL).
    expect(kinds).toEqual([
      'organization_approved',
      'organization_approved_invited',
      'organization_denied',
      'organization_archived',
      'organization_reopened',
    ]);
    for (const lang of ['nl', 'en'] as const) {
      for (const kind of kinds) {
        const mail = renderMail(lang, kind, vars);
        expect(mail.subject, `${lang} ${kind}`).toContain('Het Groene Lyceum');
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\{/);
        expect(mail.text).toContain('http://x.test/inloggen');
      }
    }
  });

  it('leaves the reason out when none was given, and escapes it in HTML', () => {
    const vars = { appName: 'Stageplein', name: 'Greta', organization: 'Brood', link: 'http://x.test/' };
    const paragraphs = (html: string) => html.match(/<p>/g)?.length;
    const without = renderMail('nl', 'organization_denied', vars);
    const empty = renderMail('nl', 'organization_denied', { ...vars, reason: '' });
    const withReason = renderMail('en', 'organization_denied', { ...vars, reason: '<b>Geen plek</b>' });
    expect(paragraphs(without.html)).toBe(4);
    expect(paragraphs(empty.html)).toBe(4);
    expect(without.text).not.toContain('{{reason}}');
    expect(paragraphs(withReason.html)).toBe(5);
    expect(withReason.text).toContain('<b>Geen plek</b>');
    expect(withReason.html).toContain('&lt;b&gt;Geen plek&lt;/b&gt;');
    expect(withReason.html).not.toContain('<b>Geen plek</b>');
  });

  it('words durations', () => {
    expect(duration('nl', 360)).toBe('6 uur');
    expect(duration('en', 60)).toBe('1 hour');
    expect(duration('en', 15)).toBe('15 minutes');
    expect(duration('nl', 14 * 1440)).toBe('14 dagen');
  });
});
