import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentService } from '@stageplein/content';
import { identityService } from '@stageplein/identity';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import { seededDatabase } from '@stageplein/testing/seeded-database';
import { placementsService } from '../placements.module.ts';

// Content before placements, as in the stack: its seeds publish the evaluation forms placements reads.
const SERVICES = [identityService, organizationsService, contentService, placementsService];
const db = seededDatabase(SERVICES, { timeoutMs: 180_000 });

const seeded = async () =>
  (
    await sql<{
      tenant_id: string;
      name: string;
      roles: Record<string, { form_id: string | null; weight: number }>;
      parts: { role: string; state: string; score: number | null }[] | null;
      supervisor: string | null;
    }>`
      select t.tenant_id, t.name, t.roles,
        (select json_agg(json_build_object('role', r.role, 'state', r.state, 'score', r.score) order by r.role)
          from placements.evaluations e join placements.evaluation_responses r on r.evaluation_id = e.id
          where e.template_id = t.id) as parts,
        (select u.email from placements.evaluations e join placements.internships i on i.id = e.internship_id
          join identity.users u on u.id = i.supervisor_id where e.template_id = t.id) as supervisor
      from placements.evaluation_templates t where t.scope_kind = 'internship_period' order by t.tenant_id`.execute(
      db.owner,
    )
  ).rows;

describe('seeds: an evaluation template and a partly filled evaluation where the switch is on', () => {
  it('every evaluation tenant has one (the legacy form on legacy tenants), the others none; idempotent', async () => {
    const rows = await seeded();
    expect(rows.map((r) => r.tenant_id)).toEqual(
      TENANT_LIST.filter((t) => t.features.evaluationForms)
        .map((t) => t.id)
        .sort(),
    );
    for (const tenant of TENANT_LIST.filter((t) => t.features.evaluationForms)) {
      const row = rows.find((r) => r.tenant_id === tenant.id)!;
      expect(row.name).toBe('Eindevaluatie stage');
      expect(Object.keys(row.roles).sort(), tenant.id).toEqual(['mentor', 'student', 'supervisor']);
      for (const config of Object.values(row.roles))
        expect(config.form_id === null, tenant.id).toBe(tenant.features.legacyEvaluationForm);
      expect(row.roles.supervisor!.weight).toBe(2);
      // The mentor's part is sent (scored), the student's and the supervisor's are open.
      expect(row.parts!.map((p) => [p.role, p.state])).toEqual([
        ['mentor', 'submitted'],
        ['student', 'open'],
        ['supervisor', 'open'],
      ]);
      expect(row.parts![0]!.score).toBeGreaterThan(0);
      expect(row.supervisor).toBe(`bedrijf@${tenant.id}.test`);
    }
    await db.reseed();
    expect(await seeded()).toEqual(rows);
  });
});

describe('seeds: the default workflow’s evaluation phase asks the evaluation (docs/decisions/phases.md)', () => {
  it('names a phase template with the period template’s forms where the switch is on, a talk elsewhere', async () => {
    const { rows } = await sql<{
      tenant_id: string;
      kinds: string[];
      template_roles: unknown;
      period_roles: unknown;
      scope_ok: boolean;
    }>`
      select d.tenant_id,
        (select array_agg(t->>'kind' order by n) from jsonb_array_elements(p->'tasks') with ordinality as e(t, n)) as kinds,
        et.roles as template_roles,
        (select pt.roles from placements.evaluation_templates pt
          where pt.tenant_id = d.tenant_id and pt.scope_kind = 'internship_period') as period_roles,
        et.scope_id::text = p->>'id' as scope_ok
      from placements.workflow_definitions d
      join placements.workflow_versions v on v.definition_id = d.id and v.state = 'published',
        jsonb_array_elements(v.phases) as p
      left join placements.evaluation_templates et
        on et.id::text = (select t->>'evaluation_template_id' from jsonb_array_elements(p->'tasks') t
          where t->>'kind' = 'evaluation' limit 1)
      where p->'name'->>'nl' = 'Evaluatie' order by d.tenant_id`.execute(db.owner);
    expect(rows.map((r) => r.tenant_id)).toEqual(TENANT_LIST.map((t) => t.id).sort());
    for (const tenant of TENANT_LIST) {
      const row = rows.find((r) => r.tenant_id === tenant.id)!;
      if (tenant.features.evaluationForms) {
        expect(row.kinds, tenant.id).toEqual(['evaluation', 'evaluation', 'evaluation', 'approval']);
        expect(row.scope_ok, tenant.id).toBe(true);
        expect(row.template_roles, tenant.id).toEqual(row.period_roles);
      } else {
        expect(row.kinds, tenant.id).toEqual(['checklist', 'checklist', 'approval']);
        expect(row.template_roles).toBeNull();
      }
    }
  });
});
