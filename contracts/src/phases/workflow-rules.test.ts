import { describe, expect, it } from 'vitest';
import { ERRORS, type TErrorCode } from '../errors/error-catalogue.ts';
import { derivePermissions } from '../identity/permissions.ts';
import { translate } from '../i18n/index.ts';
import { TENANTS } from '../tenants/tenant-registry.ts';
import { ZWorkflowPhasesInput } from './workflow-definitions.ts';
import {
  availableTaskKinds,
  canDesignWorkflows,
  canGrantWorkflowDesign,
  mayDesignWorkflows,
  TASK_KIND_ACTORS,
  validateWorkflowDefinition,
  WORKFLOW_VALIDATION_CODES,
  type TWorkflowContent,
  type TWorkflowPhase,
  type TWorkflowSwitches,
  type TWorkflowTask,
} from './workflow-rules.ts';

const HOURS: TWorkflowSwitches = {
  traineeship: false,
  usesHours: true,
  evaluationForms: true,
  legacyEvaluationForm: false,
};
const CONTRACT: TWorkflowSwitches = { ...HOURS, traineeship: true, usesHours: false };

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const task = (over: Partial<TWorkflowTask> = {}): TWorkflowTask => ({
  id: uuid(),
  title: { nl: 'Taak', en: 'Task' },
  description: { nl: '', en: '' },
  actor: 'student',
  kind: 'checklist',
  required: true,
  evaluation_template_id: null,
  assignment_id: null,
  hours_target: null,
  deadline: null,
  reminder_days: [],
  escalation: { mentor_after_days: null, school_admin_after_days: null },
  ...over,
});
const phase = (over: Partial<TWorkflowPhase> = {}): TWorkflowPhase => ({
  id: uuid(),
  name: { nl: 'Fase', en: 'Phase' },
  status: 'preparing',
  completion: 'all_required',
  tasks: [task()],
  ...over,
});
const def = (phases: TWorkflowPhase[], contract_type: TWorkflowContent['contract_type'] = 'hours') => ({
  contract_type,
  phases,
});
const codes = (d: TWorkflowContent, s = HOURS) =>
  validateWorkflowDefinition(d, s).map((i) => [i.code, i.pointer]);

