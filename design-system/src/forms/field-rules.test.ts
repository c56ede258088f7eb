import { describe, expect, it } from 'vitest';
import { hasKey, translate } from '@stageplein/contracts/i18n/index';
import { rules, validateAll, validateField } from './field-rules.ts';

describe('field rules (spec §5)', () => {
  it('stops at the first failing rule', () => {
    const emailRules = [rules.required(), rules.email(), rules.maxLength(5)];
    expect(validateField('', emailRules)).toEqual({ key: 'validation.required' });
    expect(validateField('nope', emailRules)).toEqual({ key: 'validation.email' });
    expect(validateField('a@b.test', emailRules)).toEqual({ key: 'validation.maxLength', vars: { max: 5 } });
    expect(validateField('a@b.nl', [rules.required(), rules.email()])).toBeUndefined();
  });

  it('lets empty optional fields pass', () => {
    expect(validateField('', [rules.email(), rules.minLength(3)])).toBeUndefined();
    expect(validateField(null, [rules.url()])).toBeUndefined();
  });

  it('has a localized default message for every check of spec §5', () => {
    const cases: [ReturnType<typeof validateField>, string, string][] = [
      [validateField('', [rules.required()]), 'Dit veld is verplicht', 'This field is required'],
      [validateField('x', [rules.oneOf(['a', 'b'])]), 'Kies een van de toegestane waarden: a, b', ''],
      [validateField('ab', [rules.minLength(8)]), 'Moet minimaal 8 tekens lang zijn', ''],
      [validateField('abcdef', [rules.maxLength(3)]), 'Mag maximaal 3 tekens lang zijn', ''],
      [validateField('x@', [rules.email()]), 'Vul een geldig e-mailadres in', ''],
      [validateField('ftp://x', [rules.url()]), 'Vul een geldige URL in', ''],
      [validateField('1', [rules.min(2)]), 'Moet groter dan of gelijk aan 2 zijn', ''],
      [validateField('3', [rules.max(2)]), 'Moet kleiner dan of gelijk aan 2 zijn', ''],
      [validateField('-1', [rules.positive()]), 'Moet een positief getal zijn', ''],
      [validateField('1.5', [rules.integer()]), 'Moet een geheel getal zijn', ''],
      [validateField(['a'], [rules.minItems(2)]), 'Minimaal aantal items: 2', ''],
      [validateField(['a', 'b'], [rules.maxItems(1)]), 'Maximaal aantal items: 1', ''],
      [validateField('12ab', [rules.pattern(/^\d{6}$/)]), 'Veld is ongeldig', 'Field is invalid'],
      // Messages that say what is wrong (issue #13), from the contracts rules the API applies too.
      [
        validateField('abc', [rules.phoneNumber()]),
        'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678',
        'Enter a valid phone number, for example +31 6 12345678',
      ],
      [
        validateField('2026-09-01', [rules.notBefore('start')], { start: '2026-10-01' }),
        'De einddatum ligt voor de begindatum',
        'The end date is before the start date',
      ],
    ];
    for (const [message, nl, en] of cases) {
      expect(message).toBeDefined();
      expect(hasKey(message!.key)).toBe(true);
      expect(translate('nl', message!.key, message!.vars)).toBe(nl);
      if (en) expect(translate('en', message!.key, message!.vars)).toBe(en);
    }
  });

  it('takes numbers and web addresses as people type them, like the API (issue #30 item 9)', () => {
    const hours = [rules.number(), rules.min(0), rules.max(10)];
    expect(validateField('3,33', hours)).toBeUndefined();
    expect(validateField('3.33', hours)).toBeUndefined();
    expect(validateField('drie', hours)).toEqual({ key: 'validation.number' });
    expect(validateField('10,5', hours)).toEqual({ key: 'validation.numberMax', vars: { max: 10 } });
    expect(validateField('2,5', [rules.integer()])).toEqual({ key: 'validation.integer' });
    expect(validateField('www.dewalk.nl', [rules.url()])).toBeUndefined();
    expect(validateField('dewalk', [rules.url()])).toEqual({ key: 'validation.url' });
  });

  it('compares with another field and checks a whole form', () => {
    const mismatch = { key: 'validation.invalid' } as const;
    const schema = {
      password: [rules.required(), rules.minLength(8)],
      passwordConfirmation: [rules.required(), rules.sameAs('password', mismatch)],
    };
    expect(validateAll({ password: 'geheim-123', passwordConfirmation: 'anders' }, schema)).toEqual({
      passwordConfirmation: mismatch,
    });
    expect(validateAll({ password: 'geheim-123', passwordConfirmation: 'geheim-123' }, schema)).toEqual({});
  });
});
