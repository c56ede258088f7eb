import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventPayload, type TEventType } from '@stageplein/contracts/events/payloads';
import type { TPhaseTaskActor } from '@stageplein/contracts/workflows/names';
import type { TNotice } from '../feed/feed.service.ts';
import type { TCtx } from '../shared/request.ts';
import { messagePostedNotices } from '../conversations/conversation-notices.ts';
import {
  addMentorship,
  adminsOf,
  findInternship,
  findInternships,
  mentorsOf,
  removeMentorship,
  upsertInternship,
  type TInternshipParties,
} from './recipients.repository.ts';

type TRule<T extends TEventType> = (
  ctx: TCtx,
  data: TEventPayload<T>,
  event: TEventEnvelope,
) => Promise<TNotice[]>;
type TRules = { [T in TEventType]?: TRule<T> };

const internshipLink = (id: string) => `/internships/${id}`;
const internshipSubject = (id: string) => ({ type: 'internship', id });

/** The organization's side of an internship: its contact person, else the organization's admins. */
export async function organizationSide(
  ctx: TCtx,
  i: Pick<TInternshipParties, 'contact_person_id' | 'organization_id'>,
) {
  if (i.contact_person_id) return [i.contact_person_id];
  return i.organization_id ? adminsOf(ctx.db, i.organization_id) : [];
}

/** Who a phase task's actor is for an internship; the workplace supervisor has no account (their link). */
export async function actorsOf(ctx: TCtx, i: TInternshipParties, actor: TPhaseTaskActor): Promise<string[]> {
  switch (actor) {
    case 'student':
      return [i.student_id];
    case 'mentor':
      return mentorsOf(ctx.db, i.student_id, i.school_id);
    case 'school_admin':
      return adminsOf(ctx.db, i.school_id);
    case 'organization_contact':
      return organizationSide(ctx, i);
    case 'supervisor':
      return [];
  }
}

type TInternshipSnapshot = TEventPayload<'placements.internship.created'>;

/** Every internship event carries its snapshot: the parties' read model keeps the newest. */
async function keepInternship(ctx: TCtx, d: TInternshipSnapshot): Promise<void> {
  await upsertInternship(ctx.db, {
    id: d.internship_id,
    tenant_id: ctx.tenant.id,
    student_id: d.student_id,
    school_id: d.school_id,
    organization_id: d.organization_id,
    contact_person_id: d.contact_person_id,
    title: d.title,
    organization_name: d.organization_name,
    status: d.status,
    updated_at: new Date(d.updated_at),
  });
}

/** An internship's status change told to its student. */
const toStudent =
  (kind: 'application_accepted' | 'application_declined' | 'internship_approved' | 'internship_rejected') =>
  async (ctx: TCtx, d: TInternshipSnapshot): Promise<TNotice[]> => {
    await keepInternship(ctx, d);
    return [
      {
        kind,
        params: { title: d.title, organization: d.organization_name ?? '' },
        subject: internshipSubject(d.internship_id),
        link: internshipLink(d.internship_id),
        recipients: [d.student_id],
      },
    ];
  };

/** An event about an internship the read model may know: its parties, or nothing when it does not. */
async function aboutInternship(
  ctx: TCtx,
  internshipId: string,
  notice: (i: TInternshipParties) => Promise<TNotice[]>,
): Promise<TNotice[]> {
  const internship = await findInternship(ctx.db, internshipId);
  return internship ? notice(internship) : [];
}

const hoursTo =
  (kind: 'hours_submitted' | 'hours_confirmed' | 'hours_rejected') =>
  (ctx: TCtx, d: TEventPayload<'placements.hours.entry_logged'>): Promise<TNotice[]> =>
    aboutInternship(ctx, d.internship_id, async (i) => [
      {
        kind,
        params: { date: d.date, title: i.title },
        subject: internshipSubject(i.id),
        link: internshipLink(i.id),
        recipients: kind === 'hours_submitted' ? await organizationSide(ctx, i) : [i.student_id],
      },
    ]);

const taskDue = async (ctx: TCtx, d: { internship_id: string }, actor: TPhaseTaskActor): Promise<TNotice[]> =>
  aboutInternship(ctx, d.internship_id, async (i) => [
    {
      kind: 'phase_task_due',
      params: { title: i.title },
      subject: internshipSubject(i.id),
      link: internshipLink(i.id),
      recipients: await actorsOf(ctx, i, actor),
    },
  ]);

const contractNotice = (
  contractId: string,
  kind: 'contract_signer_turn' | 'contract_signed',
  recipients: string[],
): TNotice[] => [
  {
    kind,
    params: {},
    subject: { type: 'contract', id: contractId },
    link: `/contracts/${contractId}`,
    recipients,
  },
];

/**
 * What each event tells whom (docs/decisions/notifications.md "Pipeline"). A rule that keeps a read
 * model does so first, so a later event of the same consumer finds it.
 */
