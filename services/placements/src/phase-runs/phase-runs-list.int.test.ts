import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPhaseRunResource } from '@stageplein/contracts/placements/phase-runs';
import {
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../test/harness.ts';

/**
 * What the designers' screens read without Temporal (docs/decisions/phases.md "Runtime"): the runs of a
 * definition with their version, current phase and last logged migration (`GET /api/v1/phase_runs`),
 * and whether the caller designs (`GET /api/v1/workflow_designers/me`). A School's published definition
 * and an active internship standing in its second phase (rows as the workflow's activities write them).
 */
let h: THarness;
let w: TInternshipParties;
let admin: TUser;
let mentor: TUser;
let student: TUser;
let definitionId: string;
let versionId: string;
let internshipId: string;
let stageId: string;

const phase = (name: string, status: string, tasks: unknown[] = []) => ({
  name: { nl: name, en: name },
  status,
  tasks,
});
const TASK = { title: { nl: 'Afvinken', en: 'Tick off' }, actor: 'student', kind: 'checklist' };

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'demo');
  ({ school: admin, mentor, student } = w);
  // A published definition of the School, and Sanne's active internship running it in its second phase.
  const created = await call(h.app, {
    method: 'POST',
    url: '/api/v1/workflow_definitions',
    headers: admin.headers,
    payload: {
      data: {
        type: 'workflow_definition',
        attributes: {
          name: 'Stage',
          contract_type: 'contract',
          phases: [
            phase('Aanmelden', 'preparing', [TASK]),
            phase('Stage', 'running', [TASK]),
            phase('Klaar', 'finished'),
          ],
        },
      },
    },
  });
  expectStatus(created, 201);
  definitionId = created.json().data.id;
  const draft = created.json().data.attributes.draft_version_id as string;
  const published = await call(h.app, {
    method: 'POST',
    url: `/api/v1/workflow_versions/${draft}/publish`,
    headers: admin.headers,
  });
  expectStatus(published, 200);
  versionId = draft;
  stageId = published.json().data.attributes.phases[1].id;
  internshipId = randomUUID();
  await asOwner(h, 'demo', async (trx) => {
    await sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, updating_hours_allowed, status, created_at, updated_at, current_phase_id)
      values (${internshipId}, 'demo', ${student.id}, ${w.schoolId}, ${w.companyId}, 'Stage bij de bakker',
        'contract', false, 'active', now(), now(), ${stageId})`.execute(trx);
    await sql`insert into placements.internship_phase_runs (internship_id, tenant_id, definition_id, version_id,
        workflow_id, state, started_at)
      values (${internshipId}, 'demo', ${definitionId}, ${versionId}, ${`internship-phases-${internshipId}`},
        'running', now())`.execute(trx);
    await sql`insert into placements.internship_phases (tenant_id, internship_id, entry, version_id, phase_id,
        position, name, status, completion, state, started_at)
      values ('demo', ${internshipId}, 1, ${versionId}, ${stageId}, 1, ${JSON.stringify({ nl: 'Stage', en: 'Internship' })}::jsonb,
        'running', 'all_required', 'active', now())`.execute(trx);
  });
}, 120_000);
afterAll(async () => h?.close());

const runs = (user: TUser, definition = definitionId) =>
  call(h.app, {
    url: `/api/v1/phase_runs?filter[definition_id]=${definition}`,
    headers: user.headers,
  });
const self = (user: TUser) => call(h.app, { url: '/api/v1/workflow_designers/me', headers: user.headers });

describe('the runs of a definition, for its designers', () => {
  it('lists the school’s internships on the definition with version and current phase', async () => {
    const res = await runs(admin);
    expectStatus(res, 200);
    const rows: TPhaseRunResource[] = res.json().data;
    const listed = rows.find((r) => r.id === internshipId);
    expect(listed?.attributes).toMatchObject({
      internship_id: internshipId,
      definition_id: definitionId,
      version_id: versionId,
      version: 1,
      state: 'running',
      current_phase: { id: stageId, name: { nl: 'Stage', en: 'Internship' } },
      internship_title: 'Stage bij de bakker',
      student_name: 'Sanne de Vries',
      last_migration: null,
    });
    expect(res.json().meta.total).toBe(rows.length);
  });

  it('shows the newest logged migration with its version numbers', async () => {
    await asOwner(h, 'demo', (trx) =>
      sql`insert into placements.audit_log (tenant_id, actor_id, action, subject_type, subject_id, data, created_at)
        values ('demo', ${admin.id}, 'phase_run.migrated', 'internship', ${internshipId},
          ${JSON.stringify({ internship_id: internshipId, definition_id: definitionId, from_version_id: versionId, to_version_id: versionId })}::jsonb,
          '2026-11-20T10:00:00Z')`.execute(trx),
    );
    const listed = (await runs(admin)).json().data.find((r: TPhaseRunResource) => r.id === internshipId);
    expect(listed.attributes.last_migration).toEqual({
      at: '2026-11-20T10:00:00.000Z',
      from_version: 1,
      to_version: 1,
    });
  });

  it('refuses who does not design, hides another school’s and another tenant’s, checks its filter', async () => {
    expectStatus(await runs(mentor), 403);
    expectStatus(await runs(student), 403);
    expectStatus(await call(h.app, { url: `/api/v1/phase_runs?filter[definition_id]=${definitionId}` }), 401);
    expectStatus(await runs(w.otherSchool), 404);
    const stranger = await internshipParties(h, 'raayland');
    expectStatus(await runs(stranger.school), 404);
    expectStatus(await runs(admin, randomUUID()), 404);
    expectStatus(await call(h.app, { url: '/api/v1/phase_runs', headers: admin.headers }), 422);
    expectStatus(await runs(admin, 'not-a-uuid'), 422);
  });
});

describe('migrating to any published version', () => {
  it('lists every published version with its phases, and refuses a version lacking the current phase', async () => {
    // Version 2 drops the phase "Stage" the internship stands in.
    const draft = await call(h.app, {
      method: 'POST',
      url: `/api/v1/workflow_definitions/${definitionId}/drafts`,
      headers: admin.headers,
    });
    expectStatus(draft, 201);
    const v2 = draft.json().data.id as string;
    const phases = draft.json().data.attributes.phases as { id: string }[];
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/workflow_versions/${v2}`,
        headers: admin.headers,
        payload: {
          data: {
            type: 'workflow_version',
            id: v2,
            attributes: { phases: phases.filter((p) => p.id !== stageId) },
          },
        },
      }),
      200,
    );
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/workflow_versions/${v2}/publish`,
        headers: admin.headers,
      }),
      200,
    );
    const versions = (await runs(admin)).json().meta.versions as {
      id: string;
      version: number;
      phases: { id: string; name: { nl: string } }[];
    }[];
    expect(versions.map((v) => [v.version, v.id, v.phases.map((p) => p.name.nl)])).toEqual([
      [2, v2, ['Aanmelden', 'Klaar']],
      [1, versionId, ['Aanmelden', 'Stage', 'Klaar']],
    ]);

    // Not migrated, and the answer says how it maps: from "Stage" (position 1) to nothing. Temporal is not asked.
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/phase_migrations',
      headers: admin.headers,
      payload: {
        data: { type: 'phase_migration', attributes: { to_version_id: v2, internship_ids: [internshipId] } },
      },
    });
    expectStatus(res, 200);
    expect(res.json().data[0].attributes).toEqual({
      internship_id: internshipId,
      from_version_id: versionId,
      to_version_id: v2,
      from_phase: { id: stageId, name: { nl: 'Stage', en: 'Internship' }, position: 1 },
      to_phase: null,
      migrated: false,
      error: 'phase_migration_phase_missing',
    });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from placements.audit_log
      where action = 'phase_run.migrated' and subject_id = ${internshipId} and data->>'to_version_id' = ${v2}`.execute(
      h.owner,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('whether the caller designs', () => {
  it('answers every signed-in caller; a granted mentor learns of the grant', async () => {
    const attributes = async (user: TUser) => {
      const res = await self(user);
      expectStatus(res, 200);
      expect(res.json().data.id).toBe(user.id);
      return res.json().data.attributes;
    };
    expect(await attributes(admin)).toEqual({ school_id: w.schoolId, can_design: true, granted: false });
    expect(await attributes(mentor)).toEqual({ school_id: w.schoolId, can_design: false, granted: false });
    expect(await attributes(student)).toEqual({ school_id: w.schoolId, can_design: false, granted: false });
    expectStatus(await call(h.app, { url: '/api/v1/workflow_designers/me' }), 401);

    const granted = await call(h.app, {
      method: 'POST',
      url: '/api/v1/workflow_designers',
      headers: admin.headers,
      payload: { data: { type: 'workflow_designer', attributes: { user_id: mentor.id } } },
    });
    expectStatus(granted, 201);
    expect(await attributes(mentor)).toEqual({ school_id: w.schoolId, can_design: true, granted: true });
    expectStatus(await runs(mentor), 200);

    // A company's admin has no school: nothing to design.
    expect(await attributes(w.company)).toEqual({ school_id: null, can_design: false, granted: false });
  });
});
