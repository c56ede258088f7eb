import { describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { FIELD_RULE_MESSAGES } from '@stageplein/contracts/validation/field-rules';
import { dateFieldRules, toDateInputValue } from './date-field.tsx';
import { validateField } from './field-rules.ts';

describe('the date field of both apps', () => {
  it('checks required first, then the end date against its start (the contracts rule)', () => {
    const end = dateFieldRules({ required: true, notBefore: 'start' });
    expect(validateField('', end, { start: '2026-10-31' })).toEqual({ key: 'validation.required' });
    expect(validateField('2026-10-01', end, { start: '2026-10-31' })).toEqual({
      key: FIELD_RULE_MESSAGES.endBeforeStart,
    });
    expect(validateField('2026-10-31', end, { start: '2026-10-31' })).toBeUndefined();
    // An optional end date may stay empty; without a start there is nothing to compare.
    expect(
      validateField('', dateFieldRules({ notBefore: 'start' }), { start: '2026-10-31' }),
    ).toBeUndefined();
    expect(validateField('2026-10-01', dateFieldRules({ notBefore: 'start' }), {})).toBeUndefined();
    expect(dateFieldRules({})).toEqual([]);
    // The catalogue has the messages in both languages.
    expect(translate('nl', FIELD_RULE_MESSAGES.endBeforeStart)).toBe('De einddatum ligt voor de begindatum');
    expect(translate('en', FIELD_RULE_MESSAGES.endBeforeStart)).toBe('The end date is before the start date');
  });

  it('gives the browser’s date control a yyyy-mm-dd day or nothing', () => {
    expect(toDateInputValue('2026-10-31')).toBe('2026-10-31');
    expect(toDateInputValue('2026-10-31T00:00:00.000Z')).toBe('2026-10-31');
    expect(toDateInputValue(new Date(2026, 9, 31))).toBe('2026-10-31');
    expect(toDateInputValue(new Date('nonsense'))).toBe('');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue(undefined)).toBe('');
    expect(toDateInputValue('31-10-2026')).toBe('');
  });
});
