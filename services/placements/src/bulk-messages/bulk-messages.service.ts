import { randomUUID } from 'node:crypto';
import {
  internshipStatusesThatCount,
  maySendBulkMessages,
  type TBulkMessageAttributes,
} from '@stageplein/contracts/placements/bulk-messages';
import { studentsOfSchool } from '../read-models/index.ts';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { requestMails } from '@stageplein/kit/mail/mail-requests';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx, TUseCaseCtx } from '../shared/request.ts';
import { schoolPage } from '../shared/school-page.ts';
import {
  deliveriesOf,
  findBulkMessage,
  insertBulkMessage,
  insertDeliveries,
  mailStatuses,
  organizationName,
  schoolInternships,
  schoolStudents,
  studentsWithInternship,
  type TBulkMessageDeliveryRow,
  type TBulkMessageRow,
} from './bulk-messages.repository.ts';
import { resolveRecipients, type TRecipient } from './bulk-messages.recipients.ts';
import type { TStatusOf } from './bulk-messages.serialize.ts';

export interface TBulkMessageWithDeliveries {
  message: TBulkMessageRow;
  deliveries: TBulkMessageDeliveryRow[];
}

/** The school the caller writes for: an admin acting for an approved School (contracts' policy). */
function schoolOf(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  if (!maySendBulkMessages(caller.permissions, caller.current) || !caller.current) throw forbidden();
  return caller.current.id;
}

type TSelection = Pick<
  TBulkMessageAttributes,
  'internship_ids' | 'student_ids' | 'to_contacts' | 'to_supervisors'
>;

/**
 * Who a selection reaches: only the school's own internships and students (another school's or
 * tenant's id is unknown here, like a made-up one: 422 naming the first such id).
 */
