import type { TExternalLinkRevokeReason } from '@stageplein/contracts/external-links/external-links';
import {
  EVALUATION_LINK_ACTION,
  EVALUATION_STATUSES,
} from '@stageplein/contracts/placements/evaluation-policy';
import { HOURS_LINK_ACTION, HOURS_OPEN_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import { supervisorKey } from '@stageplein/contracts/placements/assignment-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { revokeExternalLinks } from '@stageplein/kit/external-links/external-links.repository';
import { SCHEMA } from '../database.ts';
import type { TCtx } from '../shared/request.ts';

/**
 * The supervisor's links about one internship die with their purpose (issue #31 item 2,
 * docs/decisions/external-links.md "When links die"): each action lives while the internship is in
 * its statuses, and only for the internship's current supervisor address.
 */
const PURPOSES: Readonly<Record<string, readonly TInternshipStatus[]>> = {
  [HOURS_LINK_ACTION]: HOURS_OPEN_STATUSES,
  [EVALUATION_LINK_ACTION]: EVALUATION_STATUSES,
};
const ACTIONS = Object.keys(PURPOSES);

const subjectOf = (internshipId: string) => ({ type: 'internship', id: internshipId });

/** Revokes the internship's live links of the given actions (all of them by default). */
export async function revokeInternshipLinks(
  ctx: TCtx,
  internshipId: string,
  reason: TExternalLinkRevokeReason,
  actions: readonly string[] = ACTIONS,
): Promise<void> {
  for (const action of actions)
    await revokeExternalLinks(ctx.db, SCHEMA, {
      subject: subjectOf(internshipId),
      action,
      reason,
      now: ctx.now,
    });
}

/** The supervisor an internship's links go to now: `supervisorKey` of their address, and their name. */
export interface TNewSupervisor {
  key: string;
  name: string | null;
}

/**
 * What groups above internships do, in the same transaction, when an internship changes; the
 * composition (placements.module.ts) hands them in, so internships imports none of those groups.
 */
export interface TInternshipReactions {
  /** The internship names another supervisor address (assignments: open tasks follow it). */
  supervisorChanged: readonly ((ctx: TCtx, internshipId: string, to: TNewSupervisor) => Promise<void>)[];
}

/**
 * The internship names another supervisor address: its hours and evaluation links are revoked
 * (`recipient_changed`) and the reactions run (assignments: its open tasks go to the new address, so
 * the old supervisor's assignments link, scoped to them, no longer reaches them).
 */
export async function supervisorChanged(
  ctx: TCtx,
  internshipId: string,
  to: { key: string | null; name: string | null },
  reactions: TInternshipReactions,
): Promise<void> {
  await revokeInternshipLinks(ctx, internshipId, 'recipient_changed');
  if (!to.key) return;
  for (const react of reactions.supervisorChanged)
    await react(ctx, internshipId, { key: to.key, name: to.name });
}

/** The internship moved to `status`: the links whose purpose ended there are revoked (`subject_closed`). */
export const revokeLinksEndedBy = (ctx: TCtx, internshipId: string, status: TInternshipStatus) =>
  revokeInternshipLinks(
    ctx,
    internshipId,
    'subject_closed',
    ACTIONS.filter((action) => !PURPOSES[action]!.includes(status)),
  );

/**
 * A link still speaks for the internship: the status keeps its purpose and it went to the address the
 * internship names now (the revocations above make this so; this check also covers what changed the
 * address elsewhere, e.g. the supervisor's own account, and links issued before they existed). Else
 * 410 `link_revoked`, as a revoked link answers.
 */
export function assertLinkCurrent(
  link: TLinkActor,
  internship: { status: TInternshipStatus; supervisor_email: string | null },
): void {
  const statuses = PURPOSES[link.action] ?? [];
  if (!statuses.includes(internship.status) || supervisorKey(internship.supervisor_email) !== link.recipient)
    throw new ApiError('link_revoked');
}
