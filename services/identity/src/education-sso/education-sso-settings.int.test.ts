import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startDevEntree, DEV_ENTREE_CLIENT, type TDevEntree } from '@stageplein/stack/dev-entree';
import { demoSchoolBrin } from '@stageplein/contracts/identity/education-sso';
import {
  as,
  demoCreds,
  identityHarness,
  org,
  withOwner,
  type TCreds,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';
import { chooseAtProvider } from '../../test/entree-browser.ts';

/**
 * Education single sign-on's configuration as data: a School's BRIN codes and provisioning choice (its
 * admins), the tenant's federation registration (its platform operators; the secret sealed, never
 * returned). The sign-in reads both: against the real local stand-in for the federation, nothing mocked.
 */
let h: TIdentityHarness;
let entree: TDevEntree;
let admin: TCreds;
beforeAll(async () => {
  entree = await startDevEntree();
  h = await identityHarness({ env: { EDUCATION_SSO: entree.configValue } });
  admin = await demoCreds(h.app, 'admin');
});
afterAll(async () => {
  await h?.close();
  await entree?.stop();
});

const school = org('demo', 'school');
const center = org('demo', 'volunteer-center');
const schoolPath = (id = school) => `/api/v1/education_sso_schools/${id}`;
const schoolBody = (brins: string[], provision = true) => ({
  data: { type: 'education_sso_school', attributes: { brins, provision_students: provision } },
});
const federationPath = '/api/v1/education_sso_federations';
const federationBody = (attributes: Record<string, unknown>) => ({
  data: { type: 'education_sso_federation', attributes },
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  lang = 'nl',
) =>
  h.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

const auditRows = (action: string) =>
  withOwner(h, async (owner) => {
    const { rows } = await sql<{
      actor_id: string | null;
      subject_id: string | null;
      data: Record<string, unknown>;
    }>`select actor_id, subject_id, data from identity.audit_log where action = ${action} order by id`.execute(
      owner,
    );
    return rows;
  });

/** The sign-in with the stand-in's identity `identity` of demo, to where it ends (location). */
async function signInAs(identity: string): Promise<URL> {
  const host = 'demo.localhost:3000';
  const start = await h.app.inject({
    url: `/auth/kennisnet?redirect_url=${encodeURIComponent(`http://${host}/inloggen/kennisnet/success`)}`,
    headers: { host },
  });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0]!;
  const location = String(start.headers.location);
  if (!location.startsWith(entree.issuer)) return new URL(location);
  const back = await chooseAtProvider(entree.issuer, location, identity);
  const res = await h.app.inject({ url: `${back.pathname}${back.search}`, headers: { host, cookie } });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(String(res.headers.location));
}

describe("a School's BRIN codes and provisioning", () => {
  it('are read and set by an admin of that School, audited', async () => {
    const read = await call('GET', schoolPath(), as(admin, 'demo', school));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.attributes).toMatchObject({
      brins: [demoSchoolBrin('demo')],
      provision_students: true,
    });

    // Lower case as the federation may send it, twice: stored once, in upper case.
    const saved = await call(
      'PUT',
      schoolPath(),
      as(admin, 'demo', school),
      schoolBody([demoSchoolBrin('demo').toLowerCase(), '23xy', '23XY'], false),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.attributes).toMatchObject({
      brins: [demoSchoolBrin('demo'), '23XY'].sort(),
      provision_students: false,
    });
    const [row] = (await auditRows('education_sso.school.updated')).slice(-1);
    expect(row).toMatchObject({
      subject_id: school,
      data: {
        brins: { before: [demoSchoolBrin('demo')], after: [demoSchoolBrin('demo'), '23XY'].sort() },
        provision_students: { before: true, after: false },
      },
    });
    expect(row!.actor_id).toBeTruthy();
  });

  it('refuses an invalid BRIN with a localized error and changes nothing', async () => {
    const before = (await call('GET', schoolPath(), as(admin, 'demo', school))).json().data.attributes;
    for (const [lang, text] of [
      ['nl', 'twee cijfers en twee letters'],
      ['en', 'two digits and two letters'],
    ] as const) {
      const res = await call(
        'PUT',
        schoolPath(),
        as(admin, 'demo', school),
        schoolBody(['12AB', 'AB12'], true),
        lang,
      );
      expect(res.statusCode, res.body).toBe(422);
      const [error] = res.json().errors;
      expect(error.source.pointer).toBe('/data/attributes/brins/1');
      expect(error.detail).toContain(text);
    }
    const after = (await call('GET', schoolPath(), as(admin, 'demo', school))).json().data.attributes;
    expect(after).toEqual(before);
  });

  it("refuses a BRIN another School of the tenant holds (409, nl/en), keeping the school's own", async () => {
    await withOwner(h, (owner) =>
      sql`insert into identity.education_sso_schools (tenant_id, organization_id, created_at, updated_at)
        values ('demo', ${org('demo', 'nonprofit')}, now(), now());
        `.execute(owner),
    );
    await withOwner(h, (owner) =>
      sql`insert into identity.education_sso_school_brins (tenant_id, brin, organization_id, created_at)
        values ('demo', '77QQ', ${org('demo', 'nonprofit')}, now())`.execute(owner),
    );
    const before = (await call('GET', schoolPath(), as(admin, 'demo', school))).json().data.attributes;
    for (const [lang, text] of [
      ['nl', 'BRIN-code 77QQ is op deze website al van een andere school'],
      ['en', 'BRIN code 77QQ is already registered for another school'],
    ] as const) {
      const res = await call('PUT', schoolPath(), as(admin, 'demo', school), schoolBody(['77qq']), lang);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors[0]).toMatchObject({
        code: 'education_sso_brin_taken',
        source: { pointer: '/data/attributes/brins/0' },
      });
      expect(res.json().errors[0].detail).toContain(text);
    }
    expect((await call('GET', schoolPath(), as(admin, 'demo', school))).json().data.attributes).toEqual(
      before,
    );
  });

  it('is refused to anyone who does not administer that School', async () => {
    const mentor = await demoCreds(h.app, 'mentor');
    const bedrijf = await demoCreds(h.app, 'bedrijf');
    const refused: [string, Record<string, string>][] = [
      ['mentor of the school', as(mentor, 'demo', school)],
      ['provider admin', as(bedrijf, 'demo', org('demo', 'provider'))],
      // The same admin acting for the centre is a platform operator, not the School's admin.
      ['admin acting for the centre', as(admin, 'demo', center)],
    ];
    for (const [who, headers] of refused) {
      expect((await call('GET', schoolPath(), headers)).statusCode, who).toBe(403);
      expect((await call('PUT', schoolPath(), headers, schoolBody(['45AB']))).statusCode, who).toBe(403);
    }
    expect((await call('GET', schoolPath(), { 'x-tenant': 'demo' })).statusCode).toBe(401);
    // Another School (here: the provider's id) is not the one the admin acts for.
    expect(
      (
        await call(
          'PUT',
          schoolPath(org('demo', 'provider')),
          as(admin, 'demo', school),
          schoolBody(['45AB']),
        )
      ).statusCode,
    ).toBe(403);
  });

  it("never reaches another tenant's School", async () => {
    const other = org('raayland', 'school');
    expect((await call('GET', schoolPath(other), as(admin, 'demo', school))).statusCode).toBe(403);
    expect(
      (await call('PUT', schoolPath(other), as(admin, 'demo', school), schoolBody(['45AB']))).statusCode,
    ).toBe(403);
    // demo's token on raayland's host is nobody there.
    expect((await call('GET', schoolPath(other), as(admin, 'raayland', other))).statusCode).toBe(401);
    const { rows } = await withOwner(h, (owner) =>
      sql<{
        brin: string;
      }>`select brin from identity.education_sso_school_brins where tenant_id = 'raayland'`.execute(owner),
    );
    expect(rows.map((r) => r.brin)).toEqual([demoSchoolBrin('raayland')]);
  });

  it('is what the sign-in reads: a changed BRIN takes effect, provisioning off makes no account', async () => {
    const put = (brins: string[], provision: boolean) =>
      call('PUT', schoolPath(), as(admin, 'demo', school), schoolBody(brins, provision));
    // The stand-in releases demoSchoolBrin('demo'); the school now has another code only.
    expect((await put(['45AB'], true)).statusCode).toBe(200);
    expect((await signInAs('demo:nieuwe-leerling')).searchParams.get('error')).toBe('unknown_school');

    // Its code again, provisioning off: the unknown student gets no account, only the link page.
    expect((await put([demoSchoolBrin('demo')], false)).statusCode).toBe(200);
    const refused = await signInAs('demo:nieuwe-leerling');
    expect(refused.pathname).toBe('/inloggen/kennisnet/koppelen');
    expect(refused.searchParams.get('email')).toBeNull();
    const identities = () =>
      withOwner(h, (owner) =>
        sql<{
          n: number;
        }>`select count(*)::int as n from identity.education_sso_identities where tenant_id = 'demo'`.execute(
          owner,
        ),
      );
    expect((await identities()).rows[0]!.n).toBe(0);

    // Provisioning on: the same person is given an account.
    expect((await put([demoSchoolBrin('demo')], true)).statusCode).toBe(200);
    expect((await signInAs('demo:nieuwe-leerling')).pathname).toBe('/inloggen/kennisnet/success');
    expect((await identities()).rows[0]!.n).toBe(1);
  });
});

