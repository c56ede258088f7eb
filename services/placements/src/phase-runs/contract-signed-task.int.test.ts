import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  outboxEvents,
  type THarness,
  type TInternshipParties,
} from '../../test/harness.ts';
import {
  dueTask,
  enterFirstPhase,
  internshipOnRun,
  publishedWorkflow,
  type TPublishedWorkflow,
} from '../../test/phase-runs.ts';

/**
 * The phases' "contract signed" task of a phase entered after the internship's contract was signed: the
 * workflow's enterPhase activity (run here as the worker runs it; the workflow treats a task done on
 * entering as any done task) completes it at once, as the student, with its event. A contract still out
 * for signing, or voided, leaves it open (placements.contract.signed completes it later).
 */
let h: THarness;
let w: TInternshipParties;
let run: TPublishedWorkflow;

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'demo');
  // A workflow whose first phase asks for the signed contract and a checklist of the student's.
  run = await publishedWorkflow(
    h,
    w.school,
    ['Contract', 'Contract'],
    'preparing',
    [
      dueTask(['Contract ondertekend', 'Contract signed'], 'school_admin', 'contract_signed', 5),
      dueTask(['Checklist', 'Checklist'], 'student', 'checklist', 5),
    ],
    'Stage met contract',
  );
  // The school's published contract template: the company, then the student.
  const template = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contract_templates',
    headers: w.school.headers,
    payload: { data: { type: 'contract_template', attributes: { name: 'Praktijkovereenkomst' } } },
  });
  expectStatus(template, 201);
  const draftId = template.json().data.attributes.draft_version_id as string;
  expectStatus(
    await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/contract_template_versions/${draftId}`,
      headers: w.school.headers,
      payload: {
        data: {
          type: 'contract_template_version',
          id: draftId,
          attributes: {
            body_nl: doc('Stage van {{student.name}}.'),
            company_fields: [],
            signers: [
              { role: 'company', order: 1 },
              { role: 'student', order: 2 },
            ],
          },
        },
      },
    }),
    200,
  );
  expectStatus(
    await call(h.app, {
      method: 'POST',
      url: `/api/v1/contract_template_versions/${draftId}/publish`,
      headers: w.school.headers,
    }),
    200,
  );
}, 120_000);
afterAll(async () => h?.close());

/** An active internship with a running phase run and a contract sent out, then voided or moved to `status` (SQL). */
async function internshipWithContract(status: 'signing' | 'signed' | 'sealed' | 'voided') {
  const internshipId = await internshipOnRun(h, w, run, {
    self_found: false,
    start_date: '2027-02-01',
    end_date: '2027-06-30',
    organization_name: 'Bakkerij',
  });
  const generated = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contracts',
    headers: w.school.headers,
    payload: {
      data: {
        type: 'contract',
        attributes: { internship_id: internshipId, student_birth_date: '2000-01-01' },
      },
    },
  });
  expectStatus(generated, 201);
  const contractId = generated.json().data.id as string;
  expectStatus(
    await call(h.app, {
      method: 'POST',
      url: `/api/v1/contracts/${contractId}/release`,
      headers: w.school.headers,
    }),
    200,
  );
  if (status === 'voided')
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/contracts/${contractId}/void`,
        headers: w.school.headers,
        payload: { data: { type: 'contract', attributes: { reason: 'Andere stageplek' } } },
      }),
      200,
    );
  else if (status !== 'signing')
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.contracts set status = ${status} where id = ${contractId}`.execute(trx),
    );
  return internshipId;
}

const enter = (internshipId: string) => enterFirstPhase(h, internshipId, run.versionId);

const taskRows = (internshipId: string) =>
  asOwner(
    h,
    'demo',
    async (trx) =>
      (
        await sql<{ id: string; kind: string; state: string; completed_by: string | null }>`
        select id, kind, state, completed_by from placements.internship_phase_tasks
        where internship_id = ${internshipId} order by position`.execute(trx)
      ).rows,
  );

describe('the "contract signed" task of a phase entered after the contract was signed', () => {
  it('is done on entering, as the student, with its event; the phase’s other tasks stay open', async () => {
    for (const status of ['signed', 'sealed'] as const) {
      const internshipId = await internshipWithContract(status);
      const entered = await enter(internshipId);
      const rows = await taskRows(internshipId);
      expect(
        rows.map((r) => [r.kind, r.state]),
        status,
      ).toEqual([
        ['contract_signed', 'done'],
        ['checklist', 'open'],
      ]);
      expect(rows[0]!.completed_by).toBe(w.student.id);
      // The workflow gets the task as done (it completes the phase with the others, as for any done task).
      expect(entered.tasks.map((t) => t.state)).toEqual(['done', 'open']);
      const events = await outboxEvents(h, 'placements.phase_task.completed', internshipId);
      expect(events.map((e) => e.data.phase_task_id)).toEqual([rows[0]!.id]);
      // Entering again (a retried activity) completes nothing twice.
      await enter(internshipId);
      expect(await outboxEvents(h, 'placements.phase_task.completed', internshipId)).toHaveLength(1);
    }
  });

  it('stays open while the contract is out for signing, or when it was voided', async () => {
    for (const status of ['signing', 'voided'] as const) {
      const internshipId = await internshipWithContract(status);
      const entered = await enter(internshipId);
      expect(
        entered.tasks.map((t) => t.state),
        status,
      ).toEqual(['open', 'open']);
      expect(await outboxEvents(h, 'placements.phase_task.completed', internshipId)).toEqual([]);
    }
  });
});
