import { describe, expect, it } from 'vitest';
import {
  organizationsFromRoles,
  preselectOrganization,
  PRESELECTED_ORGANIZATION_TYPES,
  reconcileOrganizationSelection,
} from './organizations.ts';

const provider = { id: 'p', type: 'Provider' };
const school = { id: 's', type: 'School' };
const center = { id: 'c', type: 'VolunteerCenter' };
const nonprofit = { id: 'n', type: 'NonProfit' };

describe('preselectOrganization (spec §4, §9)', () => {
  it('takes the first School or VolunteerCenter', () => {
    expect(PRESELECTED_ORGANIZATION_TYPES).toEqual(['School', 'VolunteerCenter']);
    expect(preselectOrganization([provider, school, center])).toBe(school);
    expect(preselectOrganization([provider, center, school])).toBe(center);
  });

  it('else the first organization, else none', () => {
    expect(preselectOrganization([nonprofit, provider])).toBe(nonprofit);
    expect(preselectOrganization([])).toBeUndefined();
  });
});

describe('reconcileOrganizationSelection', () => {
  it('keeps a selection that is still in the list', () => {
    expect(reconcileOrganizationSelection('p', [school, provider], true)).toEqual({
      selectedId: 'p',
      current: provider,
    });
  });

  it('clears a selection no longer in the list and falls back to the preselection', () => {
    expect(reconcileOrganizationSelection('gone', [provider, school], true)).toEqual({
      selectedId: undefined,
      current: school,
    });
  });

  it('resets everything when the user disappears', () => {
    expect(reconcileOrganizationSelection('s', [school], false)).toEqual({
      selectedId: undefined,
      current: undefined,
    });
    expect(reconcileOrganizationSelection('s', undefined, true).current).toBeUndefined();
  });
});

describe('organizationsFromRoles', () => {
  it('lists each role resource once, in role order, with its type', () => {
    expect(
      organizationsFromRoles([
        { name: 'admin', resourceType: 'Provider', resourceId: 'p' },
        { name: 'mentor', resourceType: 'School', resourceId: 's' },
        { name: 'admin', resourceType: 'School', resourceId: 's' },
        { name: 'admin', resourceType: 'School', resourceId: 7 },
      ]),
    ).toEqual([
      { id: 'p', type: 'Provider' },
      { id: 's', type: 'School' },
      { id: '7', type: 'School' },
    ]);
  });
});
