import { describe, expect, it } from 'vitest';
import { vacancyContactChoices } from './vacancy-contact.ts';

const ORG = 'org-1';
const people = [
  {
    id: 'u-carla',
    firstName: 'Carla',
    lastName: 'Contact',
    email: 'carla@org.test',
    roles: [{ name: 'admin' as const, resourceId: ORG }],
  },
  { id: 'u-bram', firstName: 'Bram', lastName: null, roles: [{ name: 'mentor' as const, resourceId: ORG }] },
  // The internships' rule: a learner there or someone of another organization is no contact person.
  { id: 'u-vera', firstName: 'Vera', roles: [{ name: 'volunteer' as const, resourceId: ORG }] },
  { id: 'u-olga', firstName: 'Olga', roles: [{ name: 'admin' as const, resourceId: 'org-2' }] },
];

describe('the back office’s contact person picker', () => {
  it('offers the organization’s people the rule allows, as the portal does', () => {
    expect(vacancyContactChoices(people, { id: 'v', organizationId: ORG, contactPersonId: null })).toEqual([
      { id: 'u-carla', name: 'Carla Contact (carla@org.test)' },
      { id: 'u-bram', name: 'Bram' },
    ]);
  });

  it('keeps the current contact as a choice when the list no longer holds them', () => {
    const choices = vacancyContactChoices(people, {
      id: 'v',
      organizationId: ORG,
      contactPersonId: 'u-gone',
    });
    expect(choices.map((c) => c.id)).toEqual(['u-gone', 'u-carla', 'u-bram']);
  });
});
