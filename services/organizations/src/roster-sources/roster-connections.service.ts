import type { TSignedInCaller } from '@stageplein/kit/auth/caller';
import type { TConfig } from '@stageplein/kit/config/config';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TTemporalClient } from '@stageplein/kit/temporal/temporal-client';
import type { TMagisterConnectionInput } from '@stageplein/contracts/imports/roster';
import { ZMagisterConnectionInput } from '@stageplein/contracts/imports/roster';
import type { TOrganizationsConfig } from '../organizations.config.ts';
import type { TCtx } from '../shared/request.ts';
import { hostAllowed, parseAllowedHosts } from './magister.client.ts';
import {
  deleteRosterConnection,
  findMagisterConnection,
  upsertRosterConnection,
} from './roster-connections.repository.ts';
import { setRosterSchedule } from './roster-schedules.ts';
import { openSecret, sealSecret } from './roster-secret.ts';

/** MAGISTER_HOSTS of the process (organizations' config key; its default where a caller's config lacks it). */
export const magisterHosts = (config: TConfig) =>
  parseAllowedHosts((config as TConfig & Partial<TOrganizationsConfig>).MAGISTER_HOSTS ?? '.magister.net');

const invalid = (field: string) =>
  new ApiError('validation_failed', {}, { pointer: `/data/attributes/${field}` });

/**
 * Sets a school's Magister connection and its nightly schedule. The secret is sealed at rest and
 * never returned; leaving it out keeps the stored one. The address must be one of MAGISTER_HOSTS
 * (no request from our servers to an address an admin typed elsewhere).
 */
export async function saveMagisterConnection(
  ctx: TCtx,
  caller: TSignedInCaller,
  schoolId: string,
  body: TMagisterConnectionInput,
  temporal: TTemporalClient,
) {
  const parsed = ZMagisterConnectionInput.safeParse(body);
  if (!parsed.success) throw invalid(String(parsed.error.issues[0]?.path[0] ?? ''));
  const input = parsed.data;
  if (!hostAllowed(input.base_url, magisterHosts(ctx.config))) throw invalid('base_url');
  const current = await findMagisterConnection(ctx.db, schoolId);
  if (!input.client_secret && !current) throw invalid('client_secret');
  const row = await upsertRosterConnection(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    kind: 'magister',
    base_url: input.base_url,
    client_id: input.client_id,
    secret_sealed: input.client_secret
      ? sealSecret(input.client_secret, ctx.config.AUTH_TOKEN_SECRET)
      : current!.secret_sealed,
    nightly: input.nightly,
    updated_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  // In the request's transaction: a schedule Temporal refused rolls the connection back (503).
  await setRosterSchedule(temporal, { tenant: ctx.tenant.id, schoolId, nightly: input.nightly });
  return row;
}

export async function removeMagisterConnection(ctx: TCtx, schoolId: string, temporal: TTemporalClient) {
  if (!(await deleteRosterConnection(ctx.db, schoolId))) return false;
  await setRosterSchedule(temporal, { tenant: ctx.tenant.id, schoolId, nightly: false });
  return true;
}

/** The connection with its secret opened, for the import's activities only. */
export async function openMagisterConnection(ctx: Pick<TCtx, 'db' | 'config'>, schoolId: string) {
  const row = await findMagisterConnection(ctx.db, schoolId);
  if (!row) return undefined;
  return {
    baseUrl: row.base_url,
    clientId: row.client_id,
    clientSecret: openSecret(row.secret_sealed, ctx.config.AUTH_TOKEN_SECRET),
    updatedBy: row.updated_by,
  };
}
