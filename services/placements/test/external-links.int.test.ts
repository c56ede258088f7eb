import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import {
  consumeExternalLink,
  issueExternalLink,
  resolveExternalLink,
  revokeExternalLinks,
  type TIssueExternalLink,
} from '@stageplein/kit/external-links/external-links.repository';
import { requestMail } from '@stageplein/kit/mail/mail-requests';
import { freshClientAddress } from '@stageplein/testing/client-address';
import { call, expectStatus, harness, NOW, type THarness } from './harness.ts';

/**
 * External action links (kit/external-links) end to end through placements, their first user: the
 * repository functions in a use case's transaction and `GET /api/v1/action_links/current` behind the
 * route guard (rate limit, uses log), on a real PostgreSQL with RLS.
 */
let h: THarness;
const SCHEMA = 'placements';
const DAY = 86_400_000;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

/** Runs `fn` in a transaction of the app role (RLS) for a tenant, like a use case. */
const inTenant = <T>(tenant: TTenantId, fn: (trx: Kysely<unknown>) => Promise<T>) =>
  h.deps.db.transaction().execute(async (trx) => {
    await setTenant(trx, tenant);
    return fn(trx);
  });

let subjects = 0;
function issue(overrides: Partial<TIssueExternalLink> = {}) {
  const input: TIssueExternalLink = {
    tenant: 'demo',
    subject: { type: 'internship', id: `internship-${++subjects}` },
    action: 'confirm_hours',
    recipient: 'Supervisor@Example.test',
    expiresAt: new Date(NOW.getTime() + 7 * DAY),
    singleUse: false,
    createdBy: null,
    now: NOW,
    ...overrides,
  };
  return inTenant(input.tenant as TTenantId, (trx) => issueExternalLink(trx, SCHEMA, input));
}

const current = (token: string, options: { ip?: string; tenant?: string; ua?: string } = {}) =>
  call(h.app, {
    url: '/api/v1/action_links/current',
    headers: {
      'x-tenant': options.tenant ?? 'demo',
      'x-action-link': token,
      'user-agent': options.ua ?? 'vitest-supervisor',
    },
    remoteAddress: options.ip ?? freshClientAddress(),
  });

const usesOf = async (linkId: string) => {
  const { rows } = await sql<{
    outcome: string;
    ip: string;
    user_agent: string | null;
    path: string;
    at: Date;
  }>`
    select outcome, ip, user_agent, path, at from placements.external_link_uses where link_id = ${linkId} order by id`.execute(
    h.owner,
  );
  return rows;
};

const source = (ip = '10.9.9.9') => ({ ip, userAgent: 'test', method: 'POST', path: '/test', at: NOW });

