import { describe, expect, it } from 'vitest';
import { mayBeOrganizationContact } from './organization-contacts.ts';

describe('who may be an organization’s contact (internships’ contact person and supervisor, vacancies’ contact person)', () => {
  const org = 'org-1';
  it('someone with a staff role at the organization', () => {
    expect(mayBeOrganizationContact([{ name: 'admin', resourceId: org }], org)).toBe(true);
    expect(mayBeOrganizationContact([{ name: 'mentor', resourceId: org }], org)).toBe(true);
    expect(
      mayBeOrganizationContact(
        [
          { name: 'student', resourceId: org },
          { name: 'admin', resourceId: org },
        ],
        org,
      ),
    ).toBe(true);
  });
  it('not a learner there, not someone of another organization, nobody without an organization', () => {
    expect(mayBeOrganizationContact([{ name: 'volunteer', resourceId: org }], org)).toBe(false);
    expect(mayBeOrganizationContact([{ name: 'student', resourceId: org }], org)).toBe(false);
    expect(mayBeOrganizationContact([{ name: 'admin', resourceId: 'org-2' }], org)).toBe(false);
    expect(mayBeOrganizationContact([], org)).toBe(false);
    expect(mayBeOrganizationContact([{ name: 'admin', resourceId: org }], null)).toBe(false);
  });
});
