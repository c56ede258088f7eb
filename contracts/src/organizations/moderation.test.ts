import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import { ORGANIZATION_TYPES, ROLE_NAMES, type TOrganizationType } from '../identity/roles.ts';
import {
  isPlatformOperator,
  moderatedTypes,
  moderates,
  type TCurrentOrganizationFacts,
} from './moderation.ts';

const CURRENT = 'current-org';
const facts = (type: TOrganizationType, status: TCurrentOrganizationFacts['status'] = 'approved') => ({
  id: CURRENT,
  type,
  status,
});
const permissionsOf = (name: string, type: TOrganizationType) =>
  derivePermissions([{ name, resourceType: type, resourceId: CURRENT }], { id: CURRENT, type });

describe('who moderates which organizations', () => {
  it('per role × type of the current organization', () => {
    const table: Record<string, readonly string[]> = {};
    for (const role of ROLE_NAMES) {
      for (const type of ORGANIZATION_TYPES) {
        const types = moderatedTypes(permissionsOf(role, type), facts(type));
        if (types.length) table[`${role}@${type}`] = types;
      }
    }
    expect(table).toEqual({
      'admin@School': ['NonProfit', 'Provider'],
      'admin@VolunteerCenter': ['School', 'VolunteerCenter', 'NonProfit', 'Provider'],
    });
  });

  it('only from an approved current organization', () => {
    for (const status of ['pending', 'denied', 'archived'] as const) {
      expect(
        moderatedTypes(permissionsOf('admin', 'VolunteerCenter'), facts('VolunteerCenter', status)),
      ).toEqual([]);
    }
    expect(moderatedTypes(permissionsOf('admin', 'VolunteerCenter'), null)).toEqual([]);
  });

  it('never the own organization', () => {
    const p = permissionsOf('admin', 'VolunteerCenter');
    expect(moderates(p, facts('VolunteerCenter'), { id: CURRENT, type: 'VolunteerCenter' })).toBe(false);
    expect(moderates(p, facts('VolunteerCenter'), { id: 'other', type: 'VolunteerCenter' })).toBe(true);
    expect(
      moderates(permissionsOf('admin', 'School'), facts('School'), { id: 'other', type: 'School' }),
    ).toBe(false);
    expect(
      moderates(permissionsOf('admin', 'School'), facts('School'), { id: 'other', type: 'Provider' }),
    ).toBe(true);
  });

  it('platform operators (audit log readers): admins of an approved VolunteerCenter only', () => {
    const operators: string[] = [];
    for (const role of ROLE_NAMES) {
      for (const type of ORGANIZATION_TYPES) {
        if (isPlatformOperator(permissionsOf(role, type), facts(type))) operators.push(`${role}@${type}`);
      }
    }
    expect(operators).toEqual(['admin@VolunteerCenter']);
    const admin = permissionsOf('admin', 'VolunteerCenter');
    for (const status of ['pending', 'denied', 'archived'] as const)
      expect(isPlatformOperator(admin, facts('VolunteerCenter', status))).toBe(false);
    expect(isPlatformOperator(admin, null)).toBe(false);
  });
});