describe('issuing and using a link', () => {
  it('grants exactly its subject and action; the answer and the uses log say so', async () => {
    const { token, link } = await issue({ singleUse: true });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    const ip = freshClientAddress();
    const res = await current(token, { ip, ua: 'Mozilla/5.0 (supervisor phone)' });
    expectStatus(res, 200);
    expect(res.json().data).toEqual({
      type: 'action_links',
      id: link.id,
      attributes: {
        subject_type: 'internship',
        subject_id: link.subject.id,
        action: 'confirm_hours',
        single_use: true,
        expires_at: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      },
    });
    // Reading what a link grants does not use it up.
    expectStatus(await current(token), 200);
    const uses = await usesOf(link.id);
    expect(uses).toHaveLength(2);
    expect(uses[0]).toEqual({
      outcome: 'accessed',
      ip,
      user_agent: 'Mozilla/5.0 (supervisor phone)',
      path: '/api/v1/action_links/current',
      at: NOW,
    });
  });

  it('stores only the hash: no table of the database holds the raw token, not even a mailed link', async () => {
    const { token, link } = await issue();
    await inTenant('demo', async (trx) => {
      await requestMail(trx, 'placements', h.deps.config, {
        tenant: 'demo',
        recipient: { email: 'supervisor@example.test', name: 'Sam', language: 'nl' },
        actor: null,
        template: 'external_link',
        vars: {
          purpose: { nl: 'Bevestig de uren', en: 'Confirm the hours' },
          details: null,
          expires_at: link.expiresAt.toISOString(),
        },
        link: `http://demo.localhost:3000/urenbriefje/${link.subject.id}?link=${token}`,
        now: NOW,
      });
    });
    expectStatus(await current(token), 200);
    const { rows: tables } = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(
      h.owner,
    );
    expect(tables.length).toBeGreaterThan(10);
    const holding: string[] = [];
    for (const t of tables) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`${t.schema}.${t.name}`)} x
        where position(${token} in x::text) > 0`.execute(h.owner);
      if (rows[0]!.n > 0) holding.push(`${t.schema}.${t.name}`);
    }
    expect(holding).toEqual([]);
    // What is there: the hash, and the mail request with the link sealed.
    const { rows } = await sql<{
      token_hash: string;
    }>`select token_hash from placements.external_links where id = ${link.id}`.execute(h.owner);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('refusals', () => {
  it('guessing: random and malformed tokens are unknown (401 link_invalid), and nothing is granted', async () => {
    await issue();
    const ip = freshClientAddress();
    for (let i = 0; i < 40; i++) {
      const res = await current(randomBytes(32).toString('base64url'), { ip });
      expectStatus(res, 401, 'link_invalid');
    }
    for (const bad of ['', 'x', "' or 1=1 --", 'a'.repeat(44), 'é'.repeat(43)]) {
      expectStatus(await current(bad, { ip: freshClientAddress() }), 401, 'link_invalid');
    }
    const res = await call(h.app, {
      url: '/api/v1/action_links/current',
      headers: { 'x-tenant': 'demo' },
      remoteAddress: freshClientAddress(),
    });
    expectStatus(res, 401, 'link_invalid');
  });

  it('a single-use link works once: the second use is refused, in the repository and over HTTP', async () => {
    const { token, link } = await issue({ singleUse: true });
    await inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source()));
    await expect(
      inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source())),
    ).rejects.toMatchObject({
      code: 'link_used',
    });
    await expect(
      inTenant('demo', (db) => resolveExternalLink(db, SCHEMA, { token, now: NOW })),
    ).rejects.toMatchObject({
      code: 'link_used',
    });
    expectStatus(await current(token), 410, 'link_used');
    expect((await usesOf(link.id)).map((u) => u.outcome)).toEqual(['consumed', 'refused_used']);
  });

  it('two concurrent consumers of a single-use link: exactly one wins', async () => {
    const { link } = await issue({ singleUse: true });
    const results = await Promise.allSettled([
      inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source())),
      inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source())),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('a link that is not single-use can be used again (and each use is logged)', async () => {
    const { link } = await issue({ singleUse: false });
    await inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source()));
    await inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source()));
    expect((await usesOf(link.id)).map((u) => u.outcome)).toEqual(['consumed', 'consumed']);
  });

  it('expiry: refused once expired (410 link_expired), logged as such', async () => {
    const { token, link } = await issue({
      now: new Date(NOW.getTime() - 2 * DAY),
      expiresAt: new Date(NOW.getTime() - 1),
    });
    expectStatus(await current(token), 410, 'link_expired');
    await expect(
      inTenant('demo', (trx) => consumeExternalLink(trx, SCHEMA, link, source())),
    ).rejects.toMatchObject({
      code: 'link_expired',
    });
    expect((await usesOf(link.id)).map((u) => u.outcome)).toEqual(['refused_expired']);
  });

  it('revocation: a revoked link is refused (410 link_revoked)', async () => {
    const { token, link } = await issue();
    expectStatus(await current(token), 200);
    const revoked = await inTenant('demo', (trx) =>
      revokeExternalLinks(trx, SCHEMA, { subject: link.subject, reason: 'revoked', now: NOW }),
    );
    expect(revoked).toBe(1);
    expectStatus(await current(token), 410, 'link_revoked');
  });

  it('re-issuing for the same subject, action and recipient revokes the old link; others keep theirs', async () => {
    const first = await issue();
    const other = await issue({ subject: first.link.subject, recipient: 'parent@example.test' });
    const otherAction = await issue({ subject: first.link.subject, action: 'fill_evaluation' });
    // The same recipient, whatever the case of the address.
    const second = await issue({ subject: first.link.subject, recipient: 'supervisor@example.TEST' });
    expectStatus(await current(first.token), 410, 'link_revoked');
    expectStatus(await current(second.token), 200);
    expectStatus(await current(other.token), 200);
    expectStatus(await current(otherAction.token), 200);
    const { rows } = await sql<{ revoked_reason: string }>`
      select revoked_reason from placements.external_links where id = ${first.link.id}`.execute(h.owner);
    expect(rows[0]!.revoked_reason).toBe('reissued');
  });

  it('another action or another subject is refused (link_not_allowed)', async () => {
    const { token, link } = await issue();
    const resolve = (want: Parameters<typeof resolveExternalLink>[2]) =>
      inTenant('demo', (db) => resolveExternalLink(db, SCHEMA, want));
    await expect(
      resolve({ token, action: 'confirm_hours', subject: link.subject, now: NOW }),
    ).resolves.toMatchObject({
      id: link.id,
    });
    await expect(
      resolve({ token, action: ['fill_evaluation', 'confirm_hours'], now: NOW }),
    ).resolves.toBeTruthy();
    await expect(resolve({ token, action: 'fill_evaluation', now: NOW })).rejects.toMatchObject({
      code: 'link_not_allowed',
    });
    await expect(
      resolve({ token, action: 'confirm_hours', subject: { type: 'internship', id: 'another' }, now: NOW }),
    ).rejects.toMatchObject({ code: 'link_not_allowed' });
    await expect(
      resolve({ token, subject: { type: 'hours_sheet', id: link.subject.id }, now: NOW }),
    ).rejects.toMatchObject({ code: 'link_not_allowed' });
  });

  it("another tenant's link is unknown here (401 link_invalid), and the refusal texts come in nl and en", async () => {
    const { token } = await issue({ tenant: 'demo' });
    const res = await current(token, { tenant: 'stageplein' });
    expectStatus(res, 401, 'link_invalid');
    expect(res.json().errors[0].title).toBe('Ongeldige link');
    const en = await call(h.app, {
      url: '/api/v1/action_links/current',
      headers: { 'x-tenant': 'stageplein', 'x-action-link': token, 'accept-language': 'en' },
      remoteAddress: freshClientAddress(),
    });
    expect(en.json().errors[0].title).toBe('Invalid link');
    await expect(
      inTenant('stageplein', (db) => resolveExternalLink(db, SCHEMA, { token, now: NOW })),
    ).rejects.toMatchObject({ code: 'link_invalid' });
    // And it still works where it belongs.
    expectStatus(await current(token, { tenant: 'demo' }), 200);
  });
});

describe('rate limit', () => {
  it('an address gets EXTERNAL_LINK_RATE_LIMIT requests with a link per window, then 429 with Retry-After', async () => {
    const { token } = await issue();
    const limit = h.deps.config.EXTERNAL_LINK_RATE_LIMIT;
    const ip = freshClientAddress();
    for (let i = 0; i < limit; i++) {
      // Valid and guessed tokens count alike.
      const res = await current(i % 2 ? token : randomBytes(32).toString('base64url'), { ip });
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await current(token, { ip });
    expectStatus(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expectStatus(await current(token), 200);
  });
});
