import { sql } from 'kysely';
import {
  HOURS_LINK_TOKENS_PER_MAIL,
  hoursTotals,
  requiredHours,
} from '@stageplein/contracts/placements/hours';
import {
  behindSchedule,
  expectedHours,
  type TScheduleFacts,
} from '@stageplein/contracts/placements/progress-policy';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { findHoursInternship, acceptsHours, type THoursInternship } from '../hours-internship.ts';
import { findSheet, listEntries } from '../hours.repository.ts';
import { mailLinks, todayOf } from '../hours.service.ts';
import { record } from '../../shared/events.ts';
import { SYSTEM, type TUseCaseCtx } from '../../shared/request.ts';
import {
  internshipsWithPending,
  lastMentorWarningAt,
  mentorsOf,
  mentorWarningReference,
  oldestPendingAt,
  startedInternships,
} from './hours-reminders.repository.ts';
import {
  cutoffOf,
  mentorWarningDue,
  supervisorDigests,
  supervisorReminderDue,
} from './hours-reminders.rules.ts';

interface TBehind {
  internship: THoursInternship;
  logged: number;
  expected: number;
}

/**
 * One tenant's daily hours reminders (docs/decisions/hours.md "Reminders"), in the caller's
 * transaction with the tenant set: a supervisor with entries waiting more than HOURS_REMINDER_DAYS
 * gets one mail with fresh links for all their internships awaiting confirmation (the hours
 * feature's own `mailLinks`), mentors one warning about all their mentees behind schedule
 * (contracts' progress-rule, the rule progress shows). Traineeship tenants have no hours: nothing happens.
 */
export async function remindTenantHours(ctx: TUseCaseCtx): Promise<{ supervisors: number; mentors: number }> {
  if (!ctx.tenant.features.usesHours) return { supervisors: 0, mentors: 0 };
  // Two runs of one tenant (a retry beside a late attempt) wait for each other, so the rules below
  // see what the other sent.
  await sql`select pg_advisory_xact_lock(hashtext(${`hours-reminders:${ctx.tenant.id}`}))`.execute(ctx.db);
  const cutoff = cutoffOf(ctx.now, ctx.config.HOURS_REMINDER_DAYS);
  return {
    supervisors: await remindSupervisors(ctx, cutoff),
    mentors: await warnMentors(ctx, cutoff),
  };
}

async function remindSupervisors(ctx: TUseCaseCtx, cutoff: Date): Promise<number> {
  const sheets: { email: string; due: boolean; internship: THoursInternship }[] = [];
  for (const id of await internshipsWithPending(ctx.db)) {
    const internship = await findHoursInternship(ctx.db, id, { forUpdate: true });
    // Only a supervisor the school approved gets links (issue #31).
    if (!internship?.supervisor_email || !internship.supervisor_approved) continue;
    const [sheet, oldest] = await Promise.all([findSheet(ctx.db, id), oldestPendingAt(ctx.db, id)]);
    const facts = {
      running: acceptsHours(internship),
      signedOff: !!sheet?.signed_off_at,
      paper: sheet?.paper_quarters !== null && sheet?.paper_quarters !== undefined,
      supervisorEmail: internship.supervisor_email,
      oldestPendingAt: oldest,
      linkSentAt: sheet?.link_sent_at ?? null,
    };
    // Sheets that take no confirmation stay out of a digest too.
    if (!facts.running || facts.signedOff || facts.paper) continue;
    sheets.push({
      email: internship.supervisor_email,
      due: supervisorReminderDue(facts, cutoff),
      internship,
    });
  }
  let sent = 0;
  for (const digest of supervisorDigests(sheets))
    for (let i = 0; i < digest.length; i += HOURS_LINK_TOKENS_PER_MAIL) {
      const part = digest.slice(i, i + HOURS_LINK_TOKENS_PER_MAIL).map((s) => s.internship);
      await mailLinks(ctx, null, part);
      sent++;
    }
  return sent;
}

async function warnMentors(ctx: TUseCaseCtx, cutoff: Date): Promise<number> {
  const today = todayOf(ctx.now);
  const byMentor = new Map<string, TBehind[]>();
  for (const id of await startedInternships(ctx.db, today)) {
    const internship = (await findHoursInternship(ctx.db, id))!;
    const [sheet, entries] = await Promise.all([findSheet(ctx.db, id), listEntries(ctx.db, id)]);
    const totals = hoursTotals(
      entries,
      requiredHours(internship.hours, internship.period_default_hours),
      sheet?.paper_quarters ?? null,
    );
    const facts: TScheduleFacts = {
      status: internship.status,
      required: totals.required,
      logged: totals.logged,
      updatingAllowed: internship.updating_hours_allowed,
      signedOff: !!sheet?.signed_off_at,
      start_date: internship.start_date,
      end_date: internship.end_date,
      period: internship.period,
    };
    if (!behindSchedule(facts, today)) continue;
    const expected = expectedHours(facts, today)!;
    for (const mentor of await mentorsOf(ctx.db, internship.student_id, internship.school_id))
      byMentor.set(mentor, [
        ...(byMentor.get(mentor) ?? []),
        { internship, logged: totals.logged, expected },
      ]);
  }
  let warned = 0;
  for (const [mentorId, behind] of byMentor) {
    if (!mentorWarningDue(await lastMentorWarningAt(ctx.db, mentorId), cutoff)) continue;
    await requestMail(ctx.db, 'placements', ctx.config, {
      tenant: ctx.tenant.id,
      template: 'reminder',
      recipient: { userId: mentorId },
      actor: null,
      reference: mentorWarningReference(mentorId),
      now: ctx.now,
      vars: mentorMail(behind),
    });
    await record(
      ctx,
      SYSTEM,
      'placements.hours.mentor_warned',
      { type: 'user', id: mentorId },
      {
        mentor_id: mentorId,
        internships: behind.map((b) => ({
          internship_id: b.internship.id,
          hours_logged: b.logged,
          hours_expected: round(b.expected),
        })),
      },
    );
    warned++;
  }
  return warned;
}

const round = (n: number) => Math.round(n * 4) / 4;

/** The warning in both languages: one line per mentee (identity picks the mentor's language). */
function mentorMail(behind: readonly TBehind[]) {
  const line = (b: TBehind, lang: 'nl' | 'en') =>
    `- ${b.internship.student_name} (${b.internship.organization_name ?? b.internship.title}): ${b.logged} ${
      lang === 'nl' ? 'van de verwachte' : 'of the expected'
    } ${round(b.expected)} ${lang === 'nl' ? 'uur' : 'hours'}`;
  return {
    subject: {
      nl: 'Stage-uren: studenten lopen achter',
      en: 'Internship hours: students are behind schedule',
    },
    body: {
      nl: `Deze studenten hebben minder uren geregistreerd dan hun stage tot nu toe verwacht:\n${behind.map((b) => line(b, 'nl')).join('\n')}`,
      en: `These students have logged fewer hours than their internship expects by now:\n${behind.map((b) => line(b, 'en')).join('\n')}`,
    },
  };
}
