import {
  RECENT_ACTION_PERIOD_DAYS,
  recentActionScope,
  type TRecentActionGroup,
  type TRecentActionPeriod,
  type TRecentActionScope,
} from '@stageplein/contracts/notifications/recent-actions';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import { listRecentActions, type TActionsOf } from './recent-actions.repository.ts';

/**
 * The caller's scope (contracts' `recentActionScope`): by the organization they act for and their
 * roles there; acting for one they hold no role at is 403.
 */
export function scopeOf(caller: TSignedInCaller): TRecentActionScope {
  const scope = recentActionScope(caller.auth.roles, caller.auth.organizationId);
  if (!scope) throw new ApiError('forbidden');
  return scope;
}

const actionsOf = (scope: TRecentActionScope, userId: string): TActionsOf => {
  switch (scope.kind) {
    case 'own':
      return { column: 'own', userId };
    case 'mentor':
      return { column: 'mentor', userId, schoolId: scope.organizationId };
    default:
      return { column: scope.kind === 'school' ? 'school_id' : 'organization_id', id: scope.organizationId };
  }
};

/** What happened in the caller's scope in the period (of the group, when given), newest first. */
export async function recentActionsFor(
  ctx: TCtx,
  caller: TSignedInCaller,
  filter: { period: TRecentActionPeriod; group: TRecentActionGroup | null },
  page: { number: number; size: number },
) {
  const scope = scopeOf(caller);
  const since = new Date(ctx.now.getTime() - RECENT_ACTION_PERIOD_DAYS[filter.period] * 86_400_000);
  const list = await listRecentActions(
    ctx.db,
    actionsOf(scope, caller.userId),
    { since, group: filter.group },
    page,
  );
  return { scope, ...list };
}
