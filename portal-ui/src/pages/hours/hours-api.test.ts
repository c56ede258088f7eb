import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/external-links/external-links';
import { encode } from 'uqr';
import { hoursEn, hoursNl } from './hours-messages.ts';
import { ACTION_LINK_HEADER } from './hours-api.ts';

describe('hours screens', () => {
  it('send the link in the header kit’s external links read (a copy, so zod stays out of the chunk)', () => {
    expect(ACTION_LINK_HEADER).toBe(EXTERNAL_LINK_HEADER);
  });

  it('have every text in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(hoursEn).sort()).toEqual(keys(hoursNl).sort());
  });

  it('fit the confirmation URL of a timesheet in a small QR code', () => {
    const { size } = encode(`https://stageplein.nl/urenbevestiging?stage=${crypto.randomUUID()}`, {
      ecc: 'M',
      border: 0,
    });
    // Version 5 (37 modules) or less: modules of almost 1 mm at 32 mm, easy for a phone camera.
    expect(size).toBeLessThanOrEqual(37);
  });
});