describe('validateWorkflowDefinition', () => {
  it('accepts a realistic definition', () => {
    const d = def([
      phase({ tasks: [task({ deadline: { from: 'phase_start', days: 7 }, reminder_days: [2, 0] })] }),
      phase({
        status: 'running',
        tasks: [
          task({ kind: 'hours', hours_target: 80, deadline: { from: 'period_end', days: 0 } }),
          task({ kind: 'approval', actor: 'mentor', required: false }),
        ],
      }),
      phase({ status: 'finished', completion: 'manual', tasks: [] }),
    ]);
    expect(validateWorkflowDefinition(d, HOURS)).toEqual([]);
  });

  it('needs a phase and the tenant’s kind of internship', () => {
    expect(codes(def([], 'contract'))).toEqual([
      ['workflow_contract_type_unavailable', '/contract_type'],
      ['workflow_no_phases', '/phases'],
    ]);
  });

  it('finds phases that can never be reached', () => {
    const stuck = phase({ completion: 'any', tasks: [] });
    expect(codes(def([stuck, phase(), phase()]))).toEqual([
      ['workflow_phase_unreachable', '/phases/1'],
      ['workflow_phase_unreachable', '/phases/2'],
    ]);
    // The last phase may be stuck: nothing follows it. A manual phase without tasks is moved by hand.
    expect(codes(def([phase({ completion: 'manual', tasks: [] }), stuck]))).toEqual([]);
    const finished = phase({ status: 'finished', tasks: [] });
    expect(codes(def([finished, phase({ status: 'finished', tasks: [] })]))).toEqual([
      ['workflow_phase_unreachable', '/phases/1'],
    ]);
    expect(validateWorkflowDefinition(def([stuck, phase()]), HOURS)[0]?.vars).toEqual({
      phase: 2,
      blocker: 1,
    });
  });

  it('keeps statuses in order and a finished phase empty', () => {
    expect(codes(def([phase({ status: 'running' }), phase({ status: 'preparing' })]))).toEqual([
      ['workflow_phase_status_order', '/phases/1/status'],
    ]);
    expect(codes(def([phase({ status: 'finished' })]))).toEqual([
      ['workflow_finished_phase_tasks', '/phases/0/tasks'],
    ]);
  });

  it('refuses duplicate ids of phases and tasks', () => {
    const t = task();
    const p = phase({ tasks: [t, { ...t }] });
    expect(codes(def([p, { ...phase(), id: p.id }]))).toEqual([
      ['workflow_duplicate_id', '/phases/0/tasks/1/id'],
      ['workflow_duplicate_id', '/phases/1/id'],
    ]);
  });

  it('allows each task kind only under the tenant’s switches', () => {
    const contract = task({ kind: 'contract_signed', actor: 'organization_contact' });
    const hours = task({ kind: 'hours', hours_target: 40 });
    const evaluation = task({ kind: 'evaluation', evaluation_template_id: uuid() });
    expect(codes(def([phase({ tasks: [contract, hours, evaluation] })]), HOURS)).toEqual([
      ['workflow_task_kind_unavailable', '/phases/0/tasks/0/kind'],
    ]);
    expect(codes(def([phase({ tasks: [contract, hours, evaluation] })], 'contract'), CONTRACT)).toEqual([
      ['workflow_task_kind_unavailable', '/phases/0/tasks/1/kind'],
    ]);
    const noForms = { ...HOURS, evaluationForms: false };
    expect(codes(def([phase({ tasks: [evaluation] })]), noForms)).toEqual([
      ['workflow_task_kind_unavailable', '/phases/0/tasks/0/kind'],
    ]);
    expect(availableTaskKinds(CONTRACT)).toEqual([
      'checklist',
      'evaluation',
      'assignment',
      'approval',
      'contract_signed',
    ]);
    expect(availableTaskKinds(noForms)).toEqual(['checklist', 'assignment', 'hours', 'approval']);
  });

  it('allows only actors who can do the kind, and needs its setting', () => {
    expect(codes(def([phase({ tasks: [task({ actor: 'supervisor' })] })]))).toEqual([
      ['workflow_task_actor_not_allowed', '/phases/0/tasks/0/actor'],
    ]);
    for (const [kind, actors] of Object.entries(TASK_KIND_ACTORS))
      expect(actors.length, kind).toBeGreaterThan(0);
    expect(
      codes(
        def([
          phase({
            tasks: [
              task({ kind: 'hours' }),
              task({ kind: 'evaluation' }),
              task({ kind: 'assignment', actor: 'supervisor' }),
            ],
          }),
        ]),
      ),
    ).toEqual([
      ['workflow_task_setting_missing', '/phases/0/tasks/0/hours_target'],
      ['workflow_task_setting_missing', '/phases/0/tasks/1/evaluation_template_id'],
      ['workflow_task_setting_missing', '/phases/0/tasks/2/assignment_id'],
    ]);
  });

  it('keeps deadlines, reminders and escalation consistent', () => {
    const escalation = { mentor_after_days: 3, school_admin_after_days: 3 };
    expect(
      codes(
        def([
          phase({
            tasks: [
              task({ reminder_days: [1], escalation }),
              task({ deadline: { from: 'phase_start', days: 3 }, reminder_days: [1, 5] }),
              task({ deadline: { from: 'period_start', days: 5 }, escalation }),
            ],
          }),
        ]),
      ),
    ).toEqual([
      ['workflow_deadline_missing', '/phases/0/tasks/0/reminder_days'],
      ['workflow_deadline_missing', '/phases/0/tasks/0/escalation'],
      ['workflow_reminder_too_early', '/phases/0/tasks/1/reminder_days/1'],
      ['workflow_escalation_order', '/phases/0/tasks/2/escalation'],
    ]);
    // A reminder before a period date may fall anywhere; escalation mentor → school admin later is fine.
    const ok = task({
      deadline: { from: 'period_start', days: 2 },
      reminder_days: [10],
      escalation: { mentor_after_days: 2, school_admin_after_days: 5 },
    });
    expect(codes(def([phase({ tasks: [ok] })]))).toEqual([]);
  });

  it('refuses a period deadline earlier than one of an earlier phase (same date)', () => {
    const at = (from: 'period_start' | 'period_end', days: number) => task({ deadline: { from, days } });
    const d = def([
      phase({ tasks: [at('period_start', 10), at('period_end', -5)] }),
      phase({ tasks: [at('period_start', 20), at('period_end', -10)] }),
      phase({ tasks: [at('period_start', 5)] }),
    ]);
    expect(codes(d)).toEqual([
      ['workflow_deadline_order', '/phases/1/tasks/1/deadline'],
      ['workflow_deadline_order', '/phases/2/tasks/0/deadline'],
    ]);
    expect(validateWorkflowDefinition(d, HOURS)[1]?.vars).toEqual({ phase: 3, task: 1, earlier: 2 });
  });

  it('has every code in the error catalogue, 422, with nl and en texts naming the positions', () => {
    for (const code of WORKFLOW_VALIDATION_CODES) {
      const known: TErrorCode = code;
      expect(ERRORS[known].status, code).toBe(422);
      for (const lang of ['nl', 'en'] as const) {
        const detail = translate(lang, ERRORS[known].detailKey, {
          phase: 2,
          task: 1,
          blocker: 1,
          earlier: 1,
        });
        expect(detail, `${code} ${lang}`).not.toMatch(/\{\{/);
      }
    }
  });

  it('checks what the wire schema parses (defaults filled in, ids given)', () => {
    const phases = ZWorkflowPhasesInput.parse([
      {
        id: uuid(),
        name: { nl: 'Aanmelden' },
        status: 'preparing',
        tasks: [{ id: uuid(), title: { nl: 'Doe' }, actor: 'student', kind: 'checklist' }],
      },
    ]);
    expect(phases[0]?.tasks[0]).toMatchObject({ required: true, reminder_days: [], deadline: null });
    expect(ZWorkflowPhasesInput.safeParse([{ name: { nl: 'x' }, status: 'bogus' }]).success).toBe(false);
    expect(
      ZWorkflowPhasesInput.safeParse([
        {
          name: { nl: 'x' },
          status: 'running',
          tasks: [
            {
              title: { nl: 'x' },
              actor: 'student',
              kind: 'checklist',
              deadline: { from: 'phase_start', days: -1 },
            },
          ],
        },
      ]).success,
    ).toBe(false);
  });
});

describe('who designs', () => {
  const school = { id: 's1', type: 'School' };
  const as = (name: string) =>
    derivePermissions([{ name, resourceType: 'School', resourceId: 's1' }], school);

  it('grants school admins, and mentors only with a grant', () => {
    expect(canDesignWorkflows(as('admin'))).toBe(true);
    expect(canDesignWorkflows(as('mentor'))).toBe(false);
    expect(canDesignWorkflows(as('mentor'), true)).toBe(true);
    expect(canDesignWorkflows(as('student'), true)).toBe(false);
    expect(canDesignWorkflows(undefined, true)).toBe(false);
    const provider = derivePermissions([{ name: 'admin', resourceType: 'Provider', resourceId: 'p' }], {
      id: 'p',
      type: 'Provider',
    });
    expect(canDesignWorkflows(provider, true)).toBe(false);
    expect(canGrantWorkflowDesign(as('admin'))).toBe(true);
    expect(canGrantWorkflowDesign(as('mentor'))).toBe(false);
  });

  it('needs the selected organization to be an approved School', () => {
    const current = { id: 's1', type: 'School', status: 'approved' } as const;
    expect(mayDesignWorkflows(as('admin'), current)).toBe(true);
    expect(mayDesignWorkflows(as('mentor'), current, true)).toBe(true);
    expect(mayDesignWorkflows(as('mentor'), current)).toBe(false);
    expect(mayDesignWorkflows(as('admin'), { ...current, status: 'pending' })).toBe(false);
    expect(mayDesignWorkflows(as('admin'), { ...current, type: 'VolunteerCenter' })).toBe(false);
    expect(mayDesignWorkflows(as('admin'), null)).toBe(false);
  });

  it('is possible on every tenant for its own kind of internship', () => {
    for (const tenant of Object.values(TENANTS)) {
      const kinds = availableTaskKinds(tenant.features);
      expect(kinds.includes('contract_signed'), tenant.id).toBe(tenant.features.traineeship);
      expect(kinds.includes('hours'), tenant.id).toBe(tenant.features.usesHours);
    }
  });
});
