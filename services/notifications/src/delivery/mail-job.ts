/**
 * One mail as the queue carries it: rendered, to one address. Its `id` is the request's id (a mail
 * request's delivery id), which is also the BullMQ job id: the same request queued twice is one job.
 */
export interface TMailJob {
  id: string;
  tenant: string;
  kind: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string;
  /** The service whose `mail.requested` this answers: told `notifications.mail.delivered`/`failed`. */
  service?: string;
  /** The request's delivery id when the job id is another (a resend to a corrected address). */
  deliveryId?: string;
  /** The user it is written to (none: an address without an account): a bounced mail waits for a new address. */
  userId?: string;
}

/** What became of a job; `failed` is final (suppressed, bounced, or every retry deferred). */
export type TMailOutcome =
  | { status: 'delivered' }
  | { status: 'failed'; reason: 'suppressed' | 'hard_bounce' | 'soft_bounces' | 'deferred' };
