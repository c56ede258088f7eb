import { describe, expect, it } from 'vitest';
import { TENANT_IDS } from '../tenants/tenant.types.ts';
import { getTenant } from '../tenants/tenant-registry.ts';
import {
  normalizedName,
  sameOrganization,
  selfFoundAllowed,
  splitContactName,
  websiteHost,
  ZSelfFoundAttributes,
} from './self-found.ts';

const valid = {
  title: 'Stage bij het dierenasiel',
  start_date: '2027-02-01',
  end_date: '2027-06-30',
  organization_name: 'Dierenasiel Het Baken',
  organization_address: 'Kerkstraat 1',
  organization_postcode: '3511 AA',
  organization_city: 'Utrecht',
  contact_name: 'Anna de Vries',
  contact_email: 'anna@baken.nl',
};

describe('self-found internships: the switch per tenant (spec §1)', () => {
  it.each(TENANT_IDS)('%s', (id) => {
    // Every tenant but match2gether.
    expect(selfFoundAllowed(getTenant(id)!)).toBe(id !== 'match2gether');
  });
});

describe('ZSelfFoundAttributes', () => {
  it('takes a complete entry, website and phone optional', () => {
    expect(ZSelfFoundAttributes.safeParse(valid).success).toBe(true);
    expect(
      ZSelfFoundAttributes.safeParse({
        ...valid,
        organization_website: 'https://baken.nl',
        contact_phone: '030-1234567',
      }).success,
    ).toBe(true);
  });

  it.each([
    ['organization_name', ''],
    ['organization_postcode', '12345'],
    ['organization_website', 'javascript:alert(1)'],
    ['contact_email', 'not-an-address'],
    ['contact_phone', 'abc'],
    ['start_date', '0000-01-01'],
  ])('refuses %s = %j', (field, value) => {
    const result = ZSelfFoundAttributes.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([field]);
  });

  it('refuses an end before the start, on the end date', () => {
    const result = ZSelfFoundAttributes.safeParse({ ...valid, end_date: '2027-01-01' });
    expect(result.error!.issues.map((i) => i.path)).toEqual([['end_date']]);
  });

  it('refuses unknown keys (an organization id is not the student’s to set)', () => {
    expect(ZSelfFoundAttributes.safeParse({ ...valid, organization_id: crypto.randomUUID() }).success).toBe(
      false,
    );
  });
});

describe('matching an entered organization', () => {
  it('normalizes names', () => {
    expect(normalizedName('  Zorgcentrum  De Linde B.V. ')).toBe('zorgcentrum de linde bv');
    expect(normalizedName('Crèche Één')).toBe('creche een');
  });

  it('reads website hosts without www', () => {
    expect(websiteHost('https://www.Linde.nl/stage')).toBe('linde.nl');
    expect(websiteHost('not a url')).toBeNull();
    expect(websiteHost(null)).toBeNull();
  });

  const known = { name: 'Zorgcentrum De Linde', city: 'Utrecht', website: 'https://www.delinde.nl' };
  it.each([
    [{ name: 'zorgcentrum de linde', city: 'UTRECHT', website: null }, true],
    [{ name: 'Zorgcentrum De Linde', city: 'Zeist', website: null }, false],
    [{ name: 'De Linde locatie Oost', city: 'Zeist', website: 'http://delinde.nl/oost' }, true],
    [{ name: 'Zorgcentrum De Linde', city: 'Zeist', website: 'https://anders.nl' }, false],
  ])('%j → %s', (entered, same) => {
    expect(sameOrganization(entered, known)).toBe(same);
  });

  it('splits a contact name for the signup', () => {
    expect(splitContactName('Anna van der Berg')).toEqual({ first_name: 'Anna', last_name: 'van der Berg' });
    expect(splitContactName(' Madonna ')).toEqual({ first_name: 'Madonna', last_name: 'Madonna' });
  });
});
