import { userActor } from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { verifyAccessToken } from '@stageplein/kit/auth/access-token';
import { authKeys } from '@stageplein/kit/auth/auth-keys';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import type { TCredentials } from '@stageplein/kit/auth/credentials';
import { hashToken } from '@stageplein/kit/auth/token-hash';
import type { TCtx } from '../shared/request.ts';
import { hashPassword, verifyPassword } from '../shared/passwords.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { isAllowedRedirect } from '../shared/urls.ts';
import { mailUserToken } from '../mail/token-mail.ts';
import {
  findForeignAccount,
  findUserByEmail,
  findUserById,
  findUserByTokenHash,
  updateUser,
  type TUserRow,
} from '../users/users.repository.ts';
import { deleteSession, deleteSessionsOf, findSession } from './sessions.repository.ts';
import type { TSignInGuard } from './rate-limit.ts';
import {
  expiresAfter,
  issueSession,
  minutesOf,
  revokeEverywhere,
  type TAuthHeaders,
} from './sessions.service.ts';

const invalidCredentials = () => new ApiError('invalid_credentials');

/** Whether a user's status lets them sign in (spec §1 flag "allowing inactive users"). */
export function assertMaySignIn(ctx: TCtx, user: TUserRow): void {
  if (user.status === 'active') return;
  if (user.status === 'inactive' && ctx.config.ALLOW_INACTIVE_USERS) return;
  throw new ApiError('account_inactive');
}

/**
 * POST /auth/sign_in. Unknown email and wrong password answer alike and cost alike (one password hash
 * each, a dummy for an unknown email; the same delay bookkeeping); an account of another tenant
 * answers "wrong center" only once its password is proven, so the message leaks nothing to someone
 * guessing. Too many wrong passwords delay only the address that sent them (`guard`, rate-limit.ts).
 */
export async function signIn(
  ctx: TCtx,
  email: string,
  password: string,
  guard: TSignInGuard,
): Promise<{ user: TUserRow; headers: TAuthHeaders }> {
  await guard.assertAllowed();
  const cost = ctx.config.PASSWORD_SCRYPT_COST;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const foreign = await findForeignAccount(ctx.db, email);
    if (await verifyPassword(password, foreign?.encrypted_password, cost)) throw new ApiError('wrong_center');
    await guard.failed();
    throw invalidCredentials();
  }
  if (!(await verifyPassword(password, user.encrypted_password, cost))) {
    await guard.failed();
    throw invalidCredentials();
  }
  await guard.succeeded();
  assertMaySignIn(ctx, user);
  const signedIn = (await updateUser(ctx.db, user.id, {
    failed_attempts: 0,
    locked_at: null,
    sign_in_count: user.sign_in_count + 1,
    last_sign_in_at: ctx.now,
  }))!;
  return { user: signedIn, headers: await issueSession(ctx, signedIn) };
}

/**
 * DELETE /auth/sign_out: ends only the calling client. Like devise_token_auth it needs no valid
 * session to be called, and answers 404 when the client is not (or no longer) signed in.
 */
export async function signOut(ctx: TCtx, credentials: TCredentials | undefined): Promise<void> {
  const claims = credentials && verifyAccessToken(credentials.accessToken, authKeys(ctx.config), ctx.now);
  const valid =
    claims &&
    claims.cid === credentials.client &&
    claims.uid === credentials.uid &&
    claims.ten === ctx.tenant.id;
  const session = valid
    ? await findSession(ctx.db, credentials.client, hashToken(credentials.accessToken))
    : undefined;
  if (!claims || !session) throw new ApiError('session_not_found');
  await deleteSession(ctx.db, session.client);
  await revokeEverywhere(ctx, session.user_id, [session], 'sign_out', userActor(claims.imp ?? claims.sub));
  if (session.impersonator_id) {
    await ctx.db
      .insertInto('identity.audit_log')
      .values({
        tenant_id: ctx.tenant.id,
        action: 'impersonation.ended',
        actor_id: session.impersonator_id,
        impersonator_id: session.impersonator_id,
        subject_id: session.user_id,
        data: { client: session.client },
        created_at: ctx.now,
      })
      .execute();
  }
}

/**
 * POST /auth/password: mails a single-use reset link (valid PASSWORD_RESET_TTL_HOURS) when the
 * account exists. The caller answers identically either way, and at the same time (the route answers
 * no sooner than PASSWORD_RESET_ANSWER_MS, see `answerNoSoonerThan`).
 */
export async function requestPasswordReset(
  ctx: TCtx,
  email: string,
  redirectUrl: string | undefined,
): Promise<void> {
  const target = redirectUrl ?? `${publicUrl(ctx.config, ctx.tenant.id)}/auth/reset`;
  if (!isAllowedRedirect(ctx.config, ctx.tenant.id, target)) {
    throw new ApiError('redirect_not_allowed', {}, { pointer: '/redirect_url' });
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status === 'archived') return;
  await mailUserToken(ctx, {
    kind: 'password_reset',
    user,
    // The person asking is the account's owner as far as anyone can tell (the form is anonymous).
    actor: user.id,
    url: target,
    param: 'reset_password_token',
    validMinutes: minutesOf.reset(ctx),
    store: (hash) =>
      updateUser(ctx.db, user.id, { reset_password_token_hash: hash, reset_password_sent_at: ctx.now }),
  });
}

/**
 * PUT /auth/password: by a signed-in client (its headers) or by a reset token, else the spec §5
 * message. A reset ends every other client of the user (with a token: all of them) everywhere.
 */
export async function updatePassword(
  ctx: TCtx,
  auth: TAuth | null,
  body: { password: string; password_confirmation: string; reset_password_token?: string | undefined },
): Promise<TUserRow> {
  let user: TUserRow | undefined;
  let keepClient: string | undefined;
  if (body.reset_password_token) {
    user = await findUserByTokenHash(
      ctx.db,
      'reset_password_token_hash',
      hashToken(body.reset_password_token),
    );
    if (!user || !expiresAfter(user.reset_password_sent_at, minutesOf.reset(ctx), ctx.now)) {
      throw new ApiError('token_invalid', {}, { pointer: '/reset_password_token' });
    }
  } else if (auth) {
    if (auth.impersonatorId) throw new ApiError('impersonation_restricted');
    user = await findUserById(ctx.db, auth.userId);
    keepClient = auth.client;
  }
  if (!user) throw new ApiError('reset_credentials_missing');
  if (body.password !== body.password_confirmation) {
    throw new ApiError('validation_failed', {}, { pointer: '/password_confirmation' });
  }
  const updated = (await updateUser(ctx.db, user.id, {
    encrypted_password: await hashPassword(body.password, ctx.config.PASSWORD_SCRYPT_COST),
    // Single use: the token is gone once used; a reset also lifts a lock.
    reset_password_token_hash: null,
    reset_password_sent_at: null,
    failed_attempts: 0,
    locked_at: null,
    updated_at: ctx.now,
  }))!;
  const ended = await deleteSessionsOf(ctx.db, user.id, keepClient);
  await revokeEverywhere(ctx, user.id, ended, 'password_reset', userActor(auth?.userId ?? user.id));
  return updated;
}
