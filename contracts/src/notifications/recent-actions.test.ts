import { describe, expect, it } from 'vitest';
import { recentActionScope } from './recent-actions.ts';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const PROVIDER = '00000000-0000-4000-8000-000000000002';
const role = (name: string, resourceType: string, resourceId: string) => ({ name, resourceType, resourceId });

describe('recent actions scope', () => {
  it('a student sees their own, at their school or without a current organization', () => {
    expect(recentActionScope([role('student', 'School', SCHOOL)], SCHOOL)).toEqual({ kind: 'own' });
    expect(recentActionScope([role('student', 'School', SCHOOL)], null)).toEqual({ kind: 'own' });
  });

  it('a school admin sees the school’s, a mentor only their own', () => {
    expect(recentActionScope([role('admin', 'School', SCHOOL)], SCHOOL)).toEqual({
      kind: 'school',
      organizationId: SCHOOL,
    });
    expect(recentActionScope([role('mentor', 'School', SCHOOL)], SCHOOL)).toEqual({
      kind: 'mentor',
      organizationId: SCHOOL,
    });
  });

  it('an admin or volunteer of another organization sees that organization’s', () => {
    for (const name of ['admin', 'volunteer'])
      expect(recentActionScope([role(name, 'Provider', PROVIDER)], PROVIDER)).toEqual({
        kind: 'organization',
        organizationId: PROVIDER,
      });
  });

  it('acting for an organization without a role there is refused', () => {
    expect(recentActionScope([role('admin', 'School', SCHOOL)], PROVIDER)).toBeNull();
  });
});
