import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType, TRoleName } from '../identity/roles.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import { vacancyKindsFor } from './vacancies.ts';
import {
  allowsAction,
  deletable,
  editable,
  mayTakeAction,
  publishBlock,
  readsVacancy,
} from './vacancy-policy.ts';

const ORG = 'o-1';
function caller(
  role: TRoleName,
  type: TOrganizationType,
  status: TOrganizationStatus = 'approved',
  id = ORG,
) {
  const permissions = derivePermissions([{ name: role, resourceType: type, resourceId: id }], { id, type });
  return { permissions, current: { id, type, status } };
}
const draft = { organizationId: ORG, status: 'draft' as const, hidden: false };
const live = { ...draft, status: 'published' as const };

describe('vacancy policy', () => {
  it('managing is ownership: admins of the vacancy’s own organization only', () => {
    const own = caller('admin', 'NonProfit');
    const other = caller('admin', 'NonProfit', 'approved', 'o-2');
    const mentor = caller('mentor', 'NonProfit');
    for (const action of ['publish', 'close', 'archive'] as const) {
      expect(mayTakeAction(own.permissions, own.current, ORG, action)).toBe(true);
      expect(mayTakeAction(other.permissions, other.current, ORG, action)).toBe(false);
      expect(mayTakeAction(mentor.permissions, mentor.current, ORG, action)).toBe(false);
    }
  });

  it('approved school and volunteer-centre admins moderate others’ vacancies, and read drafts', () => {
    const school = caller('admin', 'School', 'approved', 'o-9');
    const center = caller('admin', 'VolunteerCenter', 'approved', 'o-8');
    const pending = caller('admin', 'School', 'pending', 'o-7');
    const provider = caller('admin', 'Provider', 'approved', 'o-6');
    expect(mayTakeAction(school.permissions, school.current, ORG, 'hide')).toBe(true);
    expect(mayTakeAction(center.permissions, center.current, ORG, 'unhide')).toBe(true);
    expect(mayTakeAction(pending.permissions, pending.current, ORG, 'hide')).toBe(false);
    expect(mayTakeAction(provider.permissions, provider.current, ORG, 'hide')).toBe(false);
    // Not their own vacancies: nobody moderates themselves.
    expect(mayTakeAction(school.permissions, school.current, 'o-9', 'hide')).toBe(false);
    expect(readsVacancy(school.permissions, school.current, draft)).toBe(true);
    expect(readsVacancy(provider.permissions, provider.current, draft)).toBe(false);
    expect(readsVacancy(provider.permissions, provider.current, live)).toBe(true);
    expect(readsVacancy(provider.permissions, provider.current, { ...live, hidden: true })).toBe(false);
  });

  it('transitions and publish gates', () => {
    expect(allowsAction(draft, 'publish')).toBe(true);
    expect(allowsAction(live, 'publish')).toBe(false);
    expect(allowsAction({ ...live, status: 'closed' }, 'publish')).toBe(true);
    expect(allowsAction({ ...live, status: 'archived' }, 'publish')).toBe(false);
    expect(allowsAction(draft, 'close')).toBe(false);
    expect(allowsAction(live, 'unhide')).toBe(false);
    expect(allowsAction({ ...live, hidden: true }, 'hide')).toBe(false);
    expect(editable('archived')).toBe(false);
    expect(deletable('published')).toBe(false);
    expect(publishBlock({ status: 'approved' })).toBeNull();
    expect(publishBlock({ status: 'pending' })).toBe('organization_not_approved');
    expect(publishBlock(null)).toBe('organization_not_approved');
  });

  it('compliance: a required document missing or expired blocks; nothing announced yet does not', () => {
    expect(publishBlock({ status: 'approved' }, { may_publish: false })).toBe('compliance_not_met');
    expect(publishBlock({ status: 'approved' }, { may_publish: true })).toBeNull();
    expect(publishBlock({ status: 'approved' }, null)).toBeNull();
    // Approval is checked first.
    expect(publishBlock({ status: 'pending' }, { may_publish: false })).toBe('organization_not_approved');
  });

  it('kinds follow the tenant’s traineeship switch', () => {
    expect(vacancyKindsFor({ traineeship: true })).toEqual(['traineeship', 'internship']);
    expect(vacancyKindsFor({ traineeship: false })).toEqual(['internship', 'volunteer']);
  });
});
