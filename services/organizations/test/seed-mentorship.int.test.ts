import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { identityService } from '@stageplein/identity';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { organizationsService } from '../src/organizations.module.ts';
import { NOW } from './harness.ts';

// Identity seeds the demo accounts first (its published events name them), then organizations.
const db = seededDatabase([identityService, organizationsService]);

const mentorships = async () =>
  (
    await sql<{ tenant_id: string; school_id: string; mentor: string; student: string; announced: boolean }>`
      select m.tenant_id, m.school_id, mu.email as mentor, su.email as student,
        exists (select 1 from organizations.outbox o where o.type = 'organizations.mentorship.added'
          and o.envelope->'data'->>'mentorship_id' = m.id::text) as announced
      from organizations.mentorships m
      join identity.users mu on mu.id = m.mentor_id
      join identity.users su on su.id = m.student_id
      order by m.tenant_id`.execute(db.owner)
  ).rows;

describe('seeds: the demo mentor mentors the demo student', () => {
  it('in every tenant, at the demo School, announced once and idempotently', async () => {
    const rows = await mentorships();
    expect(rows).toEqual(
      [...TENANT_IDS].sort().map((tenant) => ({
        tenant_id: tenant,
        school_id: seedOrganizationId(tenant, 'school'),
        mentor: `mentor@${tenant}.test`,
        student: `student@${tenant}.test`,
        announced: true,
      })),
    );
    const events = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from organizations.outbox
          where type = 'organizations.mentorship.added'`.execute(db.owner)
      ).rows[0]!.n;
    const before = await events();
    for (const tenant of TENANT_IDS)
      await organizationsService.seedTenant!({ db: db.owner, today: NOW }, tenant);
    expect(await mentorships()).toEqual(rows);
    expect(await events()).toBe(before);
  });
});
