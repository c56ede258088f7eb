import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { maySubmitSelfFound } from '@stageplein/contracts/placements/internship-policy';
import { selfFoundAllowed, type TSelfFoundAttributes } from '@stageplein/contracts/placements/self-found';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { createInternships, readableInternship, snapshotOf } from '../internships.service.ts';
import { findInternshipView, updateInternship, type TInternshipRow } from '../internships.repository.ts';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import { SYSTEM, type TCtx } from '../../shared/request.ts';
import {
  findSelfFound,
  insertSelfFound,
  updateSelfFound,
  type TSelfFoundRow,
} from './self-found.repository.ts';

/**
 * Self-found internships (docs/decisions/self-found-and-bulk-messages.md): the student submits one
 * (an internship in `submitted` through internships' `createInternships`, plus the organization's
 * address kept here); the school approves or rejects it with the internships' own transitions; an
 * approval asks organizations for the organization (`self_found_approved`), whose answer links it.
 */
export async function submitSelfFound(
  ctx: TCtx,
  caller: TCaller,
  input: TSelfFoundAttributes,
): Promise<{ internship: TInternshipRow; details: TSelfFoundRow }> {
  if (!caller.userId) throw unauthorized();
  // The switch first: where the tenant has none, nobody may, whatever their role.
  if (!selfFoundAllowed(ctx.tenant)) throw new ApiError('self_found_unavailable');
  if (!maySubmitSelfFound(caller.permissions, caller.current, ctx.tenant.features) || !caller.current)
    throw forbidden();
  const [internship] = await createInternships(ctx, caller, {
    schoolId: caller.current.id,
    status: 'submitted',
    items: [
      {
        student_id: caller.userId,
        organization_id: null,
        title: input.title,
        description: input.description ?? null,
        start_date: input.start_date,
        end_date: input.end_date,
        organization_name: input.organization_name,
        contact_name: input.contact_name,
        contact_email: input.contact_email.trim().toLowerCase(),
        contact_phone_number: input.contact_phone || null,
      },
    ],
  });
  const details: TSelfFoundRow = {
    internship_id: internship!.id,
    tenant_id: ctx.tenant.id,
    organization_address: input.organization_address,
    organization_postcode: input.organization_postcode.toUpperCase(),
    organization_city: input.organization_city,
    organization_website: input.organization_website || null,
    locale: ctx.lang ?? 'nl',
    organization_state: 'unresolved',
    created_at: ctx.now,
  };
  await insertSelfFound(ctx.db, details);
  return { internship: internship!, details };
}

/** The self-found details of an internship the caller may read (404 otherwise, or when not self-found). */
export async function readSelfFound(ctx: TCtx, caller: TCaller, internshipId: string) {
  const { row } = await readableInternship(ctx, caller, internshipId);
  const details = row.self_found ? await findSelfFound(ctx.db, internshipId) : undefined;
  if (!details) throw notFound();
  return { internship: row, details };
}

type TApproved = TEventPayload<'placements.internship.approved'>;

/**
 * The school approved a self-found internship (`placements.internship.approved`): ask organizations
 * which organization it is, once. One already linked (the school set it) needs no asking.
 */
export async function requestSelfFoundOrganization(ctx: TCtx, approved: TApproved): Promise<void> {
  if (!approved.self_found) return;
  const details = await findSelfFound(ctx.db, approved.internship_id, { forUpdate: true });
  const internship = await findInternshipView(ctx.db, approved.internship_id);
  if (!details || !internship || details.organization_state !== 'unresolved') return;
  // Without a contact address there is nobody to invite: the organization stays unresolved.
  if (!internship.contact_email) return;
  await updateSelfFound(ctx.db, details.internship_id, { organization_state: 'requested' });
  await record(
    ctx,
    SYSTEM,
    'placements.internship.self_found_approved',
    { type: 'internship', id: internship.id },
    {
      internship_id: internship.id,
      school_id: internship.school_id,
      student_id: internship.student_id,
      organization_id: internship.organization_id,
      organization: {
        name: internship.organization_name ?? internship.title,
        address: details.organization_address,
        postcode: details.organization_postcode,
        city: details.organization_city,
        website: details.organization_website,
      },
      contact: {
        name: internship.contact_name ?? internship.organization_name ?? internship.title,
        email: internship.contact_email,
        phone: internship.contact_phone_number,
        locale: details.locale,
      },
    },
  );
}

type TResolved = TEventPayload<'organizations.self_found_organization.resolved'>;

/**
 * Organizations found or signed up the organization: the internship links to it (unless the school
 * linked another meanwhile) with an `updated` event, and the details say how it was resolved.
 */
export async function linkSelfFoundOrganization(ctx: TCtx, resolved: TResolved): Promise<void> {
  const details = await findSelfFound(ctx.db, resolved.internship_id, { forUpdate: true });
  const internship = await findInternshipView(ctx.db, resolved.internship_id);
  if (!details || !internship) return;
  await updateSelfFound(ctx.db, details.internship_id, { organization_state: resolved.outcome });
  if (internship.organization_id) return;
  await updateInternship(ctx.db, internship.id, {
    organization_id: resolved.organization_id,
    updated_at: ctx.now,
  });
  const updated = (await findInternshipView(ctx.db, internship.id))!;
  await record(
    ctx,
    SYSTEM,
    'placements.internship.updated',
    { type: 'internship', id: updated.id },
    snapshotOf(updated),
  );
}