export const NOTICE_RULES: TRules = {
  'placements.internship.created': async (ctx, d) => {
    await keepInternship(ctx, d);
    // A student applied: the organization hears; a school assigned or allocated: the student hears.
    if (d.status === 'applied')
      return [
        {
          kind: 'application_received',
          params: { title: d.title },
          subject: internshipSubject(d.internship_id),
          link: internshipLink(d.internship_id),
          recipients: await organizationSide(ctx, d),
        },
      ];
    if (d.status === 'approved' && !d.self_found)
      return [
        {
          kind: 'internship_assigned',
          params: { title: d.title },
          subject: internshipSubject(d.internship_id),
          link: internshipLink(d.internship_id),
          recipients: [d.student_id],
        },
      ];
    return [];
  },
  'placements.internship.updated': async (ctx, d) => {
    await keepInternship(ctx, d);
    return [];
  },
  'placements.internship.accepted': toStudent('application_accepted'),
  'placements.internship.declined': toStudent('application_declined'),
  'placements.internship.approved': toStudent('internship_approved'),
  'placements.internship.rejected': toStudent('internship_rejected'),
  ...Object.fromEntries(
    (['activated', 'completed', 'withdrawn', 'cancelled'] as const).map((verb) => [
      `placements.internship.${verb}`,
      async (ctx: TCtx, d: TInternshipSnapshot) => {
        await keepInternship(ctx, d);
        return [];
      },
    ]),
  ),
  'organizations.mentorship.added': async (ctx, d) => {
    await addMentorship(ctx.db, {
      id: d.mentorship_id,
      tenant_id: ctx.tenant.id,
      school_id: d.school_id,
      mentor_id: d.mentor_id,
      student_id: d.student_id,
    });
    return [];
  },
  'organizations.mentorship.removed': async (ctx, d) => {
    await removeMentorship(ctx.db, d.mentorship_id);
    return [];
  },
  'placements.hours.entry_logged': hoursTo('hours_submitted'),
  'placements.hours.entry_confirmed': hoursTo('hours_confirmed'),
  'placements.hours.entry_rejected': hoursTo('hours_rejected'),
  'placements.evaluation.opened': (ctx, d) =>
    aboutInternship(ctx, d.internship_id, async (i) => {
      const roles = Object.keys(d.states);
      return [
        {
          kind: 'evaluation_requested',
          params: { title: i.title },
          subject: internshipSubject(i.id),
          link: internshipLink(i.id),
          recipients: [
            ...(roles.includes('student') ? [i.student_id] : []),
            ...(roles.includes('mentor') ? await mentorsOf(ctx.db, i.student_id, i.school_id) : []),
          ],
        },
      ];
    }),
  'placements.contract.signer_turn': async (ctx, d) => {
    const internship = await findInternship(ctx.db, d.internship_id);
    const recipients: string[] = [];
    for (const signer of d.signers) {
      if (signer.role === 'student') recipients.push(d.student_id);
      if (signer.role === 'school_representative') recipients.push(...(await adminsOf(ctx.db, d.school_id)));
      if (signer.role === 'mentor') recipients.push(...(await mentorsOf(ctx.db, d.student_id, d.school_id)));
      if (signer.role === 'company')
        recipients.push(
          ...(await organizationSide(ctx, {
            contact_person_id: internship?.contact_person_id ?? null,
            organization_id: d.organization_id,
          })),
        );
      // A parent or guardian has no account: the signing link's mail is theirs.
    }
    return contractNotice(d.contract_id, 'contract_signer_turn', recipients);
  },
  'placements.contract.signed': async (ctx, d) => {
    const internship = await findInternship(ctx.db, d.internship_id);
    const organization = await organizationSide(ctx, {
      contact_person_id: internship?.contact_person_id ?? null,
      organization_id: d.organization_id,
    });
    return contractNotice(d.contract_id, 'contract_signed', [d.student_id, ...organization]);
  },
  'organizations.organization.approved': async (ctx, d) => [
    {
      kind: 'organization_approved',
      params: { name: d.name },
      subject: { type: 'organization', id: d.organization_id },
      link: '/dashboard',
      recipients: await adminsOf(ctx.db, d.organization_id),
    },
  ],
  'placements.bulk_message.sent': async (ctx, d) => {
    const internships = await findInternships(ctx.db, d.internship_ids);
    return [
      {
        kind: 'bulk_message',
        params: { subject: d.subject },
        subject: { type: 'bulk_message', id: d.bulk_message_id },
        link: null,
        recipients: [...internships.map((i) => i.student_id), ...(d.student_ids ?? [])],
      },
    ];
  },
  // A phase the seeds wrote as history (already behind the internship) is no news.
  'placements.internship_phase.entered': async (ctx, d) =>
    d.backfilled
      ? []
      : aboutInternship(ctx, d.internship_id, async (i) => [
          {
            kind: 'phase_entered',
            params: { title: i.title },
            subject: internshipSubject(i.id),
            link: internshipLink(i.id),
            recipients: [i.student_id],
          },
        ]),
  'placements.phase_task.reminded': (ctx, d) => taskDue(ctx, d, d.actor),
  'placements.phase_task.escalated': (ctx, d) => taskDue(ctx, d, d.to),
  // Conversations (docs/decisions/conversations.md): notifications' own event, through the same pipeline.
  'notifications.conversation.message_posted': (_ctx, d) => messagePostedNotices(d),
};

export const NOTICE_EVENT_TYPES = Object.keys(NOTICE_RULES) as TEventType[];

/** The notices of one event: its payload checked against the contract, then its rule. */
export async function noticesOf(ctx: TCtx, event: TEventEnvelope): Promise<TNotice[]> {
  const type = event.type as TEventType;
  const rule = NOTICE_RULES[type] as TRule<TEventType> | undefined;
  if (!rule) return [];
  return rule(ctx, EVENT_PAYLOADS[type].parse(event.data) as TEventPayload<TEventType>, event);
}
