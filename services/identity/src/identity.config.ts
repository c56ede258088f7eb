import { z } from 'zod';
import type { TConfigOf } from '@stageplein/kit/config/config';
import type { TServiceDeps } from '@stageplein/kit/service';

/**
 * Identity's own configuration keys (the sign-in protocol, accounts, rate limits); the kit's keys
 * come with every process. Parsed once at boot by whoever runs identity: `parseConfig(env, IDENTITY_CONFIG)`.
 */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * Education single sign-on (issue #36, docs/decisions/education-sso.md): the federation's OpenID
 * provider per tenant, as JSON `{"<tenant>": {"issuer", "client_id", "client_secret"}}`; the key `*`
 * serves every tenant without its own entry. Empty: not offered. `npm start` fills it with its local
 * stand-in for the federation; the distributed profile takes the real federation's registration.
 */
export const ZEducationSsoClient = z.object({
  issuer: z.url(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});
export type TEducationSsoClient = z.infer<typeof ZEducationSsoClient>;
const ZEducationSsoConfig = z.record(z.string(), ZEducationSsoClient);

export const IDENTITY_CONFIG = {
  /**
   * Serve the dev mailbox (`/api/v1/dev/mailbox`, platform operators only) — the embedded profile
   * (`npm start`) turns it on; a distributed deployment never has it, and production refuses it.
   */
  DEV_MAILBOX: flag,
  /** Where the embedded SMTP catcher keeps every mail, `<tenant>/<time>-<seq>-<request>.eml` (`npm start`: `.data/mail`; empty: a folder of its own). */
  MAIL_DIR: z.string().default(''),
  /** devise_token_auth token lifespan: two weeks. */
  AUTH_TOKEN_TTL_HOURS: z.coerce.number().positive().default(336),
  /** Signed-in clients per user; signing in on one more evicts the oldest. */
  AUTH_MAX_CLIENTS: z.coerce.number().int().min(1).default(10),
  /** Lifetime of a "sign in as user" token. */
  IMPERSONATION_TTL_MINUTES: z.coerce.number().positive().default(60),
  PASSWORD_RESET_TTL_HOURS: z.coerce.number().positive().default(6),
  CONFIRMATION_TTL_DAYS: z.coerce.number().positive().default(14),
  PASSWORDLESS_TTL_MINUTES: z.coerce.number().positive().default(15),
  ACCOUNT_DELETION_TTL_HOURS: z.coerce.number().positive().default(24),
  /**
   * Wrong passwords for one account from one address before that address must wait AUTH_DELAY_SECONDS
   * for its next try (doubling with each further failure, at most AUTH_LOCK_MINUTES). Other addresses
   * are not affected; a password reset lifts it (docs/security.md, "Rate limits and lockout").
   */
  AUTH_LOCK_AFTER_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  AUTH_DELAY_SECONDS: z.coerce.number().positive().default(30),
  AUTH_LOCK_MINUTES: z.coerce.number().positive().default(60),
  /**
   * A password-reset request is answered no sooner than this after it arrived, whether or not the
   * email is known (the known path stores a token and writes a mail), so its timing tells nothing;
   * nor sooner than the route's recent requests took, when that work outgrows it (`answerNoSoonerThan`).
   */
  PASSWORD_RESET_ANSWER_MS: z.coerce.number().int().min(0).default(150),
  /** log2 of scrypt's N for new password hashes (existing hashes keep their own parameters). */
  PASSWORD_SCRYPT_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** Requests per window per client address (and email, where the body has one). */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_PASSWORD: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_CONFIRM: z.coerce.number().int().positive().default(10),
  /** Per account (whichever address asks): this many times an action's per-address limit. */
  RATE_LIMIT_ACCOUNT_FACTOR: z.coerce.number().int().positive().default(3),
  EDUCATION_SSO: z
    .string()
    .default('')
    .transform((text, ctx) => {
      if (!text.trim()) return {};
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'EDUCATION_SSO is not JSON' });
        return z.NEVER;
      }
      const parsed = ZEducationSsoConfig.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `EDUCATION_SSO: ${parsed.error.message}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /**
   * Hosts a tenant's own federation issuer may name (comma separated; `.kennisnet.nl` admits every
   * `<name>.kennisnet.nl`), so a platform operator cannot make our servers call an address of their
   * choosing. Outside production this machine (the local stand-in) is allowed too.
   */
  EDUCATION_SSO_ISSUER_HOSTS: z
    .string()
    .default('.kennisnet.nl')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Lifetime of a started sign-in (until the federation sends the browser back) and of a pending link. */
  EDUCATION_SSO_FLOW_MINUTES: z.coerce.number().positive().default(15),
  /** Origins (comma separated, `{tenant}` replaced) allowed as password-reset redirect besides the tenant's own site. */
  PASSWORD_RESET_REDIRECT_ALLOW_LIST: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
};

export type TIdentityConfig = TConfigOf<typeof IDENTITY_CONFIG>;
export type TIdentityDeps = TServiceDeps<TIdentityConfig>;
