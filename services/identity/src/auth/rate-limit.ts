import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { limiterStoreFor, type TLimiterStore } from '@stageplein/kit/http/limits/limiter-store';
import type { TIdentityConfig } from '../identity.config.ts';

export type TLimitedAction = 'sign_in' | 'password' | 'confirm';

/** A route's limit (its `config.limit`), enforced by `installRateLimits`. */
export interface TRouteLimit {
  action: TLimitedAction;
  max: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    limit?: TRouteLimit;
  }
  interface FastifyInstance {
    /** Identity's rate-limit store and sign-in delays (installRateLimits). */
    limits: { store: TLimiterStore; delays: TSignInDelays };
  }
}

const emailOf = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/** The limit of a route: RATE_LIMIT_<ACTION> requests per window per address. */
export function rateLimitFor(config: TIdentityConfig, action: TLimitedAction): TRouteLimit {
  const max = {
    sign_in: config.RATE_LIMIT_SIGN_IN,
    password: config.RATE_LIMIT_PASSWORD,
    confirm: config.RATE_LIMIT_CONFIRM,
  }[action];
  return { action, max };
}

function refuse(reply: FastifyReply, code: 'rate_limited' | 'sign_in_delayed', waitMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new ApiError(code);
}

/**
 * Rate limits per address AND per account, in the kit's limiter store (Redis in the distributed
 * profile, this process in the embedded one): a route's `max` requests per window per client address
 * (`req.ip`: the socket's, or a trusted proxy's X-Forwarded-For — never a client's own), and
 * RATE_LIMIT_ACCOUNT_FACTOR × `max` per account named in the body, whichever address asks. An address
 * past its limit is refused before it counts against the account, so one address cannot use up an
 * account's budget.
 */
export async function installRateLimits(app: FastifyInstance, config: TIdentityConfig): Promise<void> {
  const store = limiterStoreFor(config);
  app.decorate('limits', { store, delays: signInDelays(store, config) });
  app.addHook('onClose', () => store.close());
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  app.addHook('preHandler', async (req, reply) => {
    const limit = req.routeOptions.config.limit;
    if (!limit) return;
    const scope = `${limit.action}|${req.tenant.id}`;
    const byAddress = await store.hit(`${scope}|address|${req.ip}`, windowMs);
    if (byAddress.count > limit.max) refuse(reply, 'rate_limited', byAddress.resetMs);
    const email = emailOf(req);
    if (!email) return;
    const byAccount = await store.hit(`${scope}|account|${email}`, windowMs);
    if (byAccount.count > limit.max * config.RATE_LIMIT_ACCOUNT_FACTOR)
      refuse(reply, 'rate_limited', byAccount.resetMs);
  });
}

/** How many of a route's latest answers set its floor (see `answerNoSoonerThan`). */
const FLOOR_WINDOW = 20;

/**
 * A route hook that holds the answer until `ms` after the request arrived, and no sooner than the
 * slowest of the route's last FLOOR_WINDOW requests took to get here, so a path that does more (stores
 * a token, writes a mail) cannot be told from one that does nothing by its time. A fixed `ms` alone
 * held only while that work fitted in it: on a machine at load ~30 a known email's reset took 316-833 ms
 * to commit, an unknown one's 151-349 ms. The floor follows the slower path whichever email asks, so it
 * tells nothing about the email either. It runs after the request's transaction committed (a route's
 * onSend comes after the scope's), so no database connection waits with it.
 */
export function answerNoSoonerThan(ms: number) {
  const latest: number[] = [];
  return async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const took = reply.elapsedTime;
    latest.push(took);
    if (latest.length > FLOOR_WINDOW) latest.shift();
    const left = Math.max(ms, ...latest) - took;
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    return payload;
  };
}

export type TSignInDelays = ReturnType<typeof signInDelays>;

/** One sign-in attempt's view of the delays: for an email (known or not) from an address. */
export interface TSignInGuard {
  /** Throws 429 `sign_in_delayed` (with Retry-After) while this address must wait for this email. */
  assertAllowed(): Promise<void>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * The lockout that cannot lock out others: wrong passwords are counted per account AND address, and
 * after AUTH_LOCK_AFTER_ATTEMPTS of them that address waits AUTH_DELAY_SECONDS before its next try for
 * that account, doubling with every further failure up to AUTH_LOCK_MINUTES. Other addresses, and the
 * account's owner, are not affected; a password reset (the mailed link) lifts every delay of the account.
 * Unknown emails are counted exactly like known ones, so the answers tell nothing.
 */
export function signInDelays(store: TLimiterStore, config: TIdentityConfig) {
  const lockMs = config.AUTH_LOCK_MINUTES * 60_000;
  const keyOf = (tenant: string, email: string) => `sign_in|${tenant}|${email.trim().toLowerCase()}`;
  return {
    guard(req: FastifyRequest, reply: FastifyReply, email: string, now: () => Date): TSignInGuard {
      const key = keyOf(req.tenant.id, email);
      return {
        async assertAllowed() {
          const { count, lastAt } = await store.failures(key, req.ip);
          if (count < config.AUTH_LOCK_AFTER_ATTEMPTS) return;
          const waitMs = Math.min(
            config.AUTH_DELAY_SECONDS * 1000 * 2 ** (count - config.AUTH_LOCK_AFTER_ATTEMPTS),
            lockMs,
          );
          const left = lastAt + waitMs - now().getTime();
          if (left > 0) refuse(reply, 'sign_in_delayed', left);
        },
        async failed() {
          await store.addFailure(key, req.ip, now().getTime(), lockMs * 2);
        },
        async succeeded() {
          await store.clear(key, req.ip);
        },
      };
    },
    /** Lifts every address's delay for an account (its password was reset). */
    unlock: (tenant: string, email: string) => store.clear(keyOf(tenant, email)),
  };
}
