import { createHash } from 'node:crypto';
import {
  EDUCATION_SSO_CALLBACK_PATH,
  EDUCATION_SSO_ERROR_PAGE,
  EDUCATION_SSO_LINK_PAGE,
  ENTREE_REQUIRED_CLAIMS,
  ZEntreeClaims,
  isStudentAffiliation,
  type TEducationSsoError,
  type TEntreeClaims,
} from '@stageplein/contracts/identity/education-sso';
import { SYSTEM } from '@stageplein/kit/auth/caller';
import { hashToken, randomToken } from '@stageplein/kit/auth/token-hash';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { addMinutes, type TCtx } from '../shared/request.ts';
import { isAllowedRedirect } from '../shared/urls.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { record, userSubject } from '../shared/events.ts';
import { assertMaySignIn } from '../auth/auth.service.ts';
import { issueSession, type TAuthHeaders } from '../auth/sessions.service.ts';
import { insertRole, roleEventData } from '../roles/roles.repository.ts';
import { invitedUserRow } from '../users/invited-user.ts';
import { userSnapshot } from '../users/users.service.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type TUserRow,
} from '../users/users.repository.ts';
import {
  authorizationRequest,
  exchangeCode,
  ExchangeError,
  federationConfiguration,
} from './education-sso.oidc.ts';
import { federationClientFor } from './education-sso-settings.service.ts';
import {
  closeLink,
  findFlowByState,
  findIdentity,
  findPendingLink,
  findSchoolByBrin,
  hasRoleAt,
  insertFlow,
  insertIdentity,
  isForeignBrin,
  touchIdentity,
  updateFlow,
  useFlow,
} from './education-sso.repository.ts';

/** The cookie binding a started sign-in to the browser that started it (its value's hash is stored). */
export const FLOW_COOKIE = 'stageplein_kennisnet';

/** Where the browser goes next, and a cookie to set (or clear) on the way. */
export interface TRedirect {
  location: string;
  cookie?: string;
  /** A session was issued on the way (the success page). */
  signedIn?: boolean;
}

const errorPage = (origin: string, reason: TEducationSsoError, extra: Record<string, string> = {}) =>
  `${origin}${EDUCATION_SSO_ERROR_PAGE}?${new URLSearchParams({ error: reason, ...extra }).toString()}`;

