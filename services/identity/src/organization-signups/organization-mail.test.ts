import { describe, expect, it } from 'vitest';
import { ORGANIZATION_MAIL_KINDS, renderOrganizationMail } from './organization-mail.ts';

const vars = {
  appName: 'Stageplein',
  name: 'Greta',
  organization: 'Het Groene Lyceum',
  link: 'http://x.test/inloggen',
  reason: '',
};

describe('organization mails', () => {
  it('exist for every kind in both languages, with every placeholder filled', () => {
    for (const lang of ['nl', 'en'] as const) {
      for (const kind of ORGANIZATION_MAIL_KINDS) {
        const mail = renderOrganizationMail(lang, kind, { ...vars, reason: 'Omdat.' });
        expect(mail.subject, `${lang} ${kind}`).toContain('Het Groene Lyceum');
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{\{/);
        expect(mail.text).toContain('http://x.test/inloggen');
      }
    }
  });

  it('leaves the reason out when none was given, and escapes HTML', () => {
    const without = renderOrganizationMail('nl', 'organization_denied', vars);
    const withReason = renderOrganizationMail('en', 'organization_denied', {
      ...vars,
      reason: '<b>Geen plek</b>',
    });
    const paragraphs = (html: string) => html.match(/<p>/g)?.length;
    expect(paragraphs(without.html)).toBe(4);
    expect(paragraphs(withReason.html)).toBe(5);
    expect(withReason.text).toContain('<b>Geen plek</b>');
    expect(withReason.html).toContain('&lt;b&gt;Geen plek&lt;/b&gt;');
    expect(withReason.html).not.toContain('<b>Geen plek</b>');
  });
});
