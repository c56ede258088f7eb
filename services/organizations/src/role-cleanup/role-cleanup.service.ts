import { SYSTEM } from '@stageplein/kit/auth/caller';
import { forgetRosterMentor } from '../roster-mentors/roster-mentors.repository.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';

/** Which of a user's places at schools went: one role at one school, or the whole account. */
export interface TRoleLoss {
  userId: string;
  /** The school of the removed role; undefined: every school (the account was deleted). */
  schoolId?: string | undefined;
  asStudent: boolean;
  asMentor: boolean;
}

/**
 * Group memberships and mentorships reference users by the role they hold at a school. When identity
 * takes that role (or the whole account) away, they go too, each with its own event, so nothing
 * keeps pointing at a student who left.
 */
export async function forgetRoleHolder(ctx: TCtx, loss: TRoleLoss): Promise<void> {
  const { userId, schoolId, asStudent, asMentor } = loss;
  if (asStudent) {
    // What the roster last said no longer holds: the next import applies the student's row again.
    await ctx.db
      .updateTable('organizations.student_enrolments')
      .set({ roster_email: null, roster_first_name: null, roster_last_name: null, roster_mentor: null })
      .where('student_id', '=', userId)
      .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
      .execute();
    const memberships = await ctx.db
      .deleteFrom('organizations.group_memberships')
      .where('student_id', '=', userId)
      .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
      .returningAll()
      .execute();
    for (const m of memberships) {
      await record(
        ctx,
        SYSTEM,
        'organizations.group_membership.changed',
        { type: 'user', id: userId },
        { school_id: m.school_id, student_id: userId, group_id: null, previous_group_id: m.group_id },
      );
    }
  }
  // The roster's address no longer leads to this account: the next sync resolves it again.
  if (asMentor) await forgetRosterMentor(ctx.db, userId, schoolId);
  const mentorships = await ctx.db
    .deleteFrom('organizations.mentorships')
    .where((eb) =>
      eb.or([
        ...(asStudent ? [eb('student_id', '=', userId)] : []),
        ...(asMentor ? [eb('mentor_id', '=', userId)] : []),
      ]),
    )
    .$if(!!schoolId, (q) => q.where('school_id', '=', schoolId!))
    .returningAll()
    .execute();
  for (const m of mentorships) {
    await record(
      ctx,
      SYSTEM,
      'organizations.mentorship.removed',
      { type: 'mentorship', id: m.id },
      { mentorship_id: m.id, school_id: m.school_id, mentor_id: m.mentor_id, student_id: m.student_id },
    );
  }
}
