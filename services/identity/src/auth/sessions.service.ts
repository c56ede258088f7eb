import { userActor, type TChangeActor } from '@stageplein/kit/auth/caller';
import { signAccessToken } from '@stageplein/kit/auth/access-token';
import { authKeys } from '@stageplein/kit/auth/auth-keys';
import { hashToken, randomToken } from '@stageplein/kit/auth/token-hash';
import type { TCtx } from '../shared/request.ts';
import { addMinutes } from '../shared/request.ts';
import { record, userSubject } from '../shared/events.ts';
import type { TUserRow } from '../users/users.repository.ts';
import {
  deleteExpiredSessions,
  evictOldestSessions,
  findSession,
  insertSession,
  type TSessionRow,
} from './sessions.repository.ts';

/** The devise_token_auth response headers (spec §7: sign-in answers deliver credentials in headers). */
export type TAuthHeaders = {
  'access-token': string;
  client: string;
  uid: string;
  expiry: string;
  'token-type': 'Bearer';
};

export type TRevokeReason = 'sign_out' | 'password_reset' | 'evicted' | 'deactivated' | 'deleted' | 'locked';

/**
 * Signs a user in on a new client: a signed access token whose hash is stored, at most
 * AUTH_MAX_CLIENTS own clients per user (the oldest are evicted and revoked everywhere).
 */
export async function issueSession(
  ctx: TCtx,
  user: TUserRow,
  options: { impersonatorId?: string; ttlMinutes?: number } = {},
): Promise<TAuthHeaders> {
  const ttlMinutes = options.ttlMinutes ?? ctx.config.AUTH_TOKEN_TTL_HOURS * 60;
  const iat = Math.floor(ctx.now.getTime() / 1000);
  const exp = iat + Math.floor(ttlMinutes * 60);
  const client = randomToken(16);
  const accessToken = signAccessToken(
    {
      sub: user.id,
      ten: ctx.tenant.id,
      cid: client,
      uid: user.email,
      iat,
      exp,
      ...(options.impersonatorId ? { imp: options.impersonatorId } : {}),
    },
    authKeys(ctx.config),
  );
  await deleteExpiredSessions(ctx.db, user.id, ctx.now);
  await insertSession(ctx.db, {
    client,
    tenant_id: ctx.tenant.id,
    user_id: user.id,
    token_hash: hashToken(accessToken),
    expires_at: new Date(exp * 1000),
    impersonator_id: options.impersonatorId ?? null,
    created_at: ctx.now,
  });
  // Every service's allow-list learns the client (docs/decisions/auth.md, "Sessions as an allow-list").
  await record(
    ctx,
    userActor(options.impersonatorId ?? user.id),
    'identity.session.issued',
    userSubject(user.id),
    {
      user_id: user.id,
      client,
      expires_at: new Date(exp * 1000).toISOString(),
      impersonator_id: options.impersonatorId ?? null,
    },
  );
  if (!options.impersonatorId) {
    const evicted = await evictOldestSessions(ctx.db, user.id, ctx.config.AUTH_MAX_CLIENTS);
    await revokeEverywhere(ctx, user.id, evicted, 'evicted', userActor(user.id));
  }
  return {
    'access-token': accessToken,
    client,
    uid: user.email,
    expiry: String(exp),
    'token-type': 'Bearer',
  };
}

/** Tells every service that these clients no longer count (their rows are already gone here). */
export async function revokeEverywhere(
  ctx: TCtx,
  userId: string,
  sessions: readonly TSessionRow[],
  reason: TRevokeReason,
  caller: TChangeActor,
): Promise<void> {
  if (sessions.length === 0) return;
  await record(ctx, caller, 'identity.session.revoked', userSubject(userId), {
    user_id: userId,
    reason,
    clients: sessions.map((s) => ({ client: s.client, expires_at: s.expires_at.toISOString() })),
  });
}

/** Token lifetimes for mails, expressed in minutes. */
export const minutesOf = {
  reset: (ctx: TCtx) => ctx.config.PASSWORD_RESET_TTL_HOURS * 60,
  confirmation: (ctx: TCtx) => ctx.config.CONFIRMATION_TTL_DAYS * 24 * 60,
  deletion: (ctx: TCtx) => ctx.config.ACCOUNT_DELETION_TTL_HOURS * 60,
  passwordless: (ctx: TCtx) => ctx.config.PASSWORDLESS_TTL_MINUTES,
};

export const expiresAfter = (sentAt: Date | null, minutes: number, now: Date) =>
  !!sentAt && addMinutes(sentAt, minutes).getTime() > now.getTime();

/** Whether a client counts: its session exists for that user, with that token, and has not expired. */
export async function activeSession(ctx: TCtx, client: string, userId: string, tokenHash: string) {
  const session = await findSession(ctx.db, client, tokenHash);
  return !!session && session.user_id === userId && session.expires_at.getTime() > ctx.now.getTime();
}