async function recipientsOf(
  ctx: TCtx,
  schoolId: string,
  input: TSelection,
): Promise<{ internshipIds: string[]; studentIds: string[]; recipients: TRecipient[] }> {
  const internshipIds = [...new Set(input.internship_ids)];
  const studentIds = [...new Set(input.student_ids)];
  const [internships, students] = await Promise.all([
    schoolInternships(ctx.db, schoolId, internshipIds),
    schoolStudents(ctx.db, schoolId, studentIds),
  ]);
  for (const [field, ids, found] of [
    ['internship_ids', input.internship_ids, internships],
    ['student_ids', input.student_ids, students],
  ] as const) {
    const known = new Set(found.map((x) => x.id));
    const index = ids.findIndex((id) => !known.has(id));
    if (index >= 0)
      throw new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}/${index}` });
  }
  const recipients = resolveRecipients(
    internships,
    { toContacts: input.to_contacts, toSupervisors: input.to_supervisors },
    students,
  );
  return { internshipIds, studentIds, recipients };
}

/** How many people a selection reaches (one per address): what the confirmation before sending names. */
export async function countRecipients(ctx: TCtx, caller: TCaller, input: TSelection) {
  const { internshipIds, studentIds, recipients } = await recipientsOf(ctx, schoolOf(caller), input);
  return {
    recipient_count: recipients.length,
    internship_count: internshipIds.length,
    student_count: studentIds.length,
  };
}

/**
 * The school's students without an internship yet (`internshipStatusesThatCount`), by groups and
 * levels (any of them) and, with a period, none in that period: those who most need a message.
 */
export async function studentsWithoutInternship(
  ctx: TCtx,
  caller: TCaller,
  filter: { groupIds: string[]; levelIds: string[]; periodId: string | null },
) {
  const schoolId = schoolOf(caller);
  const students = await studentsOfSchool(ctx.db, schoolId, filter);
  const placed = await studentsWithInternship(
    ctx.db,
    schoolId,
    students.map((s) => s.id),
    internshipStatusesThatCount(filter.periodId !== null),
    filter.periodId,
  );
  return students.filter((s) => !placed.has(s.id));
}

/**
 * Sends one message to the people of the selected internships of the caller's school: the message,
 * one delivery per recipient and one mail request each (the shared mail module's outbox event), all
 * in the request's transaction, so a failure sends nothing. `id` (a client-generated id) makes a
 * repeated request answer the first one instead of mailing everyone again.
 */
export async function sendBulkMessage(
  ctx: TUseCaseCtx,
  caller: TCaller,
  input: TBulkMessageAttributes & { id?: string },
): Promise<TBulkMessageWithDeliveries & { created: boolean }> {
  const schoolId = schoolOf(caller);
  if (input.id) {
    const existing = await findBulkMessage(ctx.db, schoolId, input.id);
    if (existing)
      return { message: existing, deliveries: await deliveriesOf(ctx.db, [existing.id]), created: false };
  }
  const { internshipIds, studentIds, recipients } = await recipientsOf(ctx, schoolId, input);
  const message: TBulkMessageRow = {
    id: input.id ?? randomUUID(),
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    author_id: caller.userId!,
    subject: input.subject,
    body: input.body,
    to_contacts: input.to_contacts,
    to_supervisors: input.to_supervisors,
    internship_count: internshipIds.length,
    student_count: studentIds.length,
    created_at: ctx.now,
  };
  // The same id taken by another school (the insert's primary key) is a conflict, not a 500.
  const taken = await ctx.db
    .selectFrom('placements.bulk_messages')
    .select('id')
    .where('id', '=', message.id)
    .executeTakeFirst();
  if (taken) throw new ApiError('conflict', {}, { pointer: '/data/id' });
  await insertBulkMessage(ctx.db, message);
  const deliveries: TBulkMessageDeliveryRow[] = recipients.map((r) => ({
    id: randomUUID(),
    tenant_id: ctx.tenant.id,
    bulk_message_id: message.id,
    internship_id: r.internshipId,
    recipient_kind: r.kind,
    recipient_user_id: r.userId,
    recipient_name: r.name,
    email: r.email,
    delivery_id: randomUUID(),
  }));
  await insertDeliveries(ctx.db, deliveries);
  const sender = (await organizationName(ctx.db, schoolId)) ?? null;
  await requestMails(
    ctx.db,
    'placements',
    ctx.config,
    deliveries.map((d) => ({
      tenant: ctx.tenant.id,
      deliveryId: d.delivery_id,
      // A user is written to in their own language at their current address (identity reads both);
      // a contact without an account in the tenant's language, Dutch.
      recipient: d.recipient_user_id
        ? { userId: d.recipient_user_id }
        : { email: d.email, name: d.recipient_name, language: 'nl' as const },
      template: 'bulk_message' as const,
      vars: { subject: message.subject, body: message.body, sender },
      actor: message.author_id,
      reference: { type: 'bulk_message', id: message.id },
      now: ctx.now,
    })),
  );
  await record(
    ctx,
    caller,
    'placements.bulk_message.sent',
    { type: 'bulk_message', id: message.id },
    {
      bulk_message_id: message.id,
      school_id: schoolId,
      subject: message.subject,
      internship_ids: internshipIds,
      student_ids: studentIds,
      recipient_count: deliveries.length,
    },
  );
  return { message, deliveries, created: true };
}

/** One message of the caller's school with its deliveries; another school's is not found. */
export async function readBulkMessage(
  ctx: TCtx,
  caller: TCaller,
  id: string,
): Promise<TBulkMessageWithDeliveries> {
  const message = await findBulkMessage(ctx.db, schoolOf(caller), id);
  if (!message) throw notFound();
  return { message, deliveries: await deliveriesOf(ctx.db, [id]) };
}

/** The school's messages, newest first, with their deliveries (for the counts). */
export async function listBulkMessages(
  ctx: TCtx,
  caller: TCaller,
  page: { size: number; number: number },
): Promise<{ items: TBulkMessageWithDeliveries[]; total: number }> {
  const schoolId = schoolOf(caller);
  const { rows: messages, total } = await schoolPage(ctx.db, 'placements.bulk_messages', schoolId, page);
  const deliveries = await deliveriesOf(
    ctx.db,
    messages.map((m) => m.id),
  );
  return {
    items: messages.map((message) => ({
      message,
      deliveries: deliveries.filter((d) => d.bulk_message_id === message.id),
    })),
    total,
  };
}

/** Each delivery's status; one the mail module does not know (never, in one transaction) counts as requested. */
export async function statusesOf(
  ctx: TCtx,
  deliveries: readonly TBulkMessageDeliveryRow[],
): Promise<TStatusOf> {
  const rows = await mailStatuses(
    ctx.db,
    deliveries.map((d) => d.delivery_id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id) => {
    const r = byId.get(id);
    return r
      ? { status: r.status, failure_reason: r.failure_reason }
      : { status: 'requested', failure_reason: null };
  };
}
