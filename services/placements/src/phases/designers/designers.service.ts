import { ApiError, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import { assertGrantor, designerSchool } from './designers.policy.ts';
import {
  deleteDesigner,
  hasDesignerGrant,
  designersOf,
  findDesigner,
  insertDesigner,
  isMentorOf,
  type TDesignerRow,
} from './designers.repository.ts';

/** The mentors a school admin granted the designer permission at the selected School. */
export async function listDesigners(ctx: TCtx, caller: TCaller): Promise<TDesignerRow[]> {
  return designersOf(ctx.db, assertGrantor(caller));
}

/** Grants a mentor of the school the designer permission (idempotent); anyone else: 422. */
export async function grantDesigner(ctx: TCtx, caller: TCaller, userId: string): Promise<TDesignerRow> {
  const schoolId = assertGrantor(caller);
  if (!(await isMentorOf(ctx.db, schoolId, userId)))
    throw new ApiError('workflow_designer_not_mentor', {}, { pointer: '/data/attributes/user_id' });
  const added = await insertDesigner(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    user_id: userId,
    granted_by: caller.userId,
    created_at: ctx.now,
  });
  if (added)
    await record(
      ctx,
      caller,
      'placements.workflow_designer.granted',
      { type: 'school', id: schoolId },
      { school_id: schoolId, user_id: userId },
    );
  return (await findDesigner(ctx.db, schoolId, userId))!;
}

/** Takes the designer permission back; 404 when the user had none at the school. */
export async function revokeDesigner(ctx: TCtx, caller: TCaller, userId: string): Promise<void> {
  const schoolId = assertGrantor(caller);
  if (!(await deleteDesigner(ctx.db, schoolId, userId))) throw notFound();
  await record(
    ctx,
    caller,
    'placements.workflow_designer.revoked',
    { type: 'school', id: schoolId },
    { school_id: schoolId, user_id: userId },
  );
}

/**
 * Whether the caller designs the selected School's workflows, and whether a school admin granted it to
 * them: every signed-in caller gets an answer (a mentor's dashboard asks it without being refused).
 */
export async function designerSelf(
  ctx: TCtx,
  caller: TCaller,
): Promise<{ userId: string; schoolId: string | null; canDesign: boolean; granted: boolean }> {
  if (!caller.userId) throw unauthorized();
  const school = caller.current?.type === 'School' ? caller.current.id : null;
  const granted = !!school && (await hasDesignerGrant(ctx.db, school, caller.userId));
  const designs = await designerSchool(ctx, caller);
  return { userId: caller.userId, schoolId: school, canDesign: designs !== null, granted };
}
