import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { ENTREE_SCOPE } from '@stageplein/contracts/identity/education-sso';
import type { TEducationSsoClient, TIdentityConfig } from '../identity.config.ts';

/**
 * The federation as an OpenID provider, through `openid-client` (certified relying-party library):
 * discovery once per issuer and client, the authorization request with state, nonce and PKCE (S256),
 * and the code exchange, which validates the ID token (signature, issuer, audience, expiry, nonce).
 */

/** Plain http only for a provider on this machine outside production (`npm start`'s stand-in, tests). */
function insecureAllowed(config: TIdentityConfig, issuer: string): boolean {
  const url = new URL(issuer);
  return (
    config.NODE_ENV !== 'production' &&
    url.protocol === 'http:' &&
    /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname)
  );
}

// Per parsed configuration (a test's own provider never meets another's), then per issuer and client
// (a changed secret is another client: a tenant's registration can change while the process runs).
const discovered = new WeakMap<object, Map<string, Promise<oidc.Configuration>>>();

export function federationConfiguration(
  config: TIdentityConfig,
  client: TEducationSsoClient,
): Promise<oidc.Configuration> {
  let byClient = discovered.get(config.EDUCATION_SSO);
  if (!byClient) discovered.set(config.EDUCATION_SSO, (byClient = new Map()));
  const key = `${client.issuer} ${client.client_id} ${createHash('sha256').update(client.client_secret).digest('hex')}`;
  let found = byClient.get(key);
  if (!found) {
    found = oidc.discovery(
      new URL(client.issuer),
      client.client_id,
      client.client_secret,
      oidc.ClientSecretBasic(client.client_secret),
      insecureAllowed(config, client.issuer) ? { execute: [oidc.allowInsecureRequests] } : {},
    );
    // A provider that was down is asked again next time.
    found.catch(() => byClient.delete(key));
    byClient.set(key, found);
  }
  return found;
}

export interface TAuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(
  configuration: oidc.Configuration,
  redirectUri: string,
): Promise<TAuthorizationRequest> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: ENTREE_SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, state, nonce, codeVerifier };
}

/** Why the exchange failed, as the person is told: they cancelled, or the answer is not valid for us. */
export type TExchangeFailure = 'cancelled' | 'expired';

export class ExchangeError extends Error {
  constructor(
    readonly reason: TExchangeFailure,
    cause: unknown,
  ) {
    super(reason, { cause });
  }
}

/**
 * Exchanges the callback's code (checks state, the PKCE verifier, the ID token and its nonce) and
 * returns the person's claims: the userinfo answer overlaid by the validated ID token's.
 */
export async function exchangeCode(
  configuration: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
): Promise<Record<string, unknown>> {
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(
      configuration,
      callbackUrl,
      {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      },
      { redirect_uri: expected.redirectUri },
    );
  } catch (error) {
    const code = error instanceof oidc.AuthorizationResponseError ? error.error : undefined;
    throw new ExchangeError(code === 'access_denied' ? 'cancelled' : 'expired', error);
  }
  const idToken = tokens.claims()!;
  let userinfo: Record<string, unknown> = {};
  try {
    userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  } catch {
    // The ID token alone may carry every attribute (the stand-in's does); a missing one is reported below.
  }
  return { ...userinfo, ...idToken };
}
