import { z } from 'zod';
import { ZLocale } from '../identity/users.ts';

/**
 * Self-found internships across services (docs/decisions/self-found-and-bulk-messages.md):
 * placements announces an approval with the organization the student entered; organizations finds
 * it among the known ones or signs it up as pending, and answers which one it is. Subject of both:
 * the internship id.
 */
export const SELF_FOUND_EVENT_PAYLOADS = {
  'placements.internship.self_found_approved': z.object({
    internship_id: z.uuid(),
    school_id: z.uuid(),
    student_id: z.uuid(),
    /** The internship's own organization when the student picked a known one: nothing to resolve. */
    organization_id: z.uuid().nullable(),
    organization: z.object({
      name: z.string(),
      address: z.string(),
      postcode: z.string(),
      city: z.string(),
      website: z.string().nullable(),
    }),
    contact: z.object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      /** Language of the invitation mail when the organization is signed up. */
      locale: ZLocale,
    }),
  }),
  'organizations.self_found_organization.resolved': z.object({
    internship_id: z.uuid(),
    organization_id: z.uuid(),
    /** `matched`: a known organization; `created`: signed up as pending (its first admin invited). */
    outcome: z.enum(['matched', 'created']),
  }),
} as const satisfies Record<string, z.ZodType>;
