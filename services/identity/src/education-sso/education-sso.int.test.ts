import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startDevEntree, type TDevEntree } from '@stageplein/stack/dev-entree';
import { demoSchoolBrin } from '@stageplein/contracts/identity/education-sso';
import {
  DEMO_PASSWORD,
  credsOf,
  demoEmail,
  identityHarness,
  org,
  withOwner,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';
import { chooseAtProvider as chooseEntree } from '../../test/entree-browser.ts';

/**
 * Education single sign-on end to end against the real local stand-in for the federation (the
 * certified `oidc-provider`, started here): the client is the real `openid-client`, nothing is mocked.
 */
let h: TIdentityHarness;
let entree: TDevEntree;
beforeAll(async () => {
  entree = await startDevEntree();
  h = await identityHarness({ env: { EDUCATION_SSO: entree.configValue } });
});
afterAll(async () => {
  await h?.close();
  await entree?.stop();
});

const host = (tenant: string) => `${tenant}.localhost:3000`;
const successPage = (tenant: string) => `http://${host(tenant)}/inloggen/kennisnet/success`;

async function start(tenant: string, redirectUrl = successPage(tenant)) {
  const res = await h.app.inject({
    url: `/auth/kennisnet?redirect_url=${encodeURIComponent(redirectUrl)}`,
    headers: { host: host(tenant) },
  });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, cookie: setCookie.split(';')[0]!, location: String(res.headers.location) };
}

const chooseAtProvider = (authorizationUrl: string, identity: string) =>
  chooseEntree(entree.issuer, authorizationUrl, identity);

/** GET the callback as the browser that started (its cookie) on the tenant's host. */
const callback = (tenant: string, at: URL, cookie: string) =>
  h.app.inject({ url: `${at.pathname}${at.search}`, headers: { host: host(tenant), cookie } });

async function signInAs(tenant: string, identity: string) {
  const s = await start(tenant);
  expect(s.res.statusCode, s.res.body).toBe(302);
  const back = await chooseAtProvider(s.location, identity);
  const res = await callback(tenant, back, s.cookie);
  expect(res.statusCode, res.body).toBe(302);
  return { location: new URL(String(res.headers.location)), back, cookie: s.cookie };
}

const currentUser = (tenant: string, q: URLSearchParams) =>
  h.app.inject({
    url: '/api/v1/current_user?include=roles',
    headers: {
      'x-tenant': tenant,
      'access-token': q.get('auth_token')!,
      client: q.get('client_id')!,
      uid: q.get('uid')!,
    },
  });

const roleNames = (doc: { included?: { attributes: { name: string; resource_id: string } }[] }) =>
  (doc.included ?? []).map((r) => `${r.attributes.name}@${r.attributes.resource_id}`);

