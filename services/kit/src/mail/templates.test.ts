import { describe, expect, it } from 'vitest';
import { unknownVariables } from '@stageplein/contracts/notifications/mail-templates';
import { defaultTexts, duration, MAIL_KINDS, renderMail, tenantTemplate, TEMPLATES } from './templates.ts';

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

  it("are the defaults of the template editor: only each kind's own variables, rendered as before", () => {
    for (const kind of MAIL_KINDS) {
      const texts = defaultTexts(kind);
      for (const value of Object.values(texts)) expect(unknownVariables(kind, value), kind).toEqual([]);
      const vars = {
        appName: 'Stageplein',
        name: 'Greta',
        link: 'http://x.test/a',
        body: 'Eerste.\n\nTweede.',
        reason: '',
      };
      for (const lang of ['nl', 'en'] as const)
        expect(renderMail(lang, kind, vars, tenantTemplate(lang, kind, texts)), `${kind} ${lang}`).toEqual(
          renderMail(lang, kind, vars),
        );
    }
  });

  it("puts a block's generated content where its paragraph stands, as its maker escaped it", () => {
    const vars = {
      appName: 'Stageplein',
      name: 'Greta',
      link: 'http://x.test/notificaties',
      period: 'wekelijkse',
      unread: '3',
      settings: 'http://x.test/profile-edit/periodieke-mail',
    };
    const items = {
      text: 'Nieuwe meldingen:\n- <een>',
      html: '<h2>Nieuwe meldingen</h2>\n<ul><li>&lt;een&gt;</li></ul>',
    };
    const mail = renderMail('nl', 'digest', vars, undefined, { items });
    expect(mail.subject).toBe('Stageplein: je wekelijkse overzicht');
    expect(mail.text).toBe(
      [
        'Hallo Greta,',
        'Dit is je wekelijkse overzicht van wat er voor je klaarstaat.',
        items.text,
        'Ongelezen meldingen in totaal: 3.',
        `Je krijgt dit overzicht omdat je periodieke mail aan staat. Wijzigen kan op ${vars.settings}`,
        `Bekijk alles: ${vars.link}`,
      ].join('\n\n'),
    );
    expect(mail.html).toContain(
      `<p>Dit is je wekelijkse overzicht van wat er voor je klaarstaat.</p>\n${items.html}\n<p>Ongelezen`,
    );
    // A tenant's text moves it; a block named in another kind's paragraph is left as written.
    const own = { subject: 'Overzicht', paragraphs: ['{{items}}', 'Groet, {{appName}}'], button: 'Kijk' };
    expect(renderMail('nl', 'digest', vars, own, { items }).text).toBe(
      `${items.text}\n\nGroet, Stageplein\n\nKijk: ${vars.link}`,
    );
    const other = { subject: 'S', paragraphs: ['{{items}}'], button: 'Open' };
    expect(renderMail('nl', 'reminder', vars, other, { items }).text).toBe(`{{items}}\n\nOpen: ${vars.link}`);
  });

  it('fills a spaced variable as the template editor accepts it', () => {
    const t = { subject: 'Hoi {{ name }}', paragraphs: ['{{  name}} en {{name }}'], button: 'Open' };
    const mail = renderMail('nl', 'reminder', { appName: 'A', name: 'Greta', link: 'http://x.test' }, t);
    expect(mail.subject).toBe('Hoi Greta');
    expect(mail.text).toContain('Greta en Greta');
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

  it('renders requested mails: a bulk message is the admin text, escaped, its paragraphs kept', () => {
    const vars = {
      appName: 'Stageplein',
      name: 'Anna',
      link: 'http://demo.localhost:3000',
      subject: 'Rooster\r\nBcc: x@example.test',
      body: 'Eerste <b>alinea</b>.\nTweede regel {{link}}.\n\nTweede alinea & meer.',
      sender: '',
    };
    const mail = renderMail('nl', 'bulk_message', vars);
    expect(mail.subject).toBe('Rooster Bcc: x@example.test');
    expect(mail.text).toContain('Tweede regel {{link}}.');
    expect(mail.html).toContain('<p>Eerste &lt;b&gt;alinea&lt;/b&gt;.<br>Tweede regel {{link}}.</p>');
    expect(mail.html).toContain('<p>Tweede alinea &amp; meer.</p>');
    // No sender: no empty paragraph.
    expect(mail.html).not.toContain('<p></p>');
  });

  it('renders an external link with its purpose, optional details and validity in both languages', () => {
    const base = {
      appName: 'Stageplein',
      name: 'Sam',
      link: 'http://x.test/l?link=t',
      validUntil: '1 december 2026',
    };
    const nl = renderMail('nl', 'external_link', {
      ...base,
      purpose: 'Bevestig de uren van Jan',
      details: '',
    });
    expect(nl.subject).toBe('Bevestig de uren van Jan');
    expect(nl.text).toContain('zonder account');
    expect(nl.text).toContain('1 december 2026');
    expect(nl.text).toContain('http://x.test/l?link=t');
    const en = renderMail('en', 'external_link', {
      ...base,
      purpose: 'Confirm the hours',
      details: 'Week 47.',
    });
    expect(en.text).toContain('Week 47.');
    expect(`${en.subject}${en.text}${nl.text}`).not.toMatch(/\{\{/);
  });
});
