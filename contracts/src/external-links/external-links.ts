import { z } from 'zod';

/**
 * External action links (docs/decisions/external-links.md): a person without an account (a workplace
 * supervisor, a parent) acts on exactly one subject through an unguessable link. These are the shapes
 * every service and both front ends share; the mechanism is kit's (services/kit/src/external-links).
 */

/** Random bytes of a token: 256 bits (≥ 128 required), base64url → 43 characters. */
export const EXTERNAL_LINK_TOKEN_BYTES = 32;

/** What a token looks like on the wire; anything else is refused before any lookup. */
export const ZExternalLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * What a link allows, `<verb>_<thing>` in snake_case (e.g. `confirm_hours`, `fill_evaluation`).
 * Each feature names its actions in its own contracts; a link is good for exactly one.
 */
export const ZExternalLinkAction = z.string().regex(/^[a-z][a-z_]{1,62}[a-z]$/);
export type TExternalLinkAction = z.infer<typeof ZExternalLinkAction>;

/** The kind of thing a link is about (`internship`, `hours_sheet`, `assignment`…), snake_case. */
export const ZExternalLinkSubjectType = z.string().regex(/^[a-z][a-z_]{0,62}[a-z]$/);

export const ZExternalLinkSubject = z.object({
  type: ZExternalLinkSubjectType,
  id: z.string().min(1).max(200),
});
export type TExternalLinkSubject = z.infer<typeof ZExternalLinkSubject>;

/**
 * Why a link stopped working before its expiry: sent again, withdrawn, its purpose ended (the subject
 * closed), or the subject's recipient is now someone else (the old address must not keep access).
 */
export const EXTERNAL_LINK_REVOKE_REASONS = [
  'reissued',
  'revoked',
  'subject_closed',
  'recipient_changed',
] as const;
export const ZExternalLinkRevokeReason = z.enum(EXTERNAL_LINK_REVOKE_REASONS);
export type TExternalLinkRevokeReason = z.infer<typeof ZExternalLinkRevokeReason>;

/**
 * One row of a service's `external_link_uses`: every request with a known token, also refused ones.
 * `accessed`: the link authenticated a request; `consumed`: the action was done (a single-use link is
 * spent); `refused_*`: why a known token did not work.
 */
export const EXTERNAL_LINK_USE_OUTCOMES = [
  'accessed',
  'consumed',
  'refused_expired',
  'refused_revoked',
  'refused_used',
  'refused_action',
] as const;
export type TExternalLinkUseOutcome = (typeof EXTERNAL_LINK_USE_OUTCOMES)[number];

/**
 * What a link grants, as the link holder may see it (`GET /api/v1/action_links/current`): the subject,
 * the action and until when; never the recipient's data or the token.
 */
export const ZExternalLinkGrantAttributes = z.object({
  subject_type: ZExternalLinkSubjectType,
  subject_id: z.string(),
  action: ZExternalLinkAction,
  single_use: z.boolean(),
  expires_at: z.iso.datetime({ offset: true }),
});
export const ZExternalLinkGrantDocument = z.object({
  data: z.object({
    type: z.literal('action_links'),
    id: z.uuid(),
    attributes: ZExternalLinkGrantAttributes,
  }),
});
export type TExternalLinkGrantDocument = z.infer<typeof ZExternalLinkGrantDocument>;
