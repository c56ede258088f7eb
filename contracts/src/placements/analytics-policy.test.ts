import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType } from '../identity/roles.ts';
import { maySeeOrganizationAnalytics, maySeeSchoolAnalytics } from './analytics-policy.ts';

const as = (name: string, type: TOrganizationType) =>
  derivePermissions([{ name, resourceType: type, resourceId: 'o' }], { id: 'o' });
const at = (type: TOrganizationType, status: 'approved' | 'pending' = 'approved') => ({
  id: 'o',
  type,
  status,
});

describe('who sees analytics (issue #37)', () => {
  it('gives the school view to admins of an approved School only', () => {
    expect(maySeeSchoolAnalytics(as('admin', 'School'), at('School'))).toBe(true);
    expect(maySeeSchoolAnalytics(as('admin', 'School'), at('School', 'pending'))).toBe(false);
    expect(maySeeSchoolAnalytics(as('mentor', 'School'), at('School'))).toBe(false);
    expect(maySeeSchoolAnalytics(as('student', 'School'), at('School'))).toBe(false);
    expect(maySeeSchoolAnalytics(as('admin', 'VolunteerCenter'), at('VolunteerCenter'))).toBe(false);
    expect(maySeeSchoolAnalytics(as('admin', 'School'), null)).toBe(false);
  });

  it("gives the organization's view to admins of the approved organization acted for", () => {
    expect(maySeeOrganizationAnalytics(as('admin', 'Provider'), at('Provider'))).toBe(true);
    expect(maySeeOrganizationAnalytics(as('admin', 'NonProfit'), at('NonProfit', 'pending'))).toBe(false);
    expect(maySeeOrganizationAnalytics(as('volunteer', 'NonProfit'), at('NonProfit'))).toBe(false);
    expect(maySeeOrganizationAnalytics(as('student', 'School'), at('School'))).toBe(false);
  });
});
