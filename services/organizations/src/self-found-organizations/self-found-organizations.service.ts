import { SYSTEM } from '@stageplein/kit/auth/caller';
import { sql } from 'kysely';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { sameOrganization, splitContactName, websiteHost } from '@stageplein/contracts/placements/self-found';
import { ApiError } from '@stageplein/kit/errors/api-error';
import {
  findByNameAndPostcode,
  lockOrganizationCreation,
} from '../organizations/organizations.repository.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { signUp } from '../signups/signups.service.ts';
import { findLiveSignupByEmail } from '../signups/signups.repository.ts';

type TApproved = TEventPayload<'placements.internship.self_found_approved'>;

/**
 * The organization of an approved self-found internship (docs/decisions/self-found-and-bulk-messages.md):
 * a known one (pending or approved; same normalized name and city, same website host, or what signup
 * would call a duplicate: same name and postcode) or else a new pending organization through the public
 * signup's use case, which has identity invite the contact as its first admin. Either way
 * `organizations.self_found_organization.resolved` tells placements which one it is.
 */
export async function resolveSelfFoundOrganization(ctx: TCtx, input: TApproved): Promise<void> {
  const answer = (organizationId: string, outcome: 'matched' | 'created') =>
    record(
      ctx,
      SYSTEM,
      'organizations.self_found_organization.resolved',
      { type: 'internship', id: input.internship_id },
      {
        internship_id: input.internship_id,
        organization_id: organizationId,
        outcome,
      },
    );
  if (input.organization_id) return answer(input.organization_id, 'matched');

  // Under the tenant's creation lock, so a signup racing this one sees it (and the other way round).
  await lockOrganizationCreation(ctx.db, ctx.tenant.id);
  const known = await findKnown(ctx, input.organization);
  if (known) return answer(known, 'matched');

  const contact = splitContactName(input.contact.name);
  try {
    const o = await signUp(ctx, {
      // Traineeship tenants' internships are at companies (Provider); the others' social
      // internships at non-profits. A moderator can change the type while approving.
      organization_type: ctx.tenant.features.traineeship ? 'Provider' : 'NonProfit',
      name: input.organization.name,
      address: input.organization.address,
      postcode: input.organization.postcode,
      city: input.organization.city,
      website: input.organization.website,
      phone: input.contact.phone,
      email: input.contact.email,
      admin_email: input.contact.email,
      admin_first_name: contact.first_name,
      admin_last_name: contact.last_name,
      locale: input.contact.locale,
    });
    return answer(o.id, 'created');
  } catch (error) {
    // The contact already applied for an organization that is pending or approved: that is where
    // they work, so the internship joins it (signUp refused before writing anything).
    if (error instanceof ApiError && error.code === 'signup_duplicate') {
      const live = await findLiveSignupByEmail(ctx.db, input.contact.email);
      if (live) return answer(live.organization_id, 'matched');
    }
    throw error;
  }
}

async function findKnown(ctx: TCtx, entered: TApproved['organization']): Promise<string | null> {
  const duplicate = await findByNameAndPostcode(ctx.db, entered.name, entered.postcode);
  if (duplicate) return duplicate.id;
  const host = websiteHost(entered.website);
  const candidates = await ctx.db
    .selectFrom('organizations.organizations')
    .select(['id', 'name', 'city', 'website'])
    .where('status', 'in', ['pending', 'approved'])
    .where('type', 'in', ['Provider', 'NonProfit'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(btrim(city))`, '=', entered.city.trim().toLowerCase()),
        ...(host ? [eb('website', 'ilike', `%${host.replace(/[\\%_]/g, '\\$&')}%`)] : []),
      ]),
    )
    .orderBy('created_at')
    .execute();
  const match = candidates.find((c) =>
    sameOrganization({ name: entered.name, city: entered.city, website: entered.website }, c),
  );
  return match?.id ?? null;
}
