import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { DEMO_CLASSMATES, seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { organizationsService } from '../src/organizations.module.ts';
import { NOW } from './harness.ts';

// Identity seeds the classmates' accounts first (its published events name them), then organizations.
const db = seededDatabase([identityService, organizationsService]);

const memberships = async () =>
  (
    await sql<{ tenant_id: string; school_id: string; email: string; group: string; announced: number }>`
      select m.tenant_id, m.school_id, u.email, g.name as group,
        (select count(*)::int from organizations.outbox o
          where o.type = 'organizations.group_membership.changed'
            and o.envelope->'data'->>'student_id' = m.student_id::text
            and o.envelope->'data'->>'group_id' = m.group_id::text) as announced
      from organizations.group_memberships m
      join organizations.groups g on g.id = m.group_id
      join identity.users u on u.id = m.student_id
      order by m.tenant_id, u.email`.execute(db.owner)
  ).rows;

describe('seeds: the demo student’s classmates in their groups (issue #30 item 3)', () => {
  it('in every tenant, at the demo School, each classmate a student in their group, announced once', async () => {
    const rows = await memberships();
    expect(rows).toEqual(
      [...TENANT_IDS].sort().flatMap((tenant) =>
        [...DEMO_CLASSMATES]
          .sort((a, b) => a.local.localeCompare(b.local))
          .map((c) => ({
            tenant_id: tenant,
            school_id: seedOrganizationId(tenant, 'school'),
            email: `${c.local}@${tenant}.test`,
            group: c.group,
            announced: 1,
          })),
      ),
    );
    // Students of the School by identity's roles (the groups hold only the school's students).
    const roles = await sql<{ n: number }>`select count(*)::int as n from identity.roles r
      join identity.users u on u.id = r.user_id
      where r.name = 'student' and r.resource_type = 'School'
        and split_part(u.email, '@', 1) in (${sql.join(DEMO_CLASSMATES.map((c) => c.local))})`.execute(
      db.owner,
    );
    expect(roles.rows[0]!.n).toBe(TENANT_IDS.length * DEMO_CLASSMATES.length);
  });

  it('seeding again changes nothing and announces nothing', async () => {
    const rows = await memberships();
    const events = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from organizations.outbox
          where type = 'organizations.group_membership.changed'`.execute(db.owner)
      ).rows[0]!.n;
    const before = await events();
    for (const tenant of TENANT_IDS)
      await organizationsService.seedTenant!({ db: db.owner, today: NOW }, tenant);
    expect(await memberships()).toEqual(rows);
    expect(await events()).toBe(before);
  });
});
