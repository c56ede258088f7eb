import { describe, expect, it } from 'vitest';
import { mailboxOf, mayBeOrganizationContact, sameMailbox } from './organization-contacts.ts';

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

describe('the mailbox an address reaches (a student’s own address as supervisor)', () => {
  it('ignores case, sub-addresses and Gmail’s dots', () => {
    expect(mailboxOf(' Jan.Jansen+stage@School.NL ')).toBe('jan.jansen@school.nl');
    expect(mailboxOf('j.a.n+x@googlemail.com')).toBe('jan@gmail.com');
    expect(sameMailbox('jan@gmail.com', 'J.an+baas@gmail.com')).toBe(true);
  });
  it('tells other mailboxes apart, dots count outside Gmail, nothing is nobody', () => {
    expect(sameMailbox('jan.jansen@school.nl', 'janjansen@school.nl')).toBe(false);
    expect(sameMailbox('jan@school.nl', 'jan@bakker.nl')).toBe(false);
    expect(sameMailbox(null, 'jan@school.nl')).toBe(false);
  });
});
