import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  EXTERNAL_LINK_TOKEN_BYTES,
  ZExternalLinkToken,
  type TExternalLinkRevokeReason,
  type TExternalLinkSubject,
  type TExternalLinkUseOutcome,
} from '@stageplein/contracts/external-links/external-links';
import { hashToken, randomToken } from '../auth/token-hash.ts';
import { schemaTables, type TDbOf } from '../db/schema-tables.ts';
import { ApiError } from '../errors/api-error.ts';
import type { TExternalLinksTable, TExternalLinkUsesTable } from './external-links.table.ts';

/**
 * External action links (docs/decisions/external-links.md). Plain functions taking the caller's
 * database or transaction first and the service's schema second (like `writeEvent`/`recordChange`);
 * the tables come from `externalLinksMigrationV1(schema)`. Every query runs under the caller's tenant
 * (RLS), so another tenant's token is simply unknown.
 */

type TLinksDb = Kysely<{ external_links: TExternalLinksTable; external_link_uses: TExternalLinkUsesTable }>;
const linksDb = <DB>(db: TDbOf<DB>, schema: string): TLinksDb =>
  schemaTables<{ external_links: TExternalLinksTable; external_link_uses: TExternalLinkUsesTable }, DB>(
    db,
    schema,
  );

/** A link as the mechanism knows it (never with its token). */
export interface TExternalLink {
  id: string;
  tenant: string;
  subject: TExternalLinkSubject;
  action: string;
  recipient: string;
  singleUse: boolean;
  expiresAt: Date;
  createdAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: TExternalLinkRevokeReason | null;
}

const toLink = (r: TExternalLinksTable): TExternalLink => ({
  id: r.id,
  tenant: r.tenant_id,
  subject: { type: r.subject_type, id: r.subject_id },
  action: r.action,
  recipient: r.recipient,
  singleUse: r.single_use,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  usedAt: r.used_at,
  revokedAt: r.revoked_at,
  revokedReason: r.revoked_reason as TExternalLinkRevokeReason | null,
});

export interface TIssueExternalLink {
  tenant: string;
  subject: TExternalLinkSubject;
  action: string;
  /** Who receives it (an email address, lower-cased here, or a user id). */
  recipient: string;
  expiresAt: Date;
  singleUse: boolean;
  /** The user who caused the issue (null: the system, e.g. a scheduled reminder). */
  createdBy: string | null;
  now: Date;
}

/**
 * Issues a link and returns its token — the only time it exists outside the recipient's mail: put it
 * in the mail (kit/mail/mail-requests.ts seals it on the way) and drop it. Any live link of the same
 * subject, action and recipient is revoked (`reissued`) in the same transaction: re-sending a link
 * invalidates the old one.
 */
export async function issueExternalLink<DB>(
  trx: TDbOf<DB>,
  schema: string,
  input: TIssueExternalLink,
): Promise<{ token: string; link: TExternalLink }> {
  if (input.expiresAt <= input.now) throw new Error('an external link must expire in the future');
  const recipient = normalizeRecipient(input.recipient);
  await revokeExternalLinks(trx, schema, {
    subject: input.subject,
    action: input.action,
    recipient,
    reason: 'reissued',
    now: input.now,
  });
  const token = randomToken(EXTERNAL_LINK_TOKEN_BYTES);
  const row: TExternalLinksTable = {
    id: randomUUID(),
    tenant_id: input.tenant,
    token_hash: hashToken(token),
    subject_type: input.subject.type,
    subject_id: input.subject.id,
    action: input.action,
    recipient,
    single_use: input.singleUse,
    expires_at: input.expiresAt,
    created_by: input.createdBy,
    created_at: input.now,
    used_at: null,
    revoked_at: null,
    revoked_reason: null,
  };
  await linksDb(trx, schema).insertInto('external_links').values(row).execute();
  return { token, link: toLink(row) };
}

/** Why a known link was refused (its use row's outcome), or null when it works. */
export function refusalOf(
  link: TExternalLink,
  want: { action?: string | readonly string[]; subject?: TExternalLinkSubject },
  now: Date,
): Exclude<TExternalLinkUseOutcome, 'accessed' | 'consumed'> | null {
  if (link.revokedAt) return 'refused_revoked';
  if (link.singleUse && link.usedAt) return 'refused_used';
  if (link.expiresAt <= now) return 'refused_expired';
  const actions = want.action === undefined ? undefined : [want.action].flat();
  if (actions && !actions.includes(link.action)) return 'refused_action';
  if (want.subject && (want.subject.type !== link.subject.type || want.subject.id !== link.subject.id))
    return 'refused_action';
  return null;
}

const REFUSAL_ERRORS = {
  refused_revoked: 'link_revoked',
  refused_used: 'link_used',
  refused_expired: 'link_expired',
  refused_action: 'link_not_allowed',
} as const;

