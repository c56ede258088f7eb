import { canGrantWorkflowDesign, mayDesignWorkflows } from '@stageplein/contracts/phases/workflow-rules';
import { forbidden, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../../shared/caller.ts';
import type { TCtx } from '../../shared/request.ts';
import { hasDesignerGrant } from './designers.repository.ts';

/**
 * The selected School when the caller designs its workflows (docs/decisions/phases.md "Who designs"):
 * its admins, or a mentor a school admin granted it; null for anyone else.
 */
export async function designerSchool(ctx: TCtx, caller: TCaller): Promise<string | null> {
  const current = caller.current;
  if (!caller.userId || !current) return null;
  const grant = caller.permissions.isMentor && (await hasDesignerGrant(ctx.db, current.id, caller.userId));
  return mayDesignWorkflows(caller.permissions, current, grant) ? current.id : null;
}

/** The designer's school; 401 anonymous, 403 anyone else. */
export async function assertDesigner(ctx: TCtx, caller: TCaller): Promise<string> {
  if (!caller.userId) throw unauthorized();
  const school = await designerSchool(ctx, caller);
  if (!school) throw forbidden();
  return school;
}

/** A school admin of the selected, approved School: who grants and takes back the designer permission. */
export function assertGrantor(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  const current = caller.current;
  if (
    !canGrantWorkflowDesign(caller.permissions) ||
    current?.type !== 'School' ||
    current.status !== 'approved'
  )
    throw forbidden();
  return current.id;
}
