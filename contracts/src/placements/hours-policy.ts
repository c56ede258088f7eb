/**
 * Hours registration rules (docs/decisions/hours.md), pure so the portal offers exactly what the
 * placements service allows. No zod here: the portal's hours screens import this file and should not
 * pull the schemas into their chunk.
 *
 * Hours are kept as whole quarter hours (`quarters`, 1 = 15 minutes) so totals add up exactly; the
 * wire speaks hours with at most two decimals (0.25, 0.5, 0.75).
 */

/** The external link's action; its subject is `{ type: 'internship', id }` (docs/decisions/hours.md). */
export const HOURS_LINK_ACTION = 'confirm_hours';
/**
 * The public portal page the mailed link opens: `/urenbevestiging#<token>`. A fragment is never sent
 * to a server nor in a Referer, so the token stays out of logs; the page sends it as the header.
 */
export const HOURS_CONFIRMATION_PATH = '/urenbevestiging';

/**
 * The daily reminder mails a supervisor of several internships once: the one link carries one token
 * per internship in its fragment, joined by a dot (a token is base64url, never a dot), so each token
 * keeps its own scope, expiry and revocation (docs/decisions/hours.md "Reminders"). At most this many
 * per mail keeps the address under 2,000 characters; more internships go in further mails.
 */
export const HOURS_LINK_TOKENS_PER_MAIL = 30;
const TOKEN_SEPARATOR = '.';

/** The supervisor's confirmation address on a tenant's site for one or more tokens. */
export const hoursConfirmationUrl = (site: string, tokens: readonly string[]): string =>
  `${site}${HOURS_CONFIRMATION_PATH}#${tokens.join(TOKEN_SEPARATOR)}`;

