import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import { mayAnswerSupervisorAccountRequests, mayAskForSupervisorAccount } from './supervisor-accounts.ts';

const ORG = '00000000-0000-4000-8000-000000000001';

describe('supervisor account rules', () => {
  it('the holder of an hours or evaluation link asks, when the supervisor has no account', () => {
    const internship = { organization_id: ORG, supervisor_id: null };
    expect(mayAskForSupervisorAccount('confirm_hours', internship)).toBe(true);
    expect(mayAskForSupervisorAccount('fill_evaluation', internship)).toBe(true);
    expect(mayAskForSupervisorAccount('complete_assignments', internship)).toBe(false);
    expect(mayAskForSupervisorAccount('confirm_hours', { ...internship, supervisor_id: ORG })).toBe(false);
    expect(mayAskForSupervisorAccount('confirm_hours', { ...internship, organization_id: null })).toBe(false);
  });

  it("the approved company's admins answer; not its mentors, a school or a pending company", () => {
    const as = (name: string, type: 'Provider' | 'NonProfit' | 'School', status = 'approved' as const) =>
      mayAnswerSupervisorAccountRequests(
        derivePermissions([{ name, resourceType: type, resourceId: ORG }], { id: ORG, type }),
        { id: ORG, type, status },
      );
    expect(as('admin', 'Provider')).toBe(true);
    expect(as('admin', 'NonProfit')).toBe(true);
    expect(as('mentor', 'Provider')).toBe(false);
    expect(as('admin', 'School')).toBe(false);
    expect(
      mayAnswerSupervisorAccountRequests(
        derivePermissions([{ name: 'admin', resourceType: 'Provider', resourceId: ORG }], {
          id: ORG,
          type: 'Provider',
        }),
        { id: ORG, type: 'Provider', status: 'pending' },
      ),
    ).toBe(false);
    expect(mayAnswerSupervisorAccountRequests(derivePermissions([], null), undefined)).toBe(false);
  });
});
