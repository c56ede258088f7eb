import { hashToken } from '@stageplein/kit/auth/token-hash';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/context.ts';
import { emit } from '../shared/events.ts';
import { hashPassword } from '../shared/passwords.ts';
import { expiresAfter, minutesOf } from '../auth/sessions.service.ts';
import { findUserByTokenHash, type TUserRow } from '../users/users.repository.ts';
import { changeUser } from '../users/users.service.ts';

/**
 * POST /api/v1/confirm: the mailed single-use token confirms the email address; invited users become
 * active and choose their password here (they have none yet).
 */
export async function confirmAccount(
  ctx: TCtx,
  body: {
    confirmation_token: string;
    password?: string | undefined;
    password_confirmation?: string | undefined;
  },
): Promise<TUserRow> {
  const user = await findUserByTokenHash(
    ctx.db,
    'confirmation_token_hash',
    hashToken(body.confirmation_token),
  );
  if (!user || !expiresAfter(user.confirmation_sent_at, minutesOf.confirmation(ctx), ctx.now)) {
    throw new ApiError('token_invalid', {}, { pointer: '/confirmation_token' });
  }
  if (body.password !== undefined && body.password !== body.password_confirmation) {
    throw new ApiError('validation_failed', {}, { pointer: '/password_confirmation' });
  }
  if (!user.encrypted_password && body.password === undefined) {
    throw new ApiError('validation_failed', {}, { pointer: '/password' });
  }
  const changes: Partial<TUserRow> = {
    confirmed_at: ctx.now,
    confirmation_token_hash: null,
    confirmation_sent_at: null,
    status: user.status === 'invited' ? 'active' : user.status,
  };
  if (body.password !== undefined)
    changes.encrypted_password = await hashPassword(body.password, ctx.config.PASSWORD_SCRYPT_COST);
  const confirmed = await changeUser(ctx, user.id, user, changes);
  await emit(ctx.db, ctx.tenant.id, user.id, 'identity.user.confirmed', user.id, {
    user_id: user.id,
    confirmed_at: ctx.now.toISOString(),
  });
  return confirmed;
}
