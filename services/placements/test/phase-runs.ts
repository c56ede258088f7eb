import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import type {
  TWorkflowPhaseInput,
  TWorkflowTaskInput,
} from '@stageplein/contracts/phases/workflow-definitions';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { internshipPhasesWorkflowId } from '@stageplein/contracts/workflows/names';
import { createPhaseRunActivities, PHASE_DEFINITIONS } from '../src/phase-runs/index.ts';
import {
  asOwner,
  call,
  expectStatus,
  type THarness,
  type TInternshipParties,
  type TUser,
} from './harness.ts';

/**
 * Phase-run fixtures: the school's published workflow, an active internship on its run, the run's
 * activities as the worker composes them, and the mail they request. For placements' phase-run tests and
 * workflows' timing test (which runs the same activities on Temporal's time-skipping server).
 */

export interface TPublishedWorkflow {
  definitionId: string;
  versionId: string;
}

/** A task of the designer's, due `days` after its phase starts; `more`: its reminders, escalation, … */
export const dueTask = (
  [nl, en]: [string, string],
  actor: TWorkflowTaskInput['actor'],
  kind: TWorkflowTaskInput['kind'],
  days: number,
  more: Partial<TWorkflowTaskInput> = {},
): TWorkflowTaskInput => ({
  title: { nl, en },
  actor,
  kind,
  deadline: { from: 'phase_start', days },
  ...more,
});

/**
 * The school admin's workflow through the designer's routes, its first version published: a phase named
 * `[nl, en]` in `status` with the tasks, then a finished phase without tasks.
 */
export async function publishedWorkflow(
  h: THarness,
  school: TUser,
  [nl, en]: [string, string],
  status: TWorkflowPhaseInput['status'],
  tasks: TWorkflowTaskInput[],
  name = 'Stage',
): Promise<TPublishedWorkflow> {
  const post = (url: string, payload?: unknown) =>
    call(h.app, { method: 'POST', url, headers: school.headers, ...(payload ? { payload } : {}) });
  const phases = [
    { name: { nl, en }, status, tasks },
    { name: { nl: 'Afgerond', en: 'Finished' }, status: 'finished', tasks: [] },
  ];
  const created = await post('/api/v1/workflow_definitions', {
    data: { type: 'workflow_definition', attributes: { name, contract_type: 'contract', phases } },
  });
  expectStatus(created, 201);
  const versionId = created.json().data.attributes.draft_version_id as string;
  expectStatus(await post(`/api/v1/workflow_versions/${versionId}/publish`), 200);
  return { definitionId: created.json().data.id as string, versionId };
}

/**
 * An active internship of the parties' student at their company with its phase run running on the
 * workflow, written as activation writes them; `columns` sets more of the internship's columns.
 */
export async function internshipOnRun(
  h: THarness,
  w: Pick<TInternshipParties, 'tenant' | 'student' | 'schoolId' | 'companyId'>,
  run: TPublishedWorkflow,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  const internship: Record<string, unknown> = {
    id,
    tenant_id: w.tenant,
    student_id: w.student.id,
    school_id: w.schoolId,
    organization_id: w.companyId,
    title: 'Stage bij de bakker',
    contract_type: 'contract',
    updating_hours_allowed: false,
    status: 'active',
    created_at: sql`now()`,
    updated_at: sql`now()`,
    ...columns,
  };
  await asOwner(h, w.tenant, async (trx) => {
    await sql`insert into placements.internships (${sql.join(Object.keys(internship).map((c) => sql.ref(c)))})
      values (${sql.join(Object.values(internship))})`.execute(trx);
    await sql`insert into placements.internship_phase_runs (internship_id, tenant_id, definition_id, version_id,
        workflow_id, state, started_at)
      values (${id}, ${w.tenant}, ${run.definitionId}, ${run.versionId}, ${internshipPhasesWorkflowId(id)},
        'running', now())`.execute(trx);
  });
  return id;
}

/** The phase-run activities on the harness's database, as the worker composes them (`now`: their clock). */
export const phaseRunActivities = (h: THarness, now?: () => Date) =>
  createPhaseRunActivities({
    db: h.deps.db,
    definitions: PHASE_DEFINITIONS,
    config: h.platform.config,
    ...(now ? { now } : {}),
  });

/** The run's first phase entered by the workflow's activity (as the worker runs it); fails unless entered. */
export async function enterFirstPhase(
  h: THarness,
  internshipId: string,
  versionId: string,
  at = new Date(),
  tenant: TTenantId = 'demo',
) {
  const entered = await phaseRunActivities(h).enterPhase({
    tenant,
    internshipId,
    versionId,
    phaseIndex: 0,
    entry: 0,
    at: at.toISOString(),
  });
  if (entered.kind !== 'entered') throw new Error(`not entered: ${entered.kind}`);
  return entered;
}

/** A `placements.mail.requested` event's data. */
export interface TRequestedMail {
  recipient: { user_id?: string; email?: string };
  template: string;
  vars: { subject?: { nl: string }; body?: { nl: string } };
  link_sealed: string | null;
}

/** The mail placements requested through its outbox after `after` (its outbox seq), in order. */
export async function requestedMails(h: THarness, after = 0): Promise<(TRequestedMail & { seq: number })[]> {
  const { rows } = await sql<{ seq: string; data: TRequestedMail }>`select seq, envelope->'data' as data
    from placements.outbox where type = ${mailRequestedType('placements')} and seq > ${after} order by seq`.execute(
    h.owner,
  );
  return rows.map((r) => ({ ...r.data, seq: Number(r.seq) }));
}
