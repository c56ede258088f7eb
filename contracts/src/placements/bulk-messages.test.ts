import { describe, expect, it } from 'vitest';
import { derivePermissions } from '../identity/permissions.ts';
import type { TOrganizationType, TRoleName } from '../identity/roles.ts';
import type { TOrganizationStatus } from '../organizations/organizations.ts';
import { maySendBulkMessages } from './bulk-messages.ts';

function caller(role: TRoleName, type: TOrganizationType, status: TOrganizationStatus = 'approved') {
  const id = 'o-1';
  const permissions = derivePermissions([{ name: role, resourceType: type, resourceId: id }], { id, type });
  return maySendBulkMessages(permissions, { id, type, status });
}

// The internships list links the screen by this rule and the server refuses by it (issue #30 item 3).
describe('who sends bulk messages', () => {
  it('an admin acting for an approved School', () => {
    expect(caller('admin', 'School')).toBe(true);
  });

  it('nobody else: a pending School, mentors, students, other organizations, no organization', () => {
    expect(caller('admin', 'School', 'pending')).toBe(false);
    expect(caller('mentor', 'School')).toBe(false);
    expect(caller('student', 'School')).toBe(false);
    for (const type of ['Provider', 'NonProfit', 'VolunteerCenter'] as const)
      expect(caller('admin', type)).toBe(false);
    expect(maySendBulkMessages(derivePermissions([], null), null)).toBe(false);
  });
});
