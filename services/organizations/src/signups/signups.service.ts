import type { TOrganizationSignupAttributes } from '@stageplein/contracts/organizations/organizations';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { recordAudit } from '../audit-log/audit-log.repository.ts';
import {
  lockOrganizationCreation,
  type TOrganizationRow,
} from '../organizations/organizations.repository.ts';
import { ANONYMOUS } from '@stageplein/kit/auth/caller';
import { insertChecked, snapshotOf } from '../organizations/organizations.service.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { findLiveSignupByEmail, insertSignup } from './signups.repository.ts';

/**
 * Public self-registration: a pending organization, the applicant kept for the approval queue, and
 * `signed_up`, on which identity invites the applicant as the organization's first admin. All in the
 * request's transaction, so a failed signup leaves neither an organization nor an invitation.
 */
export async function signUp(ctx: TCtx, input: TOrganizationSignupAttributes): Promise<TOrganizationRow> {
  const { organization_type, admin_email, admin_first_name, admin_last_name, locale, ...profile } = input;
  const email = admin_email.trim().toLowerCase();
  // Under the tenant's creation lock, so two racing signups see each other.
  await lockOrganizationCreation(ctx.db, ctx.tenant.id);
  if (await findLiveSignupByEmail(ctx.db, email)) {
    throw new ApiError('signup_duplicate', {}, { pointer: '/data/attributes/admin_email' });
  }
  const o = await insertChecked(ctx, { type: organization_type, status: 'pending', profile });
  const applicant = { admin_email: email, admin_first_name, admin_last_name, locale: locale ?? ctx.lang };
  await insertSignup(ctx.db, {
    organization_id: o.id,
    tenant_id: ctx.tenant.id,
    ...applicant,
    created_at: ctx.now,
  });
  await recordAudit(ctx.db, {
    tenant_id: ctx.tenant.id,
    actor_id: null,
    action: 'organization.signed_up',
    subject_type: 'organization',
    subject_id: o.id,
    after_status: 'pending',
    data: { admin_email: email },
    created_at: ctx.now,
  });
  await record(
    ctx,
    ANONYMOUS,
    'organizations.organization.signed_up',
    { type: 'organization', id: o.id },
    {
      ...snapshotOf(o),
      first_admin: {
        email,
        first_name: admin_first_name,
        last_name: admin_last_name,
        locale: applicant.locale,
      },
    },
  );
  return o;
}
