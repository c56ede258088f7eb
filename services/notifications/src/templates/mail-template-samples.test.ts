import { describe, expect, it } from 'vitest';
import {
  MAIL_KIND_VARS,
  MAIL_KINDS,
  mailKindBlocks,
} from '@stageplein/contracts/notifications/mail-templates';
import { sampleBlocks, sampleVars } from './mail-template-samples.ts';

describe('mail template samples', () => {
  it("fill every variable and block of every kind in nl and en (the kind's payload parses them)", () => {
    const site = { appName: 'Stageplein Demo', link: 'http://x.test' };
    for (const lang of ['nl', 'en'] as const)
      for (const kind of MAIL_KINDS) {
        const vars = sampleVars(lang, kind, site);
        expect(Object.keys(vars).sort(), `${kind} ${lang}`).toEqual(
          Object.keys(MAIL_KIND_VARS[kind].shape).sort(),
        );
        for (const value of Object.values(vars)) expect(String(value).trim()).not.toBe('');
        const blocks = sampleBlocks(lang, kind, site);
        expect(Object.keys(blocks), `${kind} ${lang}`).toEqual([...mailKindBlocks(kind)]);
        for (const block of Object.values(blocks)) expect(block.text.trim()).not.toBe('');
      }
  });
});
