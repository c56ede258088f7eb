import type { TMailBounceAttributes } from '@stageplein/contracts/notifications/mail-bounces';
import { notFound } from '@stageplein/kit/errors/api-error';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import type { TCtx } from '../shared/request.ts';
import { findSuppression } from './suppressions.repository.ts';

/**
 * Whether mail to a person's current address bounces, for the admin of the organization they are acting
 * for (the school admin on a student's page), when the person has a role there. Anyone else, or a person
 * of another organization or tenant (RLS): 404, so nobody learns of a person outside their school.
 */
export async function mailBounceOf(
  ctx: TCtx,
  caller: TSignedInCaller,
  userId: string,
): Promise<TMailBounceAttributes | null> {
  const organizationId = caller.auth.organizationId;
  if (!organizationId || !caller.auth.permissions.isAdmin) throw notFound();
  const person = await ctx.db
    .selectFrom('notifications.auth_roles')
    .innerJoin('notifications.users', 'notifications.users.id', 'notifications.auth_roles.user_id')
    .select('notifications.users.email')
    .where('notifications.auth_roles.user_id', '=', userId)
    .where('notifications.auth_roles.resource_id', '=', organizationId)
    .executeTakeFirst();
  if (!person) throw notFound();
  const suppression = await findSuppression(ctx.db, person.email);
  if (!suppression?.suppressed_at || !suppression.reason) return null;
  return {
    address: suppression.address,
    reason: suppression.reason,
    response: suppression.last_response,
    since: suppression.suppressed_at.toISOString(),
  };
}
