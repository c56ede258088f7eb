import {
  BULK_MESSAGE_DELIVERY_STATUSES,
  type TBulkMessageDeliveryResource,
  type TBulkMessageDeliveryStatus,
  type TBulkMessageResource,
} from '@stageplein/contracts/placements/bulk-messages';
import type { TBulkMessageDeliveryRow, TBulkMessageRow } from './bulk-messages.repository.ts';

/** A delivery's status as the shared mail module keeps it (`placements.mail_deliveries`). */
export interface TDeliveryStatus {
  status: TBulkMessageDeliveryStatus;
  failure_reason: string | null;
}
export type TStatusOf = (deliveryId: string) => TDeliveryStatus;

export function deliveryResource(
  d: TBulkMessageDeliveryRow,
  statusOf: TStatusOf,
): TBulkMessageDeliveryResource {
  const s = statusOf(d.delivery_id);
  return {
    type: 'bulk_message_delivery',
    id: d.id,
    attributes: {
      internship_id: d.internship_id,
      recipient_kind: d.recipient_kind,
      recipient_name: d.recipient_name,
      email: d.email,
      status: s.status,
      failure_reason: s.failure_reason,
    },
  };
}

export function bulkMessageResource(
  m: TBulkMessageRow,
  deliveries: readonly TBulkMessageDeliveryRow[],
  statusOf: TStatusOf,
  withDeliveries: boolean,
): TBulkMessageResource {
  const counts = Object.fromEntries(BULK_MESSAGE_DELIVERY_STATUSES.map((s) => [s, 0])) as Record<
    TBulkMessageDeliveryStatus,
    number
  >;
  for (const d of deliveries) counts[statusOf(d.delivery_id).status]++;
  return {
    type: 'bulk_message',
    id: m.id,
    attributes: {
      subject: m.subject,
      body: m.body,
      school_id: m.school_id,
      author_id: m.author_id,
      to_contacts: m.to_contacts,
      to_supervisors: m.to_supervisors,
      internship_count: m.internship_count,
      student_count: m.student_count,
      recipient_count: deliveries.length,
      delivery_counts: counts,
      created_at: m.created_at.toISOString(),
    },
    ...(withDeliveries
      ? {
          relationships: {
            deliveries: {
              data: deliveries.map((d) => ({ type: 'bulk_message_delivery' as const, id: d.id })),
            },
          },
        }
      : {}),
  };
}
