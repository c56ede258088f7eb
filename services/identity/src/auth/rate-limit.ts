import type { FastifyRequest } from 'fastify';
import type { TIdentityConfig } from '../identity.config.ts';

export type TLimitedAction = 'sign_in' | 'password' | 'confirm';

const emailOf = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * Per-route limits of @fastify/rate-limit (429 past the limit): per tenant and client address and,
 * where the body names an account, per account too, so one school's shared address does not lock
 * out its pupils while guessing one account's password stays slow (accounts also lock, see AUTH_LOCK_*).
 */
export function rateLimitFor(config: TIdentityConfig, action: TLimitedAction) {
  const max = {
    sign_in: config.RATE_LIMIT_SIGN_IN,
    password: config.RATE_LIMIT_PASSWORD,
    confirm: config.RATE_LIMIT_CONFIRM,
  }[action];
  return {
    max,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    keyGenerator: (req: FastifyRequest) => `${action}|${req.tenant.id}|${req.ip}|${emailOf(req)}`,
  };
}