function flowCookie(origin: string, value: string, maxAgeSeconds: number): string {
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  return `${FLOW_COOKIE}=${value}; Path=/auth/kennisnet; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/**
 * GET /auth/kennisnet: starts a sign-in. `redirectUrl` (the portal's success page) must be on the
 * request's own origin or one the tenant allows; the flow remembers state, nonce and PKCE verifier, and
 * a cookie ties it to this browser.
 */
export async function startSignIn(
  ctx: TCtx,
  input: { redirectUrl: string; origin: string },
): Promise<TRedirect> {
  const target = URL.canParse(input.redirectUrl) ? new URL(input.redirectUrl) : undefined;
  if (
    !target ||
    (target.origin !== input.origin && !isAllowedRedirect(ctx.config, ctx.tenant.id, input.redirectUrl))
  ) {
    throw new ApiError('redirect_not_allowed', {}, { parameter: 'redirect_url' });
  }
  let configuration;
  try {
    // A stored secret that no longer opens (the installation's secret changed) is unavailable too.
    const client = await federationClientFor(ctx);
    if (!client) return { location: errorPage(target.origin, 'unavailable') };
    configuration = await federationConfiguration(ctx.config, client);
  } catch {
    return { location: errorPage(target.origin, 'unavailable') };
  }
  const redirectUri = `${input.origin}${EDUCATION_SSO_CALLBACK_PATH}`;
  const request = await authorizationRequest(configuration, redirectUri);
  const browser = randomToken(24);
  const minutes = ctx.config.EDUCATION_SSO_FLOW_MINUTES;
  await insertFlow(ctx.db, {
    tenant_id: ctx.tenant.id,
    state: request.state,
    browser_hash: hashToken(browser),
    nonce: request.nonce,
    code_verifier: request.codeVerifier,
    redirect_url: target.toString(),
    expires_at: addMinutes(ctx.now, minutes),
    created_at: ctx.now,
  });
  return { location: request.url.toString(), cookie: flowCookie(input.origin, browser, minutes * 60) };
}

/**
 * GET /auth/kennisnet/callback: the federation's answer. Always a redirect: to the success page with
 * the credentials, to the link confirmation, or to the error page with its reason. A flow is used once
 * (a replayed callback is refused), only by the browser that started it, before it expires.
 */
export async function finishSignIn(
  ctx: TCtx,
  input: { callbackUrl: URL; browser: string | undefined; origin: string },
): Promise<TRedirect> {
  const clear = flowCookie(input.origin, '', 0);
  const fail = (reason: TEducationSsoError, origin = input.origin, extra?: Record<string, string>) => ({
    location: errorPage(origin, reason, extra),
    cookie: clear,
  });
  const state = input.callbackUrl.searchParams.get('state');
  const flow = state ? await findFlowByState(ctx.db, state) : undefined;
  if (!flow) return fail('expired');
  const origin = new URL(flow.redirect_url).origin;
  if (!(await useFlow(ctx.db, flow.id, ctx.now))) return fail('expired', origin);
  if (flow.expires_at <= ctx.now) return fail('expired', origin);
  if (!input.browser || hashToken(input.browser) !== flow.browser_hash) return fail('expired', origin);
  let raw: Record<string, unknown>;
  try {
    const client = await federationClientFor(ctx);
    if (!client) return fail('unavailable', origin);
    raw = await exchangeCode(await federationConfiguration(ctx.config, client), input.callbackUrl, {
      state: flow.state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
      redirectUri: `${input.origin}${EDUCATION_SSO_CALLBACK_PATH}`,
    });
  } catch (error) {
    return fail(error instanceof ExchangeError ? error.reason : 'unavailable', origin);
  }
  const missing = ENTREE_REQUIRED_CLAIMS.find((claim) => raw[claim] === undefined || raw[claim] === '');
  if (missing) return fail('consent_missing', origin, { attribute: missing });
  const parsed = ZEntreeClaims.safeParse(raw);
  if (!parsed.success) return fail('consent_missing', origin);
  const claims = parsed.data;

  const school = await findSchoolByBrin(ctx.db, claims.nlEduPersonHomeOrganizationId);
  if (!school) {
    const foreign = await isForeignBrin(ctx.db, claims.nlEduPersonHomeOrganizationId);
    return fail(foreign ? 'wrong_center' : 'unknown_school', origin);
  }

  const signInAs = async (user: TUserRow): Promise<TRedirect> => {
    try {
      assertMaySignIn(ctx, user);
    } catch {
      return fail('account_inactive', origin);
    }
    const headers = await signInUser(ctx, user);
    return { location: successUrl(flow.redirect_url, headers), cookie: clear, signedIn: true };
  };

  const known = await findIdentity(ctx.db, claims.uid);
  if (known) {
    const user = await findUserById(ctx.db, known.user_id);
    if (!user) return fail('expired', origin);
    await touchIdentity(ctx.db, claims.uid, {
      last_sign_in_at: ctx.now,
      real_id: claims.nlEduPersonRealId ?? known.real_id,
      eck_id: claims.eckId ?? known.eck_id,
      affiliation: affiliationText(claims),
    });
    return signInAs(user);
  }

  // Someone we do not know by this identity yet. An account of this school with the released address
  // is linked only once its owner confirms (with its password); otherwise a student of a school that
  // allows it gets an account; anyone else may link the account they have.
  const candidate = claims.mail ? await findUserByEmail(ctx.db, claims.mail) : undefined;
  const candidateOfSchool = candidate && (await hasRoleAt(ctx.db, candidate.id, school.organization_id));
  if (!candidateOfSchool && isStudentAffiliation(claims.eduPersonAffiliation) && school.provision_students) {
    const user = await provisionStudent(ctx, school, claims);
    if (user) return signInAs(user);
  }
  const linkToken = randomToken(24);
  await updateFlow(ctx.db, flow.id, {
    link_token_hash: hashToken(linkToken),
    link_claims: claims,
    link_organization_id: school.organization_id,
    link_expires_at: addMinutes(ctx.now, ctx.config.EDUCATION_SSO_FLOW_MINUTES),
  });
  const query = new URLSearchParams({ link_token: linkToken });
  if (candidateOfSchool && candidate) query.set('email', candidate.email);
  return { location: `${origin}${EDUCATION_SSO_LINK_PAGE}?${query.toString()}`, cookie: clear };
}

/**
 * POST /auth/kennisnet/link: the person confirms that the recognised federation identity is theirs by
 * signing in once with their account at that school; from then on the federation signs them in.
 */
export async function confirmLink(
  ctx: TCtx,
  input: { link_token: string; email: string; password: string },
): Promise<{ user: TUserRow; headers: TAuthHeaders }> {
  const pending = await findPendingLink(ctx.db, hashToken(input.link_token), ctx.now);
  if (!pending?.link_claims || !pending.link_organization_id) {
    throw new ApiError('token_invalid', {}, { pointer: '/link_token' });
  }
  const user = await findUserByEmail(ctx.db, input.email);
  if (
    !(await verifyPassword(input.password, user?.encrypted_password, ctx.config.PASSWORD_SCRYPT_COST)) ||
    !user
  ) {
    throw new ApiError('invalid_credentials');
  }
  assertMaySignIn(ctx, user);
  if (!(await hasRoleAt(ctx.db, user.id, pending.link_organization_id))) {
    throw new ApiError('education_sso_link_refused');
  }
  const claims = pending.link_claims;
  const linked = await insertIdentity(
    ctx.db,
    identityRow(ctx, claims, user.id, pending.link_organization_id),
  );
  if (!linked || !(await closeLink(ctx.db, pending.id, ctx.now))) {
    throw new ApiError('education_sso_link_refused');
  }
  return { user, headers: await signInUser(ctx, user) };
}

function affiliationText(claims: TEntreeClaims): string {
  return typeof claims.eduPersonAffiliation === 'string'
    ? claims.eduPersonAffiliation
    : claims.eduPersonAffiliation.join(',');
}

function identityRow(ctx: TCtx, claims: TEntreeClaims, userId: string, organizationId: string) {
  return {
    tenant_id: ctx.tenant.id,
    subject: claims.uid,
    user_id: userId,
    organization_id: organizationId,
    real_id: claims.nlEduPersonRealId ?? null,
    eck_id: claims.eckId ?? null,
    affiliation: affiliationText(claims),
    created_at: ctx.now,
    last_sign_in_at: ctx.now,
  };
}

/**
 * A new, active student of the school, linked to the identity. Their address is the released `mail`
 * when it is free, else a stand-in nobody receives mail at (the federation releases none by default).
 */
async function provisionStudent(
  ctx: TCtx,
  school: { organization_id: string },
  claims: TEntreeClaims,
): Promise<TUserRow | undefined> {
  const base = invitedUserRow({
    tenantId: ctx.tenant.id,
    email: '',
    firstName: claims.givenName ?? null,
    lastName: claims.sn ?? null,
    locale: 'nl',
    now: ctx.now,
  });
  const standIn = `${createHash('sha256').update(`${ctx.tenant.id}:${claims.uid}`).digest('hex').slice(0, 24)}@kennisnet.invalid`;
  let user: TUserRow | undefined;
  for (const email of [claims.mail, standIn]) {
    if (!email || user) continue;
    user = await insertUser(ctx.db, { ...base, email, status: 'active', confirmed_at: ctx.now });
  }
  if (!user) return undefined;
  await record(ctx, SYSTEM, 'identity.user.created', userSubject(user.id), userSnapshot(user));
  const role = await insertRole(ctx.db, {
    tenant_id: ctx.tenant.id,
    user_id: user.id,
    name: 'student',
    resource_type: 'School',
    resource_id: school.organization_id,
    created_at: ctx.now,
  });
  if (role) await record(ctx, SYSTEM, 'identity.role.added', userSubject(user.id), roleEventData(role));
  await insertIdentity(ctx.db, identityRow(ctx, claims, user.id, school.organization_id));
  return user;
}

async function signInUser(ctx: TCtx, user: TUserRow): Promise<TAuthHeaders> {
  const signedIn = (await updateUser(ctx.db, user.id, {
    sign_in_count: user.sign_in_count + 1,
    last_sign_in_at: ctx.now,
  }))!;
  return issueSession(ctx, signedIn);
}

/** The portal's success page with the credentials of spec §3 in the query (devise_token_auth's names). */
function successUrl(redirectUrl: string, headers: TAuthHeaders): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('auth_token', headers['access-token']);
  url.searchParams.set('client_id', headers.client);
  url.searchParams.set('uid', headers.uid);
  url.searchParams.set('expiry', headers.expiry);
  return url.toString();
}
