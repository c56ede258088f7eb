import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { findLevel } from '../levels/levels.service.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { hasRoleAt } from '../shared/roles.ts';
import { nameTaken } from '../shared/school.ts';
import {
  deleteGroup,
  deleteMembership,
  findGroup,
  findMembership,
  insertGroup,
  updateGroup,
  upsertMembership,
  type TGroupMembershipRow,
  type TGroupRow,
} from './groups.repository.ts';

export interface TGroupInput {
  name?: string;
  description?: string | null;
  school_year_id?: string | null;
  level_id?: string | null;
}

const payload = (g: TGroupRow) => ({
  group_id: g.id,
  school_id: g.school_id,
  name: g.name,
  school_year_id: g.school_year_id,
  level_id: g.level_id,
});

const invalid = (field: string) =>
  new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}` });

/** The school year must exist (in this tenant) and the level belong to the same school. */
async function assertReferences(ctx: TCtx, schoolId: string, input: TGroupInput): Promise<void> {
  if (input.school_year_id) {
    const year = await ctx.db
      .selectFrom('organizations.school_years')
      .select('id')
      .where('id', '=', input.school_year_id)
      .executeTakeFirst();
    if (!year) throw invalid('school_year_id');
  }
  if (input.level_id) {
    const level = await findLevel(ctx.db, input.level_id);
    if (!level || level.school_id !== schoolId) throw invalid('level_id');
  }
}

export async function createGroup(
  ctx: TCtx,
  caller: TChangeActor,
  schoolId: string,
  input: TGroupInput & { name: string },
) {
  await assertReferences(ctx, schoolId, input);
  const group = await insertGroup(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    name: input.name,
    description: input.description ?? null,
    school_year_id: input.school_year_id ?? null,
    level_id: input.level_id ?? null,
    created_at: ctx.now,
    updated_at: ctx.now,
  }).catch((e: unknown) => Promise.reject(nameTaken(e)));
  await record(ctx, caller, 'organizations.group.created', { type: 'group', id: group.id }, payload(group));
  return group;
}

export async function changeGroup(ctx: TCtx, caller: TChangeActor, group: TGroupRow, input: TGroupInput) {
  await assertReferences(ctx, group.school_id, input);
  const updated = await updateGroup(ctx.db, group.id, { ...input, updated_at: ctx.now }).catch((e: unknown) =>
    Promise.reject(nameTaken(e)),
  );
  await record(ctx, caller, 'organizations.group.updated', { type: 'group', id: group.id }, payload(updated));
  return updated;
}

/** Its memberships go with it (the students are simply in no group at that school any more). */
export async function removeGroup(ctx: TCtx, caller: TChangeActor, group: TGroupRow) {
  await deleteGroup(ctx.db, group.id);
  await record(ctx, caller, 'organizations.group.deleted', { type: 'group', id: group.id }, payload(group));
}

/**
 * `/students/{id}/assign_group`: puts a student of the school in one of its groups (moving them out of
 * the group they were in) or, with null, in none. The student is identity's user; that they are a
 * student here comes from the auth read model fed by identity's role events.
 */
export async function assignGroup(
  ctx: TCtx,
  caller: TChangeActor,
  schoolId: string,
  studentId: string,
  groupId: string | null,
): Promise<TGroupMembershipRow | null> {
  const previous = await findMembership(ctx.db, schoolId, studentId);
  const changed = (group_id: string | null) =>
    record(
      ctx,
      caller,
      'organizations.group_membership.changed',
      { type: 'user', id: studentId },
      {
        school_id: schoolId,
        student_id: studentId,
        group_id,
        previous_group_id: previous?.group_id ?? null,
      },
    );
  if (groupId === null) {
    if (previous) {
      await deleteMembership(ctx.db, schoolId, studentId);
      await changed(null);
    }
    return null;
  }
  const group = await findGroup(ctx.db, groupId);
  if (!group || group.school_id !== schoolId) throw invalid('group_id');
  if (!(await hasRoleAt(ctx.db, studentId, 'student', schoolId))) {
    throw new ApiError('not_a_student', {}, { pointer: '/data/id' });
  }
  if (previous?.group_id === groupId) return previous;
  const membership = await upsertMembership(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    group_id: groupId,
    student_id: studentId,
    created_at: ctx.now,
  });
  await changed(groupId);
  return membership;
}
