import { describe, expect, it } from 'vitest';
import {
  canTransition,
  normalizePostcode,
  ORGANIZATION_STATUSES,
  STATUS_EVENT_TYPES,
  ZOrganizationSignupAttributes,
} from './organizations.ts';
import { EVENT_PAYLOADS } from '../events/payloads.ts';

describe('organization status transitions', () => {
  it('allows exactly the documented moves', () => {
    const allowed = ORGANIZATION_STATUSES.flatMap((from) =>
      ORGANIZATION_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'pending→approved',
        'pending→denied',
        'pending→archived',
        'approved→archived',
        'denied→pending',
        'denied→approved',
        'denied→archived',
        'archived→approved',
      ].sort(),
    );
  });

  it('never counts staying in a status as a transition', () => {
    for (const s of ORGANIZATION_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('has an event type with a payload schema for every target status', () => {
    for (const s of ORGANIZATION_STATUSES) expect(EVENT_PAYLOADS[STATUS_EVENT_TYPES[s]]).toBeDefined();
  });
});

describe('signup attributes', () => {
  const valid = {
    organization_type: 'Provider',
    name: 'Bakkerij De Korenbloem',
    city: 'Harderwijk',
    address: 'Bruggestraat 12',
    postcode: '3841 cl',
    admin_email: 'info@korenbloem.test',
    admin_first_name: 'Kees',
    admin_last_name: 'de Bakker',
  };

  it('accepts a Dutch postcode with or without the space, and normalises it', () => {
    expect(ZOrganizationSignupAttributes.safeParse(valid).success).toBe(true);
    expect(ZOrganizationSignupAttributes.safeParse({ ...valid, postcode: '3841CL' }).success).toBe(true);
    expect(normalizePostcode(' 3841cl ')).toBe('3841 CL');
    expect(normalizePostcode('3841 CL')).toBe('3841 CL');
  });

  it('rejects a wrong postcode, a missing admin email and unknown fields', () => {
    expect(ZOrganizationSignupAttributes.safeParse({ ...valid, postcode: '0841 CL' }).success).toBe(false);
    expect(ZOrganizationSignupAttributes.safeParse({ ...valid, admin_email: undefined }).success).toBe(false);
    expect(ZOrganizationSignupAttributes.safeParse({ ...valid, status: 'approved' }).success).toBe(false);
  });
});
