import { describe, expect, it } from 'vitest';
import { ZProfileInput } from '@stageplein/contracts/organizations/organizations';
import { validateAll } from '@stageplein/design-system/forms/field-rules.ts';
import { emptyProfile, profileAttributes, profileRules, profileValuesOf } from './profile-form.ts';

describe('the organization profile form', () => {
  it('requires only the name when editing; the signup also needs the address', () => {
    const keys = (addressRequired: boolean) =>
      Object.keys(validateAll(emptyProfile(), profileRules(addressRequired))).sort();
    expect(keys(false)).toEqual(['name']);
    expect(keys(true)).toEqual(['address', 'city', 'name', 'postcode']);
  });

  it('fills the form from the API (nulls empty) and sends blanks to clear fields', () => {
    const values = profileValuesOf({ name: 'Spaak', city: null, phone: '030-1234567' });
    expect(values).toEqual({ ...emptyProfile(), name: 'Spaak', phone: '030-1234567' });
    const attributes = profileAttributes({ ...values, city: ' Utrecht ' }, { omitEmpty: false });
    expect(attributes).toMatchObject({ name: 'Spaak', city: 'Utrecht', website: '', description: '' });
    expect(ZProfileInput.partial().safeParse(attributes).success).toBe(true);
    expect(profileAttributes(values, { omitEmpty: true })).toEqual({ name: 'Spaak', phone: '030-1234567' });
  });

  it('checks postcodes with the API’s rule', () => {
    const postcode = (p: string) =>
      validateAll({ ...emptyProfile(), name: 'x', postcode: p }, profileRules(false)).postcode?.key;
    expect(postcode('1234 AB')).toBeUndefined();
    expect(postcode('1234ab')).toBeUndefined();
    expect(postcode('')).toBeUndefined();
    expect(postcode('12345')).toBe('validation.postcode');
  });
});
