import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { hoursEn, hoursNl } from './hours-messages.ts';

describe('hours screens', () => {
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
