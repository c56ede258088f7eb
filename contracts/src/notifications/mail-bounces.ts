import { z } from 'zod';
import { zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';

/**
 * A person's address that mail no longer reaches (docs/decisions/mail-delivery.md "Bounces"): a hard
 * bounce, or soft bounces up to the threshold, suppressed it. The school admin sees it on the person's
 * page with the server's answer and since when; correcting the address resends the mail held for them.
 */
export const MAIL_BOUNCE_REASONS = ['hard_bounce', 'soft_bounces'] as const;

export const ZMailBounceAttributes = z.object({
  address: z.string(),
  reason: z.enum(MAIL_BOUNCE_REASONS),
  /** The receiving server's last answer, e.g. `550 5.1.1 mailbox unavailable`. */
  response: z.string().nullable(),
  /** When the address was suppressed. */
  since: z.string(),
});
export type TMailBounceAttributes = z.infer<typeof ZMailBounceAttributes>;

/** `id` is the person's (user) id. */
export const ZMailBounceResource = zResourceOf('mail_bounce', ZMailBounceAttributes);
export type TMailBounceResource = z.infer<typeof ZMailBounceResource>;

/** `data: null`: mail to the person's current address is not suppressed. */
export const ZMailBounceDocument = zDocumentOf(ZMailBounceResource.nullable());
export type TMailBounceDocument = z.infer<typeof ZMailBounceDocument>;
