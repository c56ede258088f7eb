import { createHmac, randomInt } from 'node:crypto';
import { hashToken } from '@stageplein/kit/auth/token-hash';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { addMinutes, type TCtx, type TRequestCtx } from '../shared/request.ts';
import { publicUrl } from '@stageplein/kit/tenant/public-url';
import { mailUserToken } from '../mail/token-mail.ts';
import { assertMaySignIn } from '../auth/auth.service.ts';
import { issueSession, minutesOf, type TAuthHeaders } from '../auth/sessions.service.ts';
import { findUserByEmail, findUserById, updateUser, type TUserRow } from '../users/users.repository.ts';

/** Wrong codes allowed per mailed code before it stops working. */
const MAX_CODE_ATTEMPTS = 5;

function assertAvailable(ctx: TCtx): void {
  // Spec §1: passwordless login is a tenant switch.
  if (!ctx.tenant.features.passwordlessLogin) throw new ApiError('passwordless_unavailable');
}

/** A six-digit code has little entropy, so it is stored as a keyed hash (useless without the secret). */
const codeHash = (ctx: TCtx, id: string, code: string) =>
  createHmac('sha256', ctx.config.AUTH_TOKEN_SECRET).update(`${id}:${code}`).digest('hex');

/** Mails a single-use sign-in link and code; the same answer whether or not the email is known. */
export async function requestPasswordless(ctx: TCtx, email: string): Promise<void> {
  assertAvailable(ctx);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await mailUserToken(ctx, {
    kind: 'passwordless',
    user,
    actor: user.id,
    url: `${publicUrl(ctx.config, ctx.tenant.id)}/auth/token`,
    param: 'token',
    code,
    validMinutes: minutesOf.passwordless(ctx),
    async store(hash) {
      const row = await ctx.db
        .insertInto('identity.passwordless_tokens')
        .values({
          tenant_id: ctx.tenant.id,
          user_id: user.id,
          token_hash: hash,
          code_hash: 'pending',
          expires_at: addMinutes(ctx.now, minutesOf.passwordless(ctx)),
          created_at: ctx.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The code's keyed hash includes the row id, known only now.
      await ctx.db
        .updateTable('identity.passwordless_tokens')
        .set({ code_hash: codeHash(ctx, row.id, code) })
        .where('id', '=', row.id)
        .execute();
    },
  });
}

/** Signs in with the mailed link's token or with email + code; either works once. */
export async function passwordlessSignIn(
  ctx: TRequestCtx,
  input: { token: string } | { email: string; code: string },
): Promise<{ user: TUserRow; headers: TAuthHeaders }> {
  assertAvailable(ctx);
  const invalid = () => new ApiError('token_invalid', {}, { pointer: 'token' in input ? '/token' : '/code' });
  const live = ctx.db
    .selectFrom('identity.passwordless_tokens')
    .selectAll()
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now);
  let row;
  if ('token' in input) {
    row = await live.where('token_hash', '=', hashToken(input.token)).executeTakeFirst();
  } else {
    const user = await findUserByEmail(ctx.db, input.email);
    row = user
      ? await live.where('user_id', '=', user.id).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
      : undefined;
    if (row && (row.attempts >= MAX_CODE_ATTEMPTS || row.code_hash !== codeHash(ctx, row.id, input.code))) {
      const id = row.id;
      // Counted outside the request's transaction, which rolls back with the error.
      await ctx.independently((db) =>
        db
          .updateTable('identity.passwordless_tokens')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .execute(),
      );
      row = undefined;
    }
  }
  if (!row) throw invalid();
  const used = await ctx.db
    .updateTable('identity.passwordless_tokens')
    .set({ used_at: ctx.now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalid();
  assertMaySignIn(ctx, user);
  const signedIn = (await updateUser(ctx.db, user.id, {
    sign_in_count: user.sign_in_count + 1,
    last_sign_in_at: ctx.now,
  }))!;
  return { user: signedIn, headers: await issueSession(ctx, signedIn) };
}
