import { describe, expect, it } from 'vitest';
import { toCamelKeys } from '@stageplein/contracts/client/case-keys';
import { displayName, initials, userFromDocument } from './current-user.ts';

// What identity answers to GET /api/v1/current_user?include=roles,organizations, read in camelCase by the API client.
const answer = toCamelKeys({
  data: {
    type: 'user',
    id: 'u1',
    attributes: {
      email: 'student@demo.test',
      uid: 'student@demo.test',
      first_name: 'Sam',
      last_name: 'Student',
      gender: null,
      status: 'active',
      locale: 'nl',
      phone_number: null,
      settings: { email_notifications: true },
      periodic_mail_frequency: 'weekly',
      confirmed_at: '2024-01-01T00:00:00.000Z',
      last_sign_in_at: null,
      deletion_requested_at: null,
      created_at: 'x',
      updated_at: 'y',
    },
    relationships: {
      roles: { data: [{ type: 'role', id: 'r1' }] },
      organizations: { data: [{ type: 'School', id: 'o1' }] },
    },
  },
  included: [
    {
      type: 'role',
      id: 'r1',
      attributes: { name: 'student', resource_type: 'School', resource_id: 'o1', created_at: 'z' },
    },
    { type: 'School', id: 'o1', attributes: { name: 'Het Lyceum', status: 'approved' } },
  ],
  meta: { impersonator_id: null },
});

describe('userFromDocument', () => {
  it('reads the user and their roles (spec §7 "fills the user and roles")', () => {
    const user = userFromDocument(answer);
    expect(user).toMatchObject({
      id: 'u1',
      email: 'student@demo.test',
      firstName: 'Sam',
      settings: { emailNotifications: true },
      periodicMailFrequency: 'weekly',
      impersonatorId: null,
    });
    expect(user.roles).toEqual([{ name: 'student', resourceType: 'School', resourceId: 'o1' }]);
    // Named from identity's read model (include=organizations), not by their type.
    expect(user.organizations).toEqual([
      { id: 'o1', type: 'School', name: 'Het Lyceum', status: 'approved' },
    ]);
  });

  it('names and initials fall back to the email', () => {
    expect(displayName({ firstName: 'Sam', lastName: 'Student', email: 'x' })).toBe('Sam Student');
    expect(displayName({ firstName: null, lastName: null, email: 'a@b.test' })).toBe('a@b.test');
    expect(initials({ firstName: 'Sam', lastName: 'Student', email: 'x' })).toBe('SS');
    expect(initials({ firstName: null, lastName: ' ', email: 'anna@b.test' })).toBe('A');
  });
});
