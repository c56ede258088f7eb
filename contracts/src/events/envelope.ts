import { z } from 'zod';
import { TENANT_IDS } from '../tenants/tenant.types.ts';

/** DESIGN §5: CloudEvents-style envelope carried by the outbox and every transport. */
export const ZEventEnvelope = z.object({
  id: z.uuid(),
  /** `<service>.<aggregate>.<verb>`, e.g. `organizations.organization.approved`. */
  type: z.string().regex(/^[a-z_]+\.[a-z_]+\.[a-z_]+$/),
  /** The producing service. */
  source: z.string().min(1),
  /** The aggregate id; the partition key, so events of one aggregate stay in order. */
  subject: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  tenant: z.enum(TENANT_IDS),
  /** Who caused the event: a user id, or `system`. */
  actor: z.string().min(1),
  version: z.number().int().positive(),
  /** W3C traceparent of the request that caused the event, so consumers join its trace. */
  traceparent: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type TEventEnvelope = z.infer<typeof ZEventEnvelope>;

/** Topic of an event type: `stageplein.<service>.<aggregate>`. */
export function topicFor(type: string): string {
  const [service, aggregate] = type.split('.');
  return `stageplein.${service}.${aggregate}`;
}