describe('education single sign-on (Entree through OpenID Connect)', () => {
  it('is offered where the federation is configured', async () => {
    const res = await h.app.inject({ url: '/api/v1/sign_in_options', headers: { 'x-tenant': 'demo' } });
    expect(res.json().data.attributes.education_sso).toBe(true);
  });

  it('starts with state, nonce and PKCE (S256) and ties the flow to the browser', async () => {
    const s = await start('demo');
    expect(s.res.statusCode).toBe(302);
    const url = new URL(s.location);
    expect(url.origin).toBe(new URL(entree.issuer).origin);
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${host('demo')}/auth/kennisnet/callback`);
    expect(String(s.res.headers['set-cookie'])).toMatch(
      /^stageplein_kennisnet=[\w-]+;.*HttpOnly; SameSite=Lax/,
    );
  });

  it('refuses a redirect to another website', async () => {
    const s = await start('demo', 'https://evil.test/inloggen/kennisnet/success');
    expect(s.res.statusCode).toBe(422);
    expect(s.res.json().errors[0].code).toBe('redirect_not_allowed');
  });

  it('gives an unknown student of a school that allows it an account, and knows them the next time', async () => {
    const first = await signInAs('demo', 'demo:nieuwe-leerling');
    expect(first.location.origin + first.location.pathname).toBe(successPage('demo'));
    for (const p of ['auth_token', 'client_id', 'uid', 'expiry'])
      expect(first.location.searchParams.get(p)).toBeTruthy();
    const me = await currentUser('demo', first.location.searchParams);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.attributes.first_name).toBe('Nina');
    expect(roleNames(me.json())).toEqual([`student@${org('demo', 'school')}`]);

    const again = await signInAs('demo', 'demo:nieuwe-leerling');
    const me2 = await currentUser('demo', again.location.searchParams);
    expect(me2.json().data.id).toBe(me.json().data.id);
  });

  it('refuses a replayed callback', async () => {
    const first = await signInAs('demo', 'demo:nieuwe-leerling');
    expect(first.location.pathname).toBe('/inloggen/kennisnet/success');
    const replay = await callback('demo', first.back, first.cookie);
    expect(replay.statusCode).toBe(302);
    expect(String(replay.headers.location)).toBe(
      `http://${host('demo')}/inloggen/kennisnet/error?error=expired`,
    );
  });

  it('refuses a callback in another browser (state not bound to its cookie) or with a forged state', async () => {
    const s = await start('demo');
    const back = await chooseAtProvider(s.location, 'demo:nieuwe-leerling');
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect(String((await callback('demo', forged, s.cookie)).headers.location)).toMatch(/error=expired$/);
    const otherBrowser = await callback('demo', back, 'stageplein_kennisnet=someone-else');
    expect(String(otherBrowser.headers.location)).toMatch(/error=expired$/);
    // The flow was spent by that attempt: its own browser cannot use it afterwards either.
    expect(String((await callback('demo', back, s.cookie)).headers.location)).toMatch(/error=expired$/);
  });

  it('refuses an ID token whose nonce is not the one the flow sent', async () => {
    const s = await start('demo');
    const back = await chooseAtProvider(s.location, 'demo:nieuwe-leerling');
    await withOwner(h, (owner) =>
      sql`update identity.education_sso_flows set nonce = 'another-nonce' where state = ${back.searchParams.get('state')}`.execute(
        owner,
      ),
    );
    const res = await callback('demo', back, s.cookie);
    expect(String(res.headers.location)).toMatch(/error=expired$/);
  });

  it('links a known staff account once, with the person confirming by its password', async () => {
    const first = await signInAs('demo', 'demo:docent');
    expect(first.location.pathname).toBe('/inloggen/kennisnet/koppelen');
    expect(first.location.searchParams.get('email')).toBe(demoEmail('mentor', 'demo'));
    const linkToken = first.location.searchParams.get('link_token')!;
    const link = (email: string, password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/auth/kennisnet/link',
        headers: { 'x-tenant': 'demo' },
        payload: { link_token: linkToken, email, password },
      });
    const wrong = await link(demoEmail('mentor', 'demo'), 'not-the-password');
    expect(wrong.json().errors[0].code).toBe('invalid_credentials');
    // An account of another organization (the provider's admin) cannot take the identity.
    const otherSchool = await link(demoEmail('bedrijf', 'demo'), DEMO_PASSWORD);
    expect(otherSchool.json().errors[0].code).toBe('education_sso_link_refused');
    const ok = await link(demoEmail('mentor', 'demo'), DEMO_PASSWORD);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(credsOf(ok).uid).toBe(demoEmail('mentor', 'demo'));
    // Used once.
    expect((await link(demoEmail('mentor', 'demo'), DEMO_PASSWORD)).json().errors[0].code).toBe(
      'token_invalid',
    );

    const next = await signInAs('demo', 'demo:docent');
    expect(next.location.pathname).toBe('/inloggen/kennisnet/success');
    const me = await currentUser('demo', next.location.searchParams);
    expect(me.json().data.attributes.email).toBe(demoEmail('mentor', 'demo'));
    expect(roleNames(me.json())).toEqual([`mentor@${org('demo', 'school')}`]);
  });

  it('asks a student whose account is known to confirm it instead of making a second one', async () => {
    const res = await signInAs('demo', 'demo:leerling');
    expect(res.location.pathname).toBe('/inloggen/kennisnet/koppelen');
    expect(res.location.searchParams.get('email')).toBe(demoEmail('student', 'demo'));
  });

  it('provisions nobody when the school does not allow it: the person may link an account they have', async () => {
    await withOwner(h, (owner) =>
      sql`update identity.education_sso_schools set provision_students = false where tenant_id = 'corderius'`.execute(
        owner,
      ),
    );
    const res = await signInAs('corderius', 'corderius:nieuwe-leerling');
    expect(res.location.pathname).toBe('/inloggen/kennisnet/koppelen');
    expect(res.location.searchParams.get('email')).toBeNull();
    const count = await withOwner(h, (owner) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from identity.education_sso_identities where tenant_id = 'corderius'`.execute(
        owner,
      ),
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  it('explains a school not on this platform, and a school that did not release its BRIN', async () => {
    const unknown = await signInAs('demo', 'demo:onbekende-school');
    expect(unknown.location.toString()).toBe(
      `http://${host('demo')}/inloggen/kennisnet/error?error=unknown_school`,
    );
    const noBrin = await signInAs('demo', 'demo:geen-brin');
    expect(noBrin.location.searchParams.get('error')).toBe('consent_missing');
    expect(noBrin.location.searchParams.get('attribute')).toBe('nlEduPersonHomeOrganizationId');
  });

  it("sends a school identity of another website's school to the wrong-website screen", async () => {
    expect(demoSchoolBrin('stageplein')).not.toBe(demoSchoolBrin('demo'));
    // The stand-in offers one identity of another tenant's school (here: stageplein's) on demo's sign-in.
    const res = await signInAs('demo', 'stageplein:nieuwe-leerling');
    expect(res.location.searchParams.get('error')).toBe('wrong_center');
    const made = await withOwner(h, (owner) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from identity.education_sso_identities where subject like '%stageplein%'`.execute(
        owner,
      ),
    );
    expect(made.rows[0]!.n).toBe(0);
  });
});
