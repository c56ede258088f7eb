import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { freshDatabase } from '@stageplein/testing/harness';
import {
  as,
  credsOf,
  DEMO_PASSWORD,
  identityHarness,
  signIn,
  withOwner,
  type TIdentityHarness,
} from '../../test/identity-harness.ts';
import { identityService } from '../identity.module.ts';
import { CLASSMATE_ACCOUNTS, DEMO_ACCOUNTS, demoEmail } from './seed.ts';

let h: TIdentityHarness;
beforeAll(async () => {
  h = await identityHarness();
});
afterAll(async () => h?.close());

const EXPECTED_ROLES: Record<string, string[]> = {
  admin: ['admin School school', 'admin VolunteerCenter volunteer-center'],
  student: ['student School school'],
  mentor: ['mentor School school'],
  bedrijf: ['admin Provider provider'],
};

describe('demo seeds (embedded profile)', () => {
  it('every tenant has the four demo accounts with their roles on the deterministic organizations', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.local)).toEqual(['admin', 'student', 'mentor', 'bedrijf']);
    for (const tenant of TENANT_IDS) {
      for (const account of DEMO_ACCOUNTS) {
        const { res } = await signIn(h.app, demoEmail(account.local, tenant), DEMO_PASSWORD, tenant);
        expect(res.statusCode, `${account.local}@${tenant}`).toBe(200);
        if (tenant !== 'demo' && tenant !== 'raayland') continue;
        const me = await h.app.inject({
          url: '/api/v1/current_user?include=roles',
          headers: as(credsOf(res), tenant),
        });
        const roles = me
          .json()
          .included.map(
            (r: { attributes: { name: string; resource_type: string; resource_id: string } }) => r.attributes,
          );
        const expected = EXPECTED_ROLES[account.local]!.map((s) => {
          const [name, type, kind] = s.split(' ') as [string, string, 'school'];
          return { name, resource_type: type, resource_id: seedOrganizationId(tenant, kind) };
        });
        expect(
          roles.map(({ name, resource_type, resource_id }: Record<string, string>) => ({
            name,
            resource_type,
            resource_id,
          })),
        ).toEqual(expect.arrayContaining(expected));
        expect(roles).toHaveLength(expected.length);
      }
    }
  });

  it('every tenant has the demo student’s classmates, students of the School and nothing else', async () => {
    const rows = await withOwner(
      h,
      async (owner) =>
        (
          await sql<{ email: string; roles: string[] }>`select u.email,
              array_agg(r.name || ' ' || r.resource_type || ' ' || r.resource_id order by r.name) as roles
            from identity.users u join identity.roles r on r.user_id = u.id
            where split_part(u.email, '@', 1) in (${sql.join(CLASSMATE_ACCOUNTS.map((a) => a.local))})
            group by u.email`.execute(owner)
        ).rows,
    );
    expect(rows).toHaveLength(TENANT_IDS.length * CLASSMATE_ACCOUNTS.length);
    for (const tenant of TENANT_IDS)
      for (const account of CLASSMATE_ACCOUNTS)
        expect(rows.find((r) => r.email === demoEmail(account.local, tenant))?.roles).toEqual([
          `student School ${seedOrganizationId(tenant, 'school')}`,
        ]);
  });

  it('is idempotent: seeding again adds no user, role or event', async () => {
    const count = () =>
      withOwner(
        h,
        async (owner) =>
          (
            await sql<{ users: number; roles: number; events: number }>`select
          (select count(*)::int from identity.users) as users,
          (select count(*)::int from identity.roles) as roles,
          (select count(*)::int from identity.outbox) as events`.execute(owner)
          ).rows[0],
      );
    const before = await count();
    expect(before!.users).toBeGreaterThanOrEqual(TENANT_IDS.length * 4);
    const owner = createDb<unknown>(createPool(h.platform.ownerUrl, 2));
    try {
      for (const tenant of TENANT_IDS)
        await identityService.seedTenant!({ db: owner, today: new Date() }, tenant);
    } finally {
      await owner.destroy();
    }
    expect(await count()).toEqual(before);
  });

  it('announces the seeded users and roles through the outbox (for other services’ read models)', async () => {
    const types = await withOwner(
      h,
      async (owner) =>
        (
          await sql<{
            type: string;
            n: number;
          }>`select type, count(*)::int as n from identity.outbox group by type order by type`.execute(owner)
        ).rows,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        // The four demo accounts (the admin holds two roles) and the demo student's classmates.
        { type: 'identity.role.added', n: TENANT_IDS.length * (5 + CLASSMATE_ACCOUNTS.length) },
        { type: 'identity.user.created', n: TENANT_IDS.length * (4 + CLASSMATE_ACCOUNTS.length) },
      ]),
    );
  });

  it('seeds nothing without the embedded profile’s seed step', async () => {
    const { ownerUrl } = await freshDatabase([identityService], { seed: false });
    const owner = createDb<unknown>(createPool(ownerUrl, 1));
    try {
      expect(
        (await sql<{ n: number }>`select count(*)::int as n from identity.users`.execute(owner)).rows[0]!.n,
      ).toBe(0);
    } finally {
      await owner.destroy();
    }
  });
});
