import {
  isLocalHost,
  mayConfigureFederation,
  mayConfigureSchoolSso,
  normalizeBrin,
} from '@stageplein/contracts/identity/education-sso-policy';
import type {
  TEducationSsoFederationAttributes,
  TEducationSsoFederationInput,
  TEducationSsoSchoolAttributes,
  TEducationSsoSchoolInput,
} from '@stageplein/contracts/identity/education-sso-settings';
import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import { openSecret, sealSecret } from '@stageplein/kit/auth/sealed-secret';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TCtx } from '../shared/request.ts';
import type { TEducationSsoClient, TIdentityConfig } from '../identity.config.ts';
import {
  deleteFederation,
  findFederation,
  findSchoolSettings,
  replaceSchoolBrins,
  upsertFederation,
  upsertSchool,
} from './education-sso.repository.ts';

/**
 * Education single sign-on's configuration as data (docs/decisions/education-sso.md "Configuration"):
 * a school's admins register its BRIN codes and whether unknown students get an account; the tenant's
 * platform operators its registration at the federation, which overrides the installation's
 * EDUCATION_SSO. Every change is a row in identity's audit log; the client secret is sealed and never
 * returned.
 */

const SECRET_PURPOSE = 'education-sso-client-secret';

type TCtxLite = Pick<TCtx, 'db' | 'config' | 'tenant'>;

/** The installation's registration for `tenant` (its own entry, else `*`), if any. */
export const installationClientFor = (
  config: TIdentityConfig,
  tenant: string,
): TEducationSsoClient | undefined => config.EDUCATION_SSO[tenant] ?? config.EDUCATION_SSO['*'];

/** The registration serving the tenant now: its own, else the installation's. */
export async function federationClientFor(ctx: TCtxLite): Promise<TEducationSsoClient | undefined> {
  const own = await findFederation(ctx.db, ctx.tenant.id);
  if (!own) return installationClientFor(ctx.config, ctx.tenant.id);
  return {
    issuer: own.issuer,
    client_id: own.client_id,
    client_secret: openSecret(own.secret_sealed, ctx.config.AUTH_TOKEN_SECRET, SECRET_PURPOSE),
  };
}

/** Whether the tenant offers education single sign-on (a registration serves it). */
export async function educationSsoOffered(ctx: TCtxLite): Promise<boolean> {
  return (
    (await findFederation(ctx.db, ctx.tenant.id)) !== undefined ||
    installationClientFor(ctx.config, ctx.tenant.id) !== undefined
  );
}

async function audit(
  ctx: TCtx,
  caller: TSignedInCaller,
  action: string,
  subjectId: string | null,
  data: Record<string, unknown>,
) {
  await ctx.db
    .insertInto('identity.audit_log')
    .values({
      tenant_id: ctx.tenant.id,
      action,
      actor_id: caller.userId,
      impersonator_id: caller.impersonatorId ?? null,
      subject_id: subjectId,
      data,
      created_at: ctx.now,
    })
    .execute();
}

/** The school's settings, for an admin of that very School (403 for anyone else). */
export async function readSchoolSso(
  ctx: TCtx,
  caller: TSignedInCaller,
  schoolId: string,
): Promise<TEducationSsoSchoolAttributes> {
  if (!mayConfigureSchoolSso(caller.permissions, caller.current, schoolId)) throw forbidden();
  const { school, brins } = await findSchoolSettings(ctx.db, schoolId);
  return {
    brins,
    provision_students: school?.provision_students ?? false,
    updated_at: school?.updated_at.toISOString() ?? null,
  };
}

/**
 * Sets the school's BRIN codes and provisioning choice. A code another school of the tenant holds is
 * refused (409 with the code); the request's transaction then changes nothing.
 */
