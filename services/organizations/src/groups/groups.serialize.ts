import type {
  TGroupMembershipResource,
  TGroupResource,
} from '@stageplein/contracts/organizations/school-resources';
import type { TGroupMembershipRow, TGroupRow } from './groups.repository.ts';

export function groupResource(g: TGroupRow, studentIds?: readonly string[]): TGroupResource {
  return {
    type: 'group',
    id: g.id,
    attributes: {
      name: g.name,
      description: g.description,
      school_id: g.school_id,
      school_year_id: g.school_year_id,
      level_id: g.level_id,
      students_count: g.students_count,
      created_at: g.created_at.toISOString(),
      updated_at: g.updated_at.toISOString(),
    },
    relationships: {
      school: { data: { type: 'School', id: g.school_id } },
      school_year: { data: g.school_year_id ? { type: 'school_year', id: g.school_year_id } : null },
      level: { data: g.level_id ? { type: 'level', id: g.level_id } : null },
      // Students are identity's users: linked by id only.
      ...(studentIds && { students: { data: studentIds.map((id) => ({ type: 'user', id })) } }),
    },
  };
}

export const membershipResource = (m: TGroupMembershipRow): TGroupMembershipResource => ({
  type: 'group_membership',
  id: m.id,
  attributes: {
    student_id: m.student_id,
    group_id: m.group_id,
    school_id: m.school_id,
    created_at: m.created_at.toISOString(),
  },
});
