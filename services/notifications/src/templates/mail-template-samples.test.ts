import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, mailKindVariables } from '@stageplein/contracts/notifications/mail-templates';
import { sampleVars } from './mail-template-samples.ts';

describe('mail template samples', () => {
  it("fill every variable of every kind in nl and en (the kind's payload parses them)", () => {
    for (const lang of ['nl', 'en'] as const)
      for (const kind of MAIL_KINDS) {
        const vars = sampleVars(lang, kind, { appName: 'Stageplein Demo', link: 'http://x.test' });
        expect(Object.keys(vars).sort(), `${kind} ${lang}`).toEqual(mailKindVariables(kind).sort());
        for (const value of Object.values(vars)) expect(String(value).trim()).not.toBe('');
      }
  });
});
