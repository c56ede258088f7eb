import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import type {
  TTaskActor,
  TTaskDeadline,
  TTaskEscalation,
  TTaskKind,
  TWorkflowContent,
  TWorkflowPhase,
  TWorkflowTask,
  TWorkflowText,
} from '@stageplein/contracts/phases/workflow-rules';
import { contractTypeFor } from '@stageplein/contracts/placements/internships';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';

/**
 * The default workflow every tenant's School is seeded with (docs/decisions/phases.md "Seeds"): hours
 * tenants *aanmelden → akkoord school → uren maken → evaluatie → afgerond*, contract tenants *aanmelden
 * → contract → stage → evaluatie → afgerond*. Ids are name-based (uuid v5 of tenant and key), so a
 * second seeding finds the same definition and phase ids stay the same across starts.
 */

export const seedWorkflowId = (tenant: string, key: string) =>
  uuidV5(`${tenant}:workflow:${key}`, SEED_NAMESPACE);

interface TTaskSeed {
  key: string;
  title: TWorkflowText;
  actor: TTaskActor;
  kind: TTaskKind;
  required?: boolean;
  deadline?: TTaskDeadline;
  reminders?: number[];
  escalation?: Partial<TTaskEscalation>;
  hours?: number;
  evaluation?: boolean;
}

const ESCALATE = { mentor_after_days: 3, school_admin_after_days: 7 };

function task(tenant: string, phaseKey: string, seed: TTaskSeed, templateId: string | null): TWorkflowTask {
  return {
    id: seedWorkflowId(tenant, `${phaseKey}:${seed.key}`),
    title: seed.title,
    description: { nl: '', en: '' },
    actor: seed.actor,
    kind: seed.kind,
    required: seed.required ?? true,
    evaluation_template_id: seed.evaluation ? templateId : null,
    assignment_id: null,
    hours_target: seed.hours ?? null,
    deadline: seed.deadline ?? null,
    reminder_days: seed.reminders ?? [],
    escalation: { mentor_after_days: null, school_admin_after_days: null, ...seed.escalation },
  };
}

const APPLY: TTaskSeed[] = [
  {
    key: 'place',
    title: {
      nl: 'Stageplek en praktijkbegeleider doorgeven',
      en: 'Pass on the placement and workplace supervisor',
    },
    actor: 'student',
    kind: 'checklist',
    deadline: { from: 'phase_start', days: 7 },
    reminders: [2],
    escalation: ESCALATE,
  },
  {
    key: 'plan',
    title: { nl: 'Stageplan besproken met de student', en: 'Internship plan discussed with the student' },
    actor: 'mentor',
    kind: 'checklist',
    deadline: { from: 'phase_start', days: 10 },
    reminders: [2],
  },
];

const EVALUATE_FORMS: TTaskSeed[] = [
  {
    key: 'student',
    title: { nl: 'Evaluatie invullen (student)', en: 'Fill in the evaluation (student)' },
    actor: 'student',
    kind: 'evaluation',
    evaluation: true,
    deadline: { from: 'phase_start', days: 14 },
    reminders: [7, 2],
    escalation: ESCALATE,
  },
  {
    key: 'supervisor',
    title: {
      nl: 'Evaluatie invullen (praktijkbegeleider)',
      en: 'Fill in the evaluation (workplace supervisor)',
    },
    actor: 'supervisor',
    kind: 'evaluation',
    evaluation: true,
    required: false,
    deadline: { from: 'phase_start', days: 14 },
    reminders: [7],
  },
  {
    key: 'mentor',
    title: { nl: 'Evaluatie invullen (mentor)', en: 'Fill in the evaluation (mentor)' },
    actor: 'mentor',
    kind: 'evaluation',
    evaluation: true,
    deadline: { from: 'phase_start', days: 21 },
    reminders: [3],
    escalation: { school_admin_after_days: 7 },
  },
];

/** Without evaluation forms (spec §1 switch off) the evaluation is a conversation the mentor ticks off. */
const EVALUATE_TALK: TTaskSeed[] = [
  {
    key: 'reflection',
    title: { nl: 'Reflectieverslag inleveren', en: 'Hand in a reflection report' },
    actor: 'student',
    kind: 'checklist',
    deadline: { from: 'phase_start', days: 14 },
    reminders: [7, 2],
    escalation: ESCALATE,
  },
  {
    key: 'talk',
    title: { nl: 'Evaluatiegesprek gevoerd', en: 'Evaluation talk held' },
    actor: 'mentor',
    kind: 'checklist',
    deadline: { from: 'phase_start', days: 21 },
    reminders: [3],
    escalation: { school_admin_after_days: 7 },
  },
];

