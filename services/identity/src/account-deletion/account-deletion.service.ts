import { userActor } from '@stageplein/kit/auth/caller';
import { hashToken } from '@stageplein/kit/auth/token-hash';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { mailUserToken } from '../mail/token-mail.ts';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import { findUserByEmail, findUserByTokenHash, updateUser } from '../users/users.repository.ts';
import { deleteAccount } from '../users/users.service.ts';

/**
 * The public /account/verwijderen flow, step 1: mails a single-use link to the account's address.
 * Anyone can ask, so the answer never tells whether the address has an account.
 */
export async function requestAccountDeletion(ctx: TCtx, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await mailUserToken(ctx, {
    kind: 'account_deletion',
    user,
    actor: user.id,
    url: `${publicUrl(ctx.config, ctx.tenant.id)}/account/verwijderen`,
    param: 'token',
    validMinutes: minutesOf.deletion(ctx),
    store: (hash) =>
      updateUser(ctx.db, user.id, { deletion_token_hash: hash, deletion_requested_at: ctx.now }),
  });
}

/** Step 2: the link's token deletes the account (roles and clients revoked everywhere). */
export async function confirmAccountDeletion(ctx: TCtx, token: string): Promise<void> {
  const user = await findUserByTokenHash(ctx.db, 'deletion_token_hash', hashToken(token));
  if (!user || !expiresAfter(user.deletion_requested_at, minutesOf.deletion(ctx), ctx.now)) {
    throw new ApiError('token_invalid', {}, { pointer: '/token' });
  }
  await deleteAccount(ctx, userActor(user.id), user);
}
