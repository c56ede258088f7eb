import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentService } from '@stageplein/content';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../placements.module.ts';

// Content before placements, as in the stack: its seeded assignment form is in its outbox.
const SERVICES = [identityService, organizationsService, contentService, placementsService];
const db = seededDatabase(SERVICES, { timeoutMs: 180_000 });

const seeded = async () =>
  (
    await sql<{
      tenant_id: string;
      status: string;
      form_title: string | null;
      purpose: string | null;
      internship_status: string;
      supervisor: string | null;
      tasks: { key: string; status: string }[];
    }>`
      select a.tenant_id, a.status, v.definition->'title'->>'nl' as form_title, v.purpose, i.status as internship_status,
        u.email as supervisor,
        (select json_agg(json_build_object('key', t.supervisor_key, 'status', t.status))
          from placements.assignment_tasks t where t.assignment_id = a.id) as tasks
      from placements.assignments a
      left join placements.form_versions v on v.tenant_id = a.tenant_id and v.form_id = a.form_id and v.version = a.form_version
      join placements.internships i on i.id = (a.selection->'internship_ids'->>0)::uuid
      left join identity.users u on u.id = i.supervisor_id
      order by a.tenant_id`.execute(db.owner)
  ).rows;

describe('seeds: one published assignment per tenant', () => {
  it("gives every tenant's demo running internship an open task for its supervisor, once", async () => {
    const rows = await seeded();
    expect(rows.map((r) => r.tenant_id)).toEqual(TENANT_LIST.map((t) => t.id).sort());
    for (const r of rows) {
      expect(r, r.tenant_id).toMatchObject({
        status: 'published',
        form_title: 'Opdracht praktijkbegeleider',
        purpose: 'assignment',
        internship_status: 'active',
        supervisor: `bedrijf@${r.tenant_id}.test`,
        tasks: [{ key: `bedrijf@${r.tenant_id}.test`, status: 'open' }],
      });
    }
    await db.reseed();
    expect(await seeded()).toEqual(rows);
  });
});
