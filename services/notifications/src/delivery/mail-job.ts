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
}

/** What became of a job; `failed` is final (suppressed, bounced, or every retry deferred). */
export type TMailOutcome =
  | { status: 'delivered' }
  | { status: 'failed'; reason: 'suppressed' | 'hard_bounce' | 'soft_bounces' | 'deferred' };