const FINAL_APPROVAL: TTaskSeed = {
  key: 'final',
  title: { nl: 'Stage afgerond verklaren', en: 'Declare the internship completed' },
  actor: 'school_admin',
  kind: 'approval',
  deadline: { from: 'phase_start', days: 28 },
  reminders: [3],
};

const HOURS_PHASES = (): [string, TWorkflowText, TWorkflowPhase['status'], TTaskSeed[]][] => [
  [
    'akkoord-school',
    { nl: 'Akkoord school', en: 'School approval' },
    'preparing',
    [
      {
        key: 'approve',
        title: { nl: 'Stageplek goedkeuren', en: 'Approve the placement' },
        actor: 'school_admin',
        kind: 'approval',
        deadline: { from: 'phase_start', days: 5 },
        reminders: [1],
      },
    ],
  ],
  [
    'uren-maken',
    { nl: 'Uren maken', en: 'Logging hours' },
    'running',
    [
      {
        key: 'hours',
        title: { nl: '30 uur stage lopen en bijhouden', en: 'Do and log 30 hours' },
        actor: 'student',
        kind: 'hours',
        hours: 30,
        deadline: { from: 'period_end', days: 0 },
        reminders: [14, 7],
        escalation: ESCALATE,
      },
      {
        key: 'confirm',
        title: { nl: 'Uren bevestigen (praktijkbegeleider)', en: 'Confirm the hours (workplace supervisor)' },
        actor: 'supervisor',
        kind: 'approval',
        deadline: { from: 'period_end', days: 7 },
        reminders: [0],
        escalation: { mentor_after_days: 3 },
      },
    ],
  ],
];

const CONTRACT_PHASES = (): [string, TWorkflowText, TWorkflowPhase['status'], TTaskSeed[]][] => [
  [
    'contract',
    { nl: 'Contract', en: 'Contract' },
    'preparing',
    [
      {
        key: 'signed',
        title: {
          nl: 'Stagecontract door iedereen ondertekend',
          en: 'Internship contract signed by everyone',
        },
        actor: 'school_admin',
        kind: 'contract_signed',
        deadline: { from: 'period_start', days: -3 },
        reminders: [7, 2],
        escalation: { school_admin_after_days: 1 },
      },
    ],
  ],
  [
    'stage',
    { nl: 'Stage', en: 'Internship' },
    'running',
    [
      {
        key: 'visit',
        title: { nl: 'Tussentijds gesprek op de stageplek', en: 'Midway conversation at the workplace' },
        actor: 'mentor',
        kind: 'checklist',
        required: false,
        deadline: { from: 'period_start', days: 42 },
        reminders: [7],
      },
      {
        key: 'report',
        title: { nl: 'Stageverslag inleveren', en: 'Hand in the internship report' },
        actor: 'student',
        kind: 'checklist',
        deadline: { from: 'period_end', days: 0 },
        reminders: [14, 3],
        escalation: ESCALATE,
      },
    ],
  ],
];

/**
 * The seeded default for the tenant's kind of internship. `evaluationTemplateId`: the phase template the
 * evaluation tasks name (where the tenant has evaluation forms and one exists), else a talk instead.
 */
export function seedWorkflowContent(tenant: TTenant, evaluationTemplateId: string | null): TWorkflowContent {
  const t = tenant.id;
  const contractType = contractTypeFor(tenant.features);
  const phase = (
    key: string,
    name: TWorkflowText,
    status: TWorkflowPhase['status'],
    tasks: TTaskSeed[],
    completion: TWorkflowPhase['completion'] = 'all_required',
  ): TWorkflowPhase => ({
    id: seedWorkflowId(t, `${contractType}:${key}`),
    name,
    status,
    completion,
    tasks: tasks.map((s) => task(t, `${contractType}:${key}`, s, evaluationTemplateId)),
  });
  const evaluate = evaluationTemplateId ? EVALUATE_FORMS : EVALUATE_TALK;
  return {
    contract_type: contractType,
    phases: [
      phase('aanmelden', { nl: 'Aanmelden', en: 'Application' }, 'preparing', APPLY),
      ...(contractType === 'hours' ? HOURS_PHASES() : CONTRACT_PHASES()).map(([key, name, status, tasks]) =>
        phase(key, name, status, tasks),
      ),
      phase('evaluatie', { nl: 'Evaluatie', en: 'Evaluation' }, 'evaluating', [...evaluate, FINAL_APPROVAL]),
      phase('afgerond', { nl: 'Afgerond', en: 'Completed' }, 'finished', [], 'manual'),
    ],
  };
}

/** The id of the seeded evaluation phase (its template's scope id). */
export const seedEvaluationPhaseId = (tenant: TTenant) =>
  seedWorkflowId(tenant.id, `${contractTypeFor(tenant.features)}:evaluatie`);
