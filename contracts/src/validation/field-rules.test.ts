import { describe, expect, it } from 'vitest';
import { localizeZodIssue } from '../errors/validation-messages.ts';
import { z } from 'zod';
import { ZHoursEntryInput } from '../placements/hours.ts';
import { ZInternshipUpdateInput } from '../placements/internships.ts';
import { ZProfileInput } from '../organizations/organizations.ts';
import {
  isEndBeforeStart,
  isHttpUrl,
  isPhoneNumber,
  normalizeUrl,
  parseDecimal,
  zDecimal,
  zHttpUrl,
  ZPhoneNumberInput,
} from './field-rules.ts';

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

describe('decimals as people type them (issue #30 item 9)', () => {
  it('reads a comma or a point, trims, and keeps numbers', () => {
    expect(parseDecimal('3,33')).toBe(3.33);
    expect(parseDecimal('3.33')).toBe(3.33);
    expect(parseDecimal(' 7,5 ')).toBe(7.5);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('-2,5')).toBe(-2.5);
    expect(parseDecimal(4.25)).toBe(4.25);
  });

  it('refuses what is not one number', () => {
    for (const wrong of ['', ' ', 'abc', '3,3,3', '1.000,5', '3 33', '3,33 uur', '0x10', '1e3', 'Infinity'])
      expect(parseDecimal(wrong), wrong).toBeNaN();
    expect(parseDecimal(null)).toBeNaN();
    expect(parseDecimal(true)).toBeNaN();
  });

  it('is what the API schemas read: "3,33" is 3.33, "" clears, text is refused with a message', () => {
    const ZHours = zDecimal(z.number().min(0).nullable());
    expect(ZHours.parse('3,33')).toBe(3.33);
    expect(ZHours.parse(3.33)).toBe(3.33);
    expect(ZHours.parse('')).toBeNull();
    expect(ZInternshipUpdateInput.parse({ hours: '3,33' })).toEqual({ hours: 3.33 });
    const issue = ZHours.safeParse('drie').error!.issues[0]!;
    expect(localizeZodIssue(issue, 'nl')).toBe('Vul een getal in');
    expect(ZHours.safeParse('-1').success).toBe(false);
  });

  it('says which hours an hours entry takes', () => {
    expect(ZHoursEntryInput.parse({ date: '2026-10-01', hours: '3,25', description: 'x' }).hours).toBe(3.25);
    const issue = ZHoursEntryInput.safeParse({ date: '2026-10-01', hours: '3,33', description: 'x' }).error!
      .issues[0]!;
    expect(issue.path).toEqual(['hours']);
    expect(localizeZodIssue(issue, 'nl')).toBe(
      'Vul uren in per kwartier, van 0,25 tot en met 24: bijvoorbeeld 3,25 of 3,5',
    );
    expect(localizeZodIssue(issue, 'en')).toBe(
      'Enter hours in quarter hours, from 0.25 to 24: for example 3.25 or 3.5',
    );
  });
});

describe('web addresses as people type them (issue #30 item 9)', () => {
  it('gives a bare host https:// and leaves the rest as typed (trimmed)', () => {
    expect(normalizeUrl('www.dewalk.nl')).toBe('https://www.dewalk.nl');
    expect(normalizeUrl(' dewalk.nl/stage?x=1 ')).toBe('https://dewalk.nl/stage?x=1');
    expect(normalizeUrl('dewalk.nl:8080')).toBe('https://dewalk.nl:8080');
    expect(normalizeUrl('http://dewalk.nl')).toBe('http://dewalk.nl');
    expect(normalizeUrl('HTTPS://DeWalk.nl')).toBe('HTTPS://DeWalk.nl');
    for (const kept of [
      '',
      'dewalk',
      'mailto:info@dewalk.nl',
      'javascript:alert(1)',
      'info@dewalk.nl',
      '//dewalk.nl',
    ])
      expect(normalizeUrl(kept), kept).toBe(kept);
  });

  it('is what the API schemas store, and what the forms accept', () => {
    expect(zHttpUrl(100).parse('www.dewalk.nl')).toBe('https://www.dewalk.nl');
    expect(ZProfileInput.parse({ name: 'De Walk', website: 'www.dewalk.nl' }).website).toBe(
      'https://www.dewalk.nl',
    );
    expect(ZProfileInput.parse({ name: 'De Walk', website: '' }).website).toBe('');
    expect(isHttpUrl('www.dewalk.nl')).toBe(true);
    expect(isHttpUrl('https://www.dewalk.nl/stage')).toBe(true);
    for (const wrong of [
      'ftp://dewalk.nl',
      'mailto:info@dewalk.nl',
      'javascript:alert(1)',
      'dewalk',
      'info@dewalk.nl',
    ])
      expect(isHttpUrl(wrong), wrong).toBe(false);
    expect(zHttpUrl(20).safeParse('www.a-very-long-name.nl').success).toBe(false);
  });
});
