import { describe, expect, it } from 'vitest';
import { ZOrganizationSignupAttributes } from '@stageplein/contracts/organizations/organizations';
import { toSnakeKeys } from '@stageplein/contracts/client/case-keys';
import { validateAll } from '@stageplein/design-system/forms/field-rules.ts';
import { signupBody, signupInitialValues, signupRules } from './signup-form.ts';

const filled = () => ({
  ...signupInitialValues(),
  name: ' Fietsenmaker Spaak ',
  address: 'Steenweg 1',
  postcode: '3511jj',
  city: 'Utrecht',
  adminFirstName: 'Sanne',
  adminLastName: 'Spaak',
  adminEmail: 'Sanne@Spaak.test',
});

const keysOf = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(validateAll(values as never, signupRules)).map(([k, m]) => [k, m.key]));

describe('the organization signup form', () => {
  it('asks for what the API requires, with the catalogue messages', () => {
    expect(keysOf(signupInitialValues())).toEqual({
      name: 'validation.required',
      address: 'validation.required',
      postcode: 'validation.required',
      city: 'validation.required',
      adminFirstName: 'validation.required',
      adminLastName: 'validation.required',
      adminEmail: 'validation.required',
    });
    expect(keysOf(filled())).toEqual({});
  });

  it('refuses what the API refuses: postcode, e-mail, website, phone, type', () => {
    expect(
      keysOf({
        ...filled(),
        postcode: '0123 AB',
        adminEmail: 'geen-adres',
        email: 'ook@geen',
        website: 'geen website',
        phone: 'bel me',
        organizationType: 'VolunteerCenter',
      }),
    ).toEqual({
      postcode: 'validation.postcode',
      adminEmail: 'validation.email',
      email: 'validation.email',
      website: 'validation.url',
      phone: 'validation.phoneNumber',
      organizationType: 'validation.oneOf',
    });
    expect(keysOf({ ...filled(), name: 'x'.repeat(201), description: 'x'.repeat(5001) })).toEqual({
      name: 'validation.maxLength',
      description: 'validation.maxLength',
    });
  });

  it('sends a body the API accepts: trimmed, empty optional fields left out, the mail language', () => {
    const body = signupBody(filled(), 'en');
    expect(body.data.type).toBe('organization_signup');
    const attributes = toSnakeKeys(body.data.attributes) as Record<string, unknown>;
    expect(attributes).toEqual({
      organization_type: 'Provider',
      name: 'Fietsenmaker Spaak',
      address: 'Steenweg 1',
      postcode: '3511jj',
      city: 'Utrecht',
      admin_first_name: 'Sanne',
      admin_last_name: 'Spaak',
      admin_email: 'sanne@spaak.test',
      locale: 'en',
    });
    expect(ZOrganizationSignupAttributes.safeParse(attributes).success).toBe(true);
  });

  it('lets nothing through that the API would refuse (the same rules on both ends)', () => {
    const cases = [
      { postcode: '1234 A' },
      { postcode: '1234AB ' },
      { website: 'ftp://x.nl' },
      // Typed without https:// (issue #30 item 9): both ends take it, the API stores https://.
      { website: 'www.dewalk.nl' },
      { phone: '06 1234 5678' },
      { phone: '12' },
      { email: 'info@spaak.nl' },
    ];
    for (const change of cases) {
      const values = { ...filled(), ...change };
      const formAccepts = Object.keys(validateAll(values, signupRules)).length === 0;
      const apiAccepts = ZOrganizationSignupAttributes.safeParse(
        toSnakeKeys(signupBody(values, 'nl').data.attributes),
      ).success;
      expect(formAccepts, JSON.stringify(change)).toBe(apiAccepts);
    }
  });
});
