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

/**
 * A job once its outcome is final, as BullMQ keeps it (docs/decisions/mail-delivery.md "The queue"):
 * who, what kind, which request and how it ended; subject and body (sign-in, reset and
 * invitation links) are gone.
 */
export type TKeptMail = Pick<
  TMailJob,
  'id' | 'tenant' | 'kind' | 'to' | 'service' | 'deliveryId' | 'userId'
> & {
  /** `error`: failed for good on something else than SMTP (the database away on its last try). */
  settled: TMailOutcome | { status: 'failed'; reason: 'error' };
};

/** What the queue holds: a mail still to send, or what is kept of it once sent or failed. */
export type TQueuedMail = TMailJob | TKeptMail;

export const isKept = (job: TQueuedMail): job is TKeptMail => 'settled' in job;

/** What is kept of a mail once its outcome is final. */
export function keptMail(mail: TMailJob, settled: TKeptMail['settled']): TKeptMail {
  const { id, tenant, kind, to, service, deliveryId, userId } = mail;
  return {
    id,
    tenant,
    kind,
    to,
    ...(service === undefined ? {} : { service }),
    ...(deliveryId === undefined ? {} : { deliveryId }),
    ...(userId === undefined ? {} : { userId }),
    settled,
  };
}