/** The tokens of the confirmation page's fragment (`#a` or `#a.b.c`), without empties or repeats. */
export const hoursLinkTokens = (hash: string): string[] => [
  ...new Set(hash.replace(/^#/, '').split(TOKEN_SEPARATOR).filter(Boolean)),
];

import type { TInternshipStatus } from './internships.ts';

/**
 * Internships with an hours sheet: agreed by the school, running or finished. The portal shows their
 * sheet; progress counts them.
 */
export const HOURS_RUNNING_STATUSES: readonly TInternshipStatus[] = ['approved', 'active', 'completed'];

/**
 * Internships that take new hours: agreed by the school and not ended. A completed or cancelled
 * internship takes no entries, no supervisor's links and no confirmations (issue #31 item 2: a
 * cancelled internship's link still confirmed hours); its sheet stays readable and the school still
 * corrects and signs it off.
 */
export const HOURS_OPEN_STATUSES: readonly TInternshipStatus[] = ['approved', 'active'];

/** A student logs at most a day's worth per date. */
export const MAX_QUARTERS_PER_DAY = 24 * 4;
export const HOURS_DESCRIPTION_MAX = 500;
export const HOURS_REASON_MAX = 500;
/** How long a supervisor's confirmation link stays valid. */
export const HOURS_LINK_DAYS = 30;
/**
 * New links per internship, whoever asks (issue #31): one per HOURS_LINK_RESEND_MINUTES, at most
 * HOURS_LINKS_PER_DAY in 24 hours. The daily reminder keeps its own rhythm and is not held back.
 */
export const HOURS_LINK_RESEND_MINUTES = 10;
export const HOURS_LINKS_PER_DAY = 3;

export const HOURS_ENTRY_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type THoursEntryStatus = (typeof HOURS_ENTRY_STATUSES)[number];

/** What a field of hours says when a number is not whole quarter hours (nl + en in `i18n/`). */
export const QUARTER_HOURS_MESSAGE = 'validation.quarterHours';

/** Whole quarters for a number of hours; null when it is not a positive multiple of 0.25. */
export function quartersOf(hours: number): number | null {
  if (!Number.isFinite(hours)) return null;
  const q = hours * 4;
  const rounded = Math.round(q);
  // 0.1 + 0.15 style float noise is tolerated; 0.3 hours is not a quarter.
  if (Math.abs(q - rounded) > 1e-9 || rounded <= 0) return null;
  return rounded;
}

export const hoursOf = (quarters: number): number => quarters / 4;

/** "7,75" / "7.75": hours with at most two decimals, in the caller's language. */
export function formatHours(hours: number, lang: 'nl' | 'en'): string {
  const text = Number.isInteger(hours) ? String(hours) : hours.toFixed(2).replace(/0$/, '');
  return lang === 'nl' ? text.replace('.', ',') : text;
}

/** The required hours: the internship's own, else its period's default, else none. */
export function requiredHours(internshipHours: number | null, periodDefault: number | null): number | null {
  return internshipHours ?? periodDefault ?? null;
}

export interface THoursEntryFacts {
  quarters: number;
  status: THoursEntryStatus;
}

export interface THoursTotals {
  /** Everything the student logged and nobody rejected. */
  logged: number;
  /** Confirmed by the supervisor (or recorded from the paper sheet): `hoursSupervisor`. */
  confirmed: number;
  pending: number;
  rejected: number;
  required: number | null;
  /** Confirmed hours still missing (0 once reached); null without a requirement. */
  remaining: number | null;
  /** Confirmed share of the requirement, 0–100, whole percent rounded down; null without one. */
  percent: number | null;
}

/**
 * The sheet's totals. A paper total recorded by the school replaces the digital entries as the
 * confirmed figure (paper-timesheet tenants).
 */
export function hoursTotals(
  entries: readonly THoursEntryFacts[],
  required: number | null,
  paperQuarters: number | null = null,
): THoursTotals {
  const sum = (s: THoursEntryStatus) =>
    entries.filter((e) => e.status === s).reduce((n, e) => n + e.quarters, 0);
  const confirmedQ = paperQuarters ?? sum('confirmed');
  const pendingQ = paperQuarters === null ? sum('pending') : 0;
  const confirmed = hoursOf(confirmedQ);
  const requiredQ = required === null ? null : Math.round(required * 4);
  return {
    logged: hoursOf(paperQuarters ?? sum('confirmed') + sum('pending')),
    confirmed,
    pending: hoursOf(pendingQ),
    rejected: hoursOf(sum('rejected')),
    required,
    remaining: requiredQ === null ? null : hoursOf(Math.max(0, requiredQ - confirmedQ)),
    percent:
      requiredQ === null
        ? null
        : requiredQ === 0
          ? 100
          : Math.min(100, Math.floor((confirmedQ * 100) / requiredQ)),
  };
}

/** Whether a new entry of `quarters` on a date fits beside that date's other (not rejected) entries. */
export function fitsInDay(otherQuartersThatDay: number, quarters: number): boolean {
  return otherQuartersThatDay + quarters <= MAX_QUARTERS_PER_DAY;
}

/**
 * The caller's relation to the internship, decided by the server from the internship policy:
 * the student themselves, their mentor, an admin of the internship's school, an admin of the
 * workplace organization, or none (then the internship is not revealed).
 */
export type THoursRelation = 'student' | 'mentor' | 'school' | 'organization';

export const HOURS_ACTIONS = [
  'log',
  'send_link',
  'lock',
  'unlock',
  'correct',
  'sign_off',
  'record_paper',
  'approve_supervisor',
] as const;
export type THoursAction = (typeof HOURS_ACTIONS)[number];

export interface THoursSheetState {
  /** The internship takes new hours: its status is one of HOURS_OPEN_STATUSES. */
  running: boolean;
  updatingAllowed: boolean;
  signedOff: boolean;
  /** The tenant's `paperTimesheets` switch (spec §1). */
  paperTimesheets: boolean;
  /** A paper total is recorded: digital entries no longer count. */
  paper: boolean;
  /** The internship names a supervisor address (an account's, a named person's or the contact's). */
  hasSupervisor: boolean;
  /** The school approved that address (issue #31): links go only to an approved supervisor. */
  supervisorApproved: boolean;
  /** Entries wait for the supervisor: a link is only sent when there is something to confirm. */
  pendingEntries: boolean;
  /**
   * A new link must wait: one went to this supervisor less than HOURS_LINK_RESEND_MINUTES ago, or
   * HOURS_LINKS_PER_DAY did in 24 hours (the server answers 429 `hours_link_too_often` until then).
   */
  linkWaiting: boolean;
}

/**
 * Who may take which step now. Students log (and change their own pending entries) while updating is
 * allowed and the internship runs; students, mentors and the school send the supervisor's link once
 * the school approved the supervisor and entries wait for them, no more often than the link limits; only the school approves the
 * supervisor, locks, unlocks, corrects, signs off and records a paper total. Signing off locks the sheet; unlocking
 * reopens it.
 */
export function mayTakeHoursAction(
  relation: THoursRelation | null,
  action: THoursAction,
  state: THoursSheetState,
): boolean {
  if (!relation) return false;
  const open = state.updatingAllowed && !state.signedOff;
  switch (action) {
    case 'log':
      return relation === 'student' && state.running && open && !state.paper;
    case 'send_link':
      return (
        (relation === 'student' || relation === 'mentor' || relation === 'school') &&
        state.running &&
        !state.signedOff &&
        !state.paper &&
        state.supervisorApproved &&
        state.pendingEntries &&
        !state.linkWaiting
      );
    case 'approve_supervisor':
      return relation === 'school' && state.hasSupervisor && !state.supervisorApproved;
    case 'lock':
      return relation === 'school' && state.updatingAllowed && !state.signedOff;
    case 'unlock':
      return relation === 'school' && (!state.updatingAllowed || state.signedOff);
    case 'correct':
      return relation === 'school' && !state.signedOff && !state.paper;
    case 'sign_off':
      return relation === 'school' && !state.signedOff;
    case 'record_paper':
      return relation === 'school' && state.paperTimesheets && !state.signedOff;
  }
}

export const hoursActionsFor = (relation: THoursRelation | null, state: THoursSheetState): THoursAction[] =>
  HOURS_ACTIONS.filter((a) => mayTakeHoursAction(relation, a, state));

/** A student changes or deletes only their own entries the supervisor has not decided on yet. */
export const entryChangeable = (status: THoursEntryStatus): boolean => status === 'pending';

/** The supervisor decides pending entries; a decided entry is changed only by a school correction. */
export const entryDecidable = (status: THoursEntryStatus): boolean => status === 'pending';
