import { z } from 'zod';
import type { TTenant } from '../tenants/tenant.types.ts';
import { ZInternshipStatus } from './internships.ts';
import { zDate } from '../validation/dates.ts';
import {
  FIELD_RULE_MESSAGES,
  ZDutchPostcode,
  ZPhoneNumberInput,
  isEndBeforeStart,
  zHttpUrl,
} from '../validation/field-rules.ts';

/**
 * Self-found internships (issue #16 item 4, docs/decisions/self-found-and-bulk-messages.md): a
 * student enters an internship they arranged themselves; the school approves or rejects it. Wire
 * schemas and the pure rules both ends apply.
 */

/** Spec §1: "Students may submit self-found internships". The server refuses where it is off. */
export const selfFoundAllowed = (tenant: Pick<TTenant, 'features'>): boolean =>
  tenant.features.selfFoundInternships;

const ZText = (max: number) => z.string().trim().min(1).max(max);
const ZHttpUrl = zHttpUrl(1000);

/**
 * What the student enters. The organization's postcode is asked besides address and city because
 * organizations' signup (which an approval of an unknown organization goes through) needs it.
 */
export const ZSelfFoundAttributes = z
  .object({
    title: ZText(200),
    description: z.string().trim().max(5000).nullable().optional(),
    start_date: zDate(),
    end_date: zDate(),
    organization_name: ZText(200),
    organization_address: ZText(200),
    organization_postcode: ZDutchPostcode,
    organization_city: ZText(100),
    organization_website: z
      .union([z.literal(''), ZHttpUrl])
      .nullable()
      .optional(),
    contact_name: ZText(200),
    contact_email: z.email().max(254),
    contact_phone: ZPhoneNumberInput.nullable().optional(),
  })
  .strict()
  .refine((v) => !isEndBeforeStart(v.start_date, v.end_date), {
    path: ['end_date'],
    params: { i18nKey: FIELD_RULE_MESSAGES.endBeforeStart },
  });
export type TSelfFoundAttributes = z.infer<typeof ZSelfFoundAttributes>;

export const ZSelfFoundBody = z.object({
  data: z.object({
    type: z.enum(['self_found_internship', 'self_found_internships', 'internship', 'internships']),
    attributes: ZSelfFoundAttributes,
  }),
});

/** Where the organization of an approved self-found internship stands (organizations decides). */
export const SELF_FOUND_ORGANIZATION_STATES = ['unresolved', 'requested', 'matched', 'created'] as const;
export type TSelfFoundOrganizationState = (typeof SELF_FOUND_ORGANIZATION_STATES)[number];

/**
 * A self-found internship as its student and school see it (`POST /api/v1/internships/self_found`,
 * `GET /api/v1/internships/{id}/self_found`): the internship's facts with what only self-found ones
 * have (the organization's address) and how far resolving its organization got.
 */
export const ZSelfFoundResource = z.object({
  type: z.literal('self_found_internship'),
  id: z.uuid(),
  attributes: z.object({
    internship_id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    organization_name: z.string().nullable(),
    organization_address: z.string(),
    organization_postcode: z.string(),
    organization_city: z.string(),
    organization_website: z.string().nullable(),
    contact_name: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone_number: z.string().nullable(),
    /** The internship's status: `submitted` until the school approves or rejects it. */
    status: ZInternshipStatus,
    /** The school's reason for a rejection (the internship's `status_reason`). */
    status_reason: z.string().nullable(),
    organization_state: z.enum(SELF_FOUND_ORGANIZATION_STATES),
    organization_id: z.uuid().nullable(),
    created_at: z.string(),
  }),
});
export type TSelfFoundResource = z.infer<typeof ZSelfFoundResource>;
export const ZSelfFoundDocument = z.object({ data: ZSelfFoundResource });

// ---------------------------------------------------------------------------------------------
// Matching an entered organization to a known one (organizations applies it on approval)
// ---------------------------------------------------------------------------------------------

/** Case, accents, punctuation and spacing free: "Zorgcentrum  De Linde B.V." = "zorgcentrum de linde bv". */
export function normalizedName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The host of a website without `www.`: `https://www.linde.nl/stage` → `linde.nl`; null when none. */
export function websiteHost(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const host = new URL(value.trim()).hostname.toLowerCase().replace(/^www\./, '');
    return host || null;
  } catch {
    return null;
  }
}

export interface TOrganizationMatchFacts {
  name: string;
  city: string | null;
  website: string | null;
}

/**
 * An entered organization is a known one when the normalized name and the city are equal, or the
 * website hosts are (a chain's branches share a name in several cities; a website is one organization).
 */
export function sameOrganization(entered: TOrganizationMatchFacts, known: TOrganizationMatchFacts): boolean {
  const host = websiteHost(entered.website);
  if (host && host === websiteHost(known.website)) return true;
  return (
    normalizedName(entered.name) === normalizedName(known.name) &&
    !!entered.city &&
    !!known.city &&
    normalizedName(entered.city) === normalizedName(known.city)
  );
}

/** First word as first name, the rest as last name (signup wants both; one word fills both). */
export function splitContactName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/);
  const first = words[0] ?? name;
  return { first_name: first, last_name: words.length > 1 ? words.slice(1).join(' ') : first };
}
