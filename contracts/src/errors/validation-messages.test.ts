import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TLanguage } from '../i18n/index.ts';
import { localizeZodIssue, zodErrorMap, zodIssueMessage } from './validation-messages.ts';

/** Messages produced through the error map at parse time. */
function viaMap(schema: z.ZodType, value: unknown, lang: TLanguage = 'en'): string[] {
  const result = schema.safeParse(value, { error: zodErrorMap(lang) });
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => issue.message);
}

/** Messages produced afterwards from the finished issues. */
function afterwards(schema: z.ZodType, value: unknown, lang: TLanguage = 'en'): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues.map((issue) => localizeZodIssue(issue, lang));
}

const both = (schema: z.ZodType, value: unknown, lang: TLanguage = 'en') => {
  const messages = viaMap(schema, value, lang);
  expect(afterwards(schema, value, lang)).toEqual(messages);
  return messages;
};

describe('zod issue localization', () => {
  it('reports missing input as required', () => {
    expect(both(z.object({ name: z.string() }), {})).toEqual(['This field is required']);
    expect(both(z.object({ name: z.string() }), { name: null })).toEqual(['This field is required']);
    expect(both(z.object({ name: z.string() }), {}, 'nl')).toEqual(['Dit veld is verplicht']);
    expect(both(z.string().min(1), '')).toEqual(['This field is required']);
  });

  it('reports a wrong type as invalid, numbers and integers specifically', () => {
    expect(both(z.string(), 5)).toEqual(['Field is invalid']);
    expect(both(z.number(), 'x')).toEqual(['Enter a number']);
    expect(both(z.number(), Number.NaN)).toEqual(['Enter a number']);
    expect(both(z.number().int(), 1.5)).toEqual(['Must be a whole number']);
    expect(both(z.int(), 2.5, 'nl')).toEqual(['Moet een geheel getal zijn']);
  });

  it('lists the allowed values', () => {
    expect(both(z.enum(['School', 'Provider']), 'Other')).toEqual([
      'Choose one of the allowed values: School, Provider',
    ]);
    expect(both(z.literal('a'), 'b', 'nl')).toEqual(['Kies een van de toegestane waarden: a']);
  });

  it('maps string lengths', () => {
    expect(both(z.string().min(3), 'a')).toEqual(['Must be at least 3 characters long']);
    expect(both(z.string().max(2), 'abc')).toEqual(['Must be at most 2 characters long']);
    expect(both(z.string().length(2), 'abc')).toEqual(['Must be exactly 2 characters long']);
    expect(both(z.string().min(3), 'a', 'nl')).toEqual(['Moet minimaal 3 tekens lang zijn']);
  });

  it('maps email and URL formats', () => {
    expect(both(z.email(), 'nope')).toEqual(['Enter a valid email address']);
    expect(both(z.string().email(), 'nope', 'nl')).toEqual(['Vul een geldig e-mailadres in']);
    expect(both(z.url(), 'nope')).toEqual(['Enter a valid URL']);
    expect(both(z.string().regex(/^a/), 'b')).toEqual(['Field is invalid']);
  });

  it('maps number bounds, positive and multiples', () => {
    expect(both(z.number().min(3), 1)).toEqual(['Must be greater than or equal to 3']);
    expect(both(z.number().max(3), 5)).toEqual(['Must be less than or equal to 3']);
    expect(both(z.number().gt(3), 3)).toEqual(['Must be greater than 3']);
    expect(both(z.number().lt(3), 3)).toEqual(['Must be less than 3']);
    expect(both(z.number().positive(), 0)).toEqual(['Must be a positive number']);
    expect(both(z.number().positive(), -1, 'nl')).toEqual(['Moet een positief getal zijn']);
    expect(both(z.number().multipleOf(5), 3)).toEqual(['Must be a multiple of 5']);
    expect(both(z.number().multipleOf(1), 1.5)).toEqual(['Must be a whole number']);
  });

  it('maps item counts', () => {
    expect(both(z.array(z.string()).min(2), ['a'])).toEqual(['Minimum number of items: 2']);
    expect(both(z.array(z.string()).max(1), ['a', 'b'], 'nl')).toEqual(['Maximaal aantal items: 1']);
  });

  it('maps date bounds', () => {
    expect(both(z.date().min(new Date('2024-09-01T00:00:00Z')), new Date('2024-01-01T00:00:00Z'))).toEqual([
      'Must be on or after 2024-09-01',
    ]);
  });

  it('uses catalogue keys passed in custom issue params', () => {
    const schema = z
      .object({ uid: z.string().optional(), resetPasswordToken: z.string().optional() })
      .refine((v) => v.uid !== undefined || v.resetPasswordToken !== undefined, {
        params: { i18nKey: 'validation.passwordResetCredentials' },
      });
    const reset = 'You must provide either the uid, client and accessToken or the resetPasswordToken';
    expect(both(schema, {}, 'nl')).toEqual([reset]);
    expect(
      both(
        z.string().refine(() => false),
        'x',
        'nl',
      ),
    ).toEqual(['Veld is ongeldig']);
  });

  it('keeps messages written on the schema', () => {
    expect(viaMap(z.string().min(3, 'Te kort'), 'a', 'en')).toEqual(['Te kort']);
    expect(
      afterwards(
        z.string().refine(() => false, 'Eigen melding'),
        'x',
        'en',
      ),
    ).toEqual(['Eigen melding']);
  });

  it('falls back to "Field is invalid" for anything else', () => {
    expect(both(z.strictObject({}), { extra: 1 })).toEqual(['Field is invalid']);
    expect(zodIssueMessage({ code: 'invalid_union', errors: [], path: [], message: 'x' })).toEqual({
      key: 'validation.invalid',
    });
  });

  it('returns keys and vars for callers with their own translator', () => {
    const result = z.string().max(4).safeParse('abcdef');
    expect(result.success).toBe(false);
    expect(zodIssueMessage(result.error!.issues[0]!)).toEqual({
      key: 'validation.maxLength',
      vars: { max: '4' },
    });
  });
});
