import { describe, expect, it } from 'vitest';
import { localizeZodIssue } from '../errors/validation-messages.ts';
import { isEndBeforeStart, isPhoneNumber, ZPhoneNumberInput } from './field-rules.ts';

describe('phone numbers', () => {
  it('takes numbers as people write them', () => {
    for (const ok of [
      '06 12345678',
      '0612345678',
      '+31 6 1234 5678',
      '020-1234567',
      '(020) 123 45 67',
      '+32 2 555 12 12',
    ])
      expect(isPhoneNumber(ok), ok).toBe(true);
  });

  it('refuses text, too few or too many digits', () => {
    for (const wrong of [
      'abc',
      '12',
      '06-1234-abcd',
      '++31612345678',
      '1234567',
      '1234567890123456',
      '06 1234 5678 x',
    ])
      expect(isPhoneNumber(wrong), wrong).toBe(false);
  });

  it('is the API schema’s rule, with the catalogue message', () => {
    expect(ZPhoneNumberInput.safeParse('').success).toBe(true);
    expect(ZPhoneNumberInput.safeParse(' 06 12345678 ').data).toBe('06 12345678');
    const issue = ZPhoneNumberInput.safeParse('abc').error!.issues[0]!;
    expect(localizeZodIssue(issue, 'nl')).toBe('Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678');
    expect(localizeZodIssue(issue, 'en')).toBe('Enter a valid phone number, for example +31 6 12345678');
  });
});

describe('date ranges', () => {
  it('finds an end before the start, and nothing when a date is missing', () => {
    expect(isEndBeforeStart('2026-10-31', '2026-10-01')).toBe(true);
    expect(isEndBeforeStart('2026-10-01', '2026-10-01')).toBe(false);
    expect(isEndBeforeStart('2026-10-01', '2026-10-31')).toBe(false);
    expect(isEndBeforeStart(undefined, '2026-10-01')).toBe(false);
    expect(isEndBeforeStart('2026-10-01', '')).toBe(false);
  });
});