export async function saveSchoolSso(
  ctx: TCtx,
  caller: TSignedInCaller,
  schoolId: string,
  input: TEducationSsoSchoolInput,
): Promise<TEducationSsoSchoolAttributes> {
  const before = await readSchoolSso(ctx, caller, schoolId);
  const brins = [...new Set(input.brins.map(normalizeBrin))].sort();
  const school = await upsertSchool(ctx.db, {
    tenant_id: ctx.tenant.id,
    organization_id: schoolId,
    provision_students: input.provision_students,
    updated_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const taken = await replaceSchoolBrins(
    ctx.db,
    { tenant_id: ctx.tenant.id, organization_id: schoolId },
    brins,
    ctx.now,
  );
  if (taken.length > 0) {
    const index = brins.indexOf(taken[0]!);
    throw new ApiError(
      'education_sso_brin_taken',
      { brin: taken[0]! },
      { pointer: `/data/attributes/brins/${index}` },
    );
  }
  await audit(ctx, caller, 'education_sso.school.updated', schoolId, {
    brins: { before: before.brins, after: brins },
    provision_students: { before: before.provision_students, after: input.provision_students },
  });
  return {
    brins,
    provision_students: school.provision_students,
    updated_at: school.updated_at.toISOString(),
  };
}

/** What the API says of the tenant's registration: never the secret, only whether one is set. */
async function federationAttributes(ctx: TCtx): Promise<TEducationSsoFederationAttributes> {
  const own = await findFederation(ctx.db, ctx.tenant.id);
  if (own) {
    return {
      source: 'tenant',
      issuer: own.issuer,
      client_id: own.client_id,
      client_secret_set: own.secret_sealed.length > 0,
      updated_at: own.updated_at.toISOString(),
    };
  }
  const installation = installationClientFor(ctx.config, ctx.tenant.id);
  return installation
    ? {
        source: 'installation',
        issuer: installation.issuer,
        client_id: installation.client_id,
        client_secret_set: installation.client_secret.length > 0,
        updated_at: null,
      }
    : { source: 'none', issuer: null, client_id: null, client_secret_set: false, updated_at: null };
}

/** The tenant's registration (its id is the tenant's), for its platform operators (403 for anyone else). */
export async function readFederation(ctx: TCtx, caller: TSignedInCaller, id: string) {
  if (!mayConfigureFederation(caller.permissions, caller.current)) throw forbidden();
  if (id !== ctx.tenant.id) throw notFound();
  return federationAttributes(ctx);
}

/** Whether our servers may ask this issuer (EDUCATION_SSO_ISSUER_HOSTS; this machine outside production). */
function issuerAllowed(config: TIdentityConfig, issuer: string): boolean {
  const url = new URL(issuer);
  const host = url.hostname.toLowerCase();
  if (isLocalHost(host)) return config.NODE_ENV !== 'production';
  if (url.protocol !== 'https:') return false;
  return config.EDUCATION_SSO_ISSUER_HOSTS.some((a) =>
    a.startsWith('.') ? host.endsWith(a) && host.length > a.length : host === a,
  );
}

/**
 * Sets the tenant's own registration. The secret is required the first time; left out, the stored
 * one stays. The audit row says whether the secret changed, never what it is.
 */
export async function saveFederation(
  ctx: TCtx,
  caller: TSignedInCaller,
  id: string,
  input: TEducationSsoFederationInput,
): Promise<TEducationSsoFederationAttributes> {
  await readFederation(ctx, caller, id);
  const issuer = input.issuer.trim();
  if (!issuerAllowed(ctx.config, issuer)) {
    throw new ApiError('education_sso_issuer_invalid', {}, { pointer: '/data/attributes/issuer' });
  }
  const current = await findFederation(ctx.db, ctx.tenant.id);
  if (!input.client_secret && !current) {
    throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/client_secret' });
  }
  await upsertFederation(ctx.db, {
    tenant_id: ctx.tenant.id,
    issuer,
    client_id: input.client_id,
    secret_sealed: input.client_secret
      ? sealSecret(input.client_secret, ctx.config.AUTH_TOKEN_SECRET, SECRET_PURPOSE)
      : current!.secret_sealed,
    updated_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await audit(ctx, caller, 'education_sso.federation.updated', null, {
    issuer: { before: current?.issuer ?? null, after: issuer },
    client_id: { before: current?.client_id ?? null, after: input.client_id },
    client_secret_changed: !!input.client_secret,
  });
  return federationAttributes(ctx);
}

/** Removes the tenant's own registration (the installation's, if any, serves it again). */
export async function removeFederation(ctx: TCtx, caller: TSignedInCaller, id: string) {
  await readFederation(ctx, caller, id);
  const current = await findFederation(ctx.db, ctx.tenant.id);
  if (!current || !(await deleteFederation(ctx.db, ctx.tenant.id))) throw notFound();
  await audit(ctx, caller, 'education_sso.federation.removed', null, {
    issuer: current.issuer,
    client_id: current.client_id,
  });
}