describe("the tenant's federation registration", () => {
  const operator = () => as(admin, 'demo', center);

  it('shows the installation’s registration without its secret until the tenant has its own', async () => {
    const list = await call('GET', federationPath, operator());
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    const res = await call('GET', `${federationPath}/demo`, operator());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: 'demo',
      attributes: {
        source: 'installation',
        issuer: entree.issuer,
        client_id: DEV_ENTREE_CLIENT.client_id,
        client_secret_set: true,
      },
    });
    expect(res.body).not.toContain(DEV_ENTREE_CLIENT.client_secret);
  });

  it('is set by a platform operator: sealed at rest, never returned, audited, and used by the sign-in', async () => {
    const wrong = await call(
      'PUT',
      `${federationPath}/demo`,
      operator(),
      federationBody({
        issuer: entree.issuer,
        client_id: DEV_ENTREE_CLIENT.client_id,
        client_secret: 'not-it',
      }),
    );
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json().data.attributes).toMatchObject({ source: 'tenant', client_secret_set: true });
    expect(wrong.body).not.toContain('not-it');
    // The tenant's own registration serves it now: the stand-in refuses its secret.
    expect((await signInAs('demo:nieuwe-leerling')).pathname).toBe('/inloggen/kennisnet/error');

    const right = await call(
      'PUT',
      `${federationPath}/demo`,
      operator(),
      federationBody({
        issuer: entree.issuer,
        client_id: DEV_ENTREE_CLIENT.client_id,
        client_secret: DEV_ENTREE_CLIENT.client_secret,
      }),
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.body).not.toContain(DEV_ENTREE_CLIENT.client_secret);
    const shown = await call('GET', `${federationPath}/demo`, operator());
    expect(shown.body).not.toContain(DEV_ENTREE_CLIENT.client_secret);
    const stored = await withOwner(h, (owner) =>
      sql<{
        secret_sealed: string;
      }>`select secret_sealed from identity.education_sso_federations where tenant_id = 'demo'`.execute(
        owner,
      ),
    );
    expect(stored.rows[0]!.secret_sealed).not.toContain(DEV_ENTREE_CLIENT.client_secret);
    expect((await signInAs('demo:leerling')).pathname).toBe('/inloggen/kennisnet/koppelen');

    // Left out, the stored secret stays.
    const kept = await call(
      'PUT',
      `${federationPath}/demo`,
      operator(),
      federationBody({ issuer: entree.issuer, client_id: DEV_ENTREE_CLIENT.client_id }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await signInAs('demo:leerling')).pathname).toBe('/inloggen/kennisnet/koppelen');

    const rows = await auditRows('education_sso.federation.updated');
    expect(rows.map((r) => r.data.client_secret_changed)).toEqual([true, true, false]);
    expect(JSON.stringify(rows)).not.toContain(DEV_ENTREE_CLIENT.client_secret);
    expect(JSON.stringify(rows)).not.toContain('not-it');
  });

  it('refuses an issuer that is not https (except this machine), or not a federation host, in nl and en', async () => {
    const cases: [string, string][] = [
      ['http://entree.kennisnet.nl/', 'validation_failed'],
      ['https://intranet.example.org/', 'education_sso_issuer_invalid'],
      ['https://user:pw@connect.entree.kennisnet.nl/', 'validation_failed'],
      ['not a url', 'validation_failed'],
    ];
    for (const [issuer, code] of cases) {
      for (const [lang, text] of [
        ['nl', 'https-adres van de federatie'],
        ['en', 'federation’s https address'],
      ] as const) {
        const res = await call(
          'PUT',
          `${federationPath}/demo`,
          operator(),
          federationBody({ issuer, client_id: 'x', client_secret: 'y' }),
          lang,
        );
        expect(res.statusCode, `${issuer} ${res.body}`).toBe(422);
        expect(res.json().errors[0]).toMatchObject({ code, source: { pointer: '/data/attributes/issuer' } });
        expect(res.json().errors[0].detail).toContain(text);
      }
    }
    // Accepted: a federation host.
    const ok = await call(
      'PUT',
      `${federationPath}/stageplein`,
      as(await demoCreds(h.app, 'admin', 'stageplein'), 'stageplein', org('stageplein', 'volunteer-center')),
      federationBody({ issuer: 'https://connect.test.entree.kennisnet.nl/', client_id: 'sp' }),
    );
    // … but the first registration needs its secret.
    expect(ok.statusCode, ok.body).toBe(422);
    expect(ok.json().errors[0].source.pointer).toBe('/data/attributes/client_secret');
  });

  it('is refused to anyone but the platform operators, and never another tenant’s', async () => {
    const mentor = await demoCreds(h.app, 'mentor');
    for (const headers of [as(admin, 'demo', school), as(mentor, 'demo', school)]) {
      expect((await call('GET', federationPath, headers)).statusCode).toBe(403);
      expect((await call('GET', `${federationPath}/demo`, headers)).statusCode).toBe(403);
      expect(
        (
          await call(
            'PUT',
            `${federationPath}/demo`,
            headers,
            federationBody({ issuer: entree.issuer, client_id: 'x', client_secret: 'y' }),
          )
        ).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `${federationPath}/demo`, headers)).statusCode).toBe(403);
    }
    // demo's operator naming raayland's registration: not found, and raayland has none after.
    expect((await call('GET', `${federationPath}/raayland`, operator())).statusCode).toBe(404);
    expect(
      (
        await call(
          'PUT',
          `${federationPath}/raayland`,
          operator(),
          federationBody({ issuer: entree.issuer, client_id: 'x', client_secret: 'y' }),
        )
      ).statusCode,
    ).toBe(404);
    const { rows } = await withOwner(h, (owner) =>
      sql<{ n: number }>`select count(*)::int as n from identity.education_sso_federations
        where tenant_id = 'raayland'`.execute(owner),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('removed, the installation’s registration serves the tenant again', async () => {
    const res = await call('DELETE', `${federationPath}/demo`, operator());
    expect(res.statusCode, res.body).toBe(204);
    expect((await call('GET', `${federationPath}/demo`, operator())).json().data.attributes.source).toBe(
      'installation',
    );
    expect((await call('DELETE', `${federationPath}/demo`, operator())).statusCode).toBe(404);
    expect((await auditRows('education_sso.federation.removed')).length).toBe(1);
  });
});