/** The catalogue error of a refusal. */
export const refusalError = (outcome: keyof typeof REFUSAL_ERRORS) => new ApiError(REFUSAL_ERRORS[outcome]);

/** The link of a token, whatever its state; null for an unknown token (or another tenant's). */
export async function findExternalLink<DB>(
  db: TDbOf<DB>,
  schema: string,
  token: string,
): Promise<TExternalLink | null> {
  if (!ZExternalLinkToken.safeParse(token).success) return null;
  const row = await linksDb(db, schema)
    .selectFrom('external_links')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ? toLink(row) : null;
}

/**
 * The link a token stands for, if it may do `action` (one or any of several) on `subject` now; else a
 * catalogue error: `link_invalid` (unknown, malformed, another tenant's), `link_expired`,
 * `link_revoked`, `link_used` (a spent single-use link), `link_not_allowed` (another action or
 * subject). Reads only: the route helper (external-links.plugin.ts) logs the use.
 */
export async function resolveExternalLink<DB>(
  db: TDbOf<DB>,
  schema: string,
  input: { token: string; action?: string | readonly string[]; subject?: TExternalLinkSubject; now: Date },
): Promise<TExternalLink> {
  const link = await findExternalLink(db, schema, input.token);
  if (!link) throw new ApiError('link_invalid');
  const refusal = refusalOf(link, input, input.now);
  if (refusal) throw refusalError(refusal);
  return link;
}

/** Where a use came from, for the uses log. */
export interface TExternalLinkUseSource {
  ip: string;
  userAgent: string | null;
  method: string;
  path: string;
  at: Date;
}

/** Appends one row to the uses log. */
export async function recordExternalLinkUse<DB>(
  db: TDbOf<DB>,
  schema: string,
  link: Pick<TExternalLink, 'id' | 'tenant'>,
  outcome: TExternalLinkUseOutcome,
  source: TExternalLinkUseSource,
): Promise<void> {
  await linksDb(db, schema)
    .insertInto('external_link_uses')
    .values({
      tenant_id: link.tenant,
      link_id: link.id,
      outcome,
      method: source.method,
      path: source.path.slice(0, 500),
      ip: source.ip,
      user_agent: source.userAgent?.slice(0, 500) ?? null,
      at: source.at,
    })
    .execute();
}

/**
 * The action was done: call it in the use case's transaction (so it counts exactly when the action
 * commits). Marks the link used (a single-use link then works no more: two concurrent consumers, one
 * wins, the other gets `link_used`) and logs a `consumed` use.
 */
export async function consumeExternalLink<DB>(
  trx: TDbOf<DB>,
  schema: string,
  link: Pick<TExternalLink, 'id' | 'tenant' | 'singleUse'>,
  source: TExternalLinkUseSource,
): Promise<void> {
  const q = linksDb(trx, schema)
    .updateTable('external_links')
    .set({ used_at: source.at })
    .where('id', '=', link.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', source.at);
  const updated = await (link.singleUse ? q.where('used_at', 'is', null) : q).executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    const row = await linksDb(trx, schema)
      .selectFrom('external_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirst();
    const refusal = row ? refusalOf(toLink(row), {}, source.at) : null;
    throw row && refusal ? refusalError(refusal) : new ApiError('link_invalid');
  }
  await recordExternalLinkUse(trx, schema, link, 'consumed', source);
}

/**
 * Revokes the live links of a subject (optionally only one action's, or one recipient's): when the
 * subject closes, the school withdraws a link, or a new link replaces it. Returns how many.
 */
export async function revokeExternalLinks<DB>(
  trx: TDbOf<DB>,
  schema: string,
  input: {
    subject: TExternalLinkSubject;
    action?: string;
    recipient?: string;
    reason: TExternalLinkRevokeReason;
    now: Date;
  },
): Promise<number> {
  let q = linksDb(trx, schema)
    .updateTable('external_links')
    .set({ revoked_at: input.now, revoked_reason: input.reason })
    .where('subject_type', '=', input.subject.type)
    .where('subject_id', '=', input.subject.id)
    .where('revoked_at', 'is', null);
  if (input.action !== undefined) q = q.where('action', '=', input.action);
  if (input.recipient !== undefined) q = q.where('recipient', '=', normalizeRecipient(input.recipient));
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes one link by id (a school withdraws exactly that link). */
export async function revokeExternalLink<DB>(
  trx: TDbOf<DB>,
  schema: string,
  input: { id: string; reason: TExternalLinkRevokeReason; now: Date },
): Promise<boolean> {
  const result = await linksDb(trx, schema)
    .updateTable('external_links')
    .set({ revoked_at: input.now, revoked_reason: input.reason })
    .where('id', '=', input.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const normalizeRecipient = (recipient: string) => recipient.trim().toLowerCase();
