import { userActor } from '@stageplein/kit/auth/caller';
import { hashToken } from '@stageplein/kit/auth/token-hash';
import { issueToken } from '@stageplein/kit/mail/single-use-token-mail';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import { record, userSubject } from '../shared/events.ts';
import { hashPassword } from '../shared/passwords.ts';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import { acceptRoleInvitation } from '../roles/role-invitations.service.ts';
import { findUserById, findUserByTokenHash, type TUserRow } from '../users/users.repository.ts';
import { changeUser, uniqueEmail } from '../users/users.service.ts';

const invalid = () => new ApiError('token_invalid', {}, { pointer: '/confirmation_token' });

/**
 * POST /api/v1/confirm: the mailed single-use token confirms what it was sent for — the account's
 * address (invited users become active), a new address waiting in `unconfirmed_email`, or a role
 * offered to an existing account (roles/role-invitations.service.ts). The token alone is enough
 * (spec §7); an account without a password may choose one in the same call, or else gets a
 * single-use `reset_password_token` in the answer to choose one next (PUT /auth/password).
 */
export async function confirmAccount(
  ctx: TCtx,
  body: {
    confirmation_token: string;
    password?: string | undefined;
    password_confirmation?: string | undefined;
  },
): Promise<{ user: TUserRow; passwordToken?: string }> {
  const hash = hashToken(body.confirmation_token);
  const user = await findUserByTokenHash(ctx.db, 'confirmation_token_hash', hash);
  if (!user) {
    const accepted = await acceptRoleInvitation(ctx, hash);
    if (!accepted) throw invalid();
    return { user: (await findUserById(ctx.db, accepted))! };
  }
  if (!expiresAfter(user.confirmation_sent_at, minutesOf.confirmation(ctx), ctx.now)) throw invalid();
  if (body.password !== undefined && body.password !== body.password_confirmation) {
    throw new ApiError('validation_failed', {}, { pointer: '/password_confirmation' });
  }
  const changes: Partial<TUserRow> = {
    confirmed_at: ctx.now,
    confirmation_token_hash: null,
    confirmation_sent_at: null,
    status: user.status === 'invited' ? 'active' : user.status,
  };
  if (user.unconfirmed_email) {
    changes.email = user.unconfirmed_email;
    changes.unconfirmed_email = null;
  }
  let passwordToken: string | undefined;
  if (body.password !== undefined) {
    changes.encrypted_password = await hashPassword(body.password, ctx.config.PASSWORD_SCRYPT_COST);
  } else if (!user.encrypted_password) {
    const issued = issueToken();
    changes.reset_password_token_hash = issued.hash;
    changes.reset_password_sent_at = ctx.now;
    passwordToken = issued.token;
  }
  let confirmed: TUserRow;
  try {
    confirmed = await changeUser(ctx, userActor(user.id), user, changes);
  } catch (error) {
    throw uniqueEmail(error);
  }
  await record(ctx, userActor(user.id), 'identity.user.confirmed', userSubject(user.id), {
    user_id: user.id,
    confirmed_at: ctx.now.toISOString(),
  });
  return passwordToken === undefined ? { user: confirmed } : { user: confirmed, passwordToken };
}
