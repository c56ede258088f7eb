import { describe, expect, it } from 'vitest';
import { ZFormDefinition, type TFormDefinition } from '../forms/form-definition.ts';
import { TENANT_LIST } from '../tenants/tenant-registry.ts';
import {
  evaluationActionsFor,
  evaluationProgress,
  evaluationScore,
  evaluationsAvailable,
  gradeOf,
  mayTakeEvaluationAction,
  partScore,
  readableRoles,
  scoredFields,
  usesLegacyEvaluationForm,
  weightableIds,
  type TEvaluationState,
} from './evaluation-policy.ts';
import { ZEvaluationTemplateInput } from './evaluations.ts';

const scale = (id: string, min = 1, max = 5) =>
  ({ id, type: 'scale', label: { nl: id, en: '' }, min, max }) as const;

/** Two sections: `work` (attitude 1–5, skills 1–5) and `social` (contact 0–10), plus a text question. */
const FORM: TFormDefinition = ZFormDefinition.parse({
  format: 1,
  title: { nl: 'Test', en: '' },
  pages: [
    {
      id: 'p',
      sections: [
        { id: 'work', fields: [scale('attitude'), scale('skills')] },
        {
          id: 'social',
          fields: [scale('contact', 0, 10), { id: 'note', type: 'long_text', label: { nl: 'Noot', en: '' } }],
        },
      ],
    },
  ],
});

describe('weighted scoring (hand-computed)', () => {
  it('lists the scale questions as scored, with their sections as weightable', () => {
    expect(scoredFields(FORM).map((f) => [f.id, f.sectionId])).toEqual([
      ['attitude', 'work'],
      ['skills', 'work'],
      ['contact', 'social'],
    ]);
    expect([...weightableIds(FORM)].sort()).toEqual(['attitude', 'contact', 'skills', 'social', 'work']);
  });

  it('scores a part as the mean share of each range without weights', () => {
    // attitude 4 → 3/4 = 0.75; skills 5 → 1; contact 5 → 0.5; mean 2.25/3 = 75 %
    expect(partScore(FORM, { attitude: 4, skills: 5, contact: 5, note: 'x' })).toBe(75);
    // the lowest answers are 0 %
    expect(partScore(FORM, { attitude: 1, skills: 1, contact: 0 })).toBe(0);
  });

  it('weighs questions by their own weight, else their section’s, and leaves weight 0 out', () => {
    const answers = { attitude: 4, skills: 5, contact: 5 };
    // section work weighs 2 (both questions), contact 1: (2×0.75 + 2×1 + 1×0.5) / 5 = 4/5 = 80 %
    expect(partScore(FORM, answers, { work: 2 })).toBe(80);
    // skills' own weight 0 beats its section's 2: (2×0.75 + 0.5) / 3 = 66.7 %
    expect(partScore(FORM, answers, { work: 2, skills: 0 })).toBe(66.7);
    // nothing weighs: no score
    expect(partScore(FORM, answers, { work: 0, social: 0 })).toBeNull();
  });

  it('leaves unanswered questions out and has no score without answers', () => {
    expect(partScore(FORM, { attitude: 3 })).toBe(50);
    expect(partScore(FORM, { note: 'alleen tekst' })).toBeNull();
    expect(partScore(FORM, null)).toBeNull();
  });

  it('scores the evaluation as the weighted mean of the parts that have a score', () => {
    expect(evaluationScore([{ score: 80 }, { score: 50 }])).toBe(65);
    // supervisor counts double: (2×80 + 50) / 3 = 70
    expect(evaluationScore([{ score: 80, weight: 2 }, { score: 50 }])).toBe(70);
    expect(evaluationScore([{ score: 80 }, { score: null }, { score: 10, weight: 0 }])).toBe(80);
    expect(evaluationScore([{ score: null }])).toBeNull();
    expect(evaluationScore([])).toBeNull();
  });

  it('reports a score as a Dutch grade', () => {
    expect(gradeOf(0)).toBe(1);
    expect(gradeOf(100)).toBe(10);
    expect(gradeOf(75)).toBe(7.8);
  });
});

const state = (over: Partial<TEvaluationState> = {}): TEvaluationState => ({
  running: true,
  hasTemplate: true,
  opened: true,
  roles: ['student', 'supervisor', 'mentor'],
  states: { student: 'open', supervisor: 'open', mentor: 'open' },
  hasSupervisor: true,
  supervisorApproved: true,
  ...over,
});

describe('who may do what', () => {
  it('lets the school open a running internship’s evaluation once, where a template exists', () => {
    const notOpened = state({ opened: false, states: {} });
    expect(mayTakeEvaluationAction('school', 'open', notOpened)).toBe(true);
    expect(mayTakeEvaluationAction('school', 'open', state())).toBe(false);
    expect(mayTakeEvaluationAction('school', 'open', { ...notOpened, hasTemplate: false })).toBe(false);
    expect(mayTakeEvaluationAction('school', 'open', { ...notOpened, running: false })).toBe(false);
    for (const r of ['student', 'mentor', 'organization', null] as const)
      expect(mayTakeEvaluationAction(r, 'open', notOpened)).toBe(false);
  });

  it('lets the student and the mentor fill their own open part only', () => {
    expect(evaluationActionsFor('student', state())).toEqual(['fill']);
    expect(evaluationActionsFor('mentor', state())).toEqual(['fill', 'read_answers']);
    expect(mayTakeEvaluationAction('student', 'fill', state({ states: { student: 'submitted' } }))).toBe(
      false,
    );
    expect(
      mayTakeEvaluationAction('mentor', 'fill', state({ roles: ['student'], states: { student: 'open' } })),
    ).toBe(false);
    expect(mayTakeEvaluationAction('school', 'fill', state())).toBe(false);
    expect(mayTakeEvaluationAction('organization', 'fill', state())).toBe(false);
    expect(mayTakeEvaluationAction('student', 'fill', state({ opened: false }))).toBe(false);
  });

  it('lets the school send the supervisor’s link while that part is open', () => {
    expect(evaluationActionsFor('school', state())).toEqual(['send_link', 'read_answers']);
    expect(
      mayTakeEvaluationAction('school', 'send_link', state({ states: { supervisor: 'submitted' } })),
    ).toBe(false);
    expect(
      mayTakeEvaluationAction(
        'school',
        'send_link',
        state({ roles: ['student'], states: { student: 'open' } }),
      ),
    ).toBe(false);
    expect(mayTakeEvaluationAction('student', 'send_link', state())).toBe(false);
  });

  it('offers the link only to a supervisor the school approved (the server answers 409 otherwise)', () => {
    expect(mayTakeEvaluationAction('school', 'send_link', state({ supervisorApproved: false }))).toBe(false);
    expect(
      mayTakeEvaluationAction(
        'school',
        'send_link',
        state({ hasSupervisor: false, supervisorApproved: false }),
      ),
    ).toBe(false);
    expect(evaluationActionsFor('school', state({ supervisorApproved: false }))).toEqual(['read_answers']);
  });

  it('shows answers to the school and the mentor, a student their own, the workplace none', () => {
    expect(readableRoles('school')).toEqual(['student', 'supervisor', 'mentor']);
    expect(readableRoles('mentor')).toEqual(['student', 'supervisor', 'mentor']);
    expect(readableRoles('student')).toEqual(['student']);
    expect(readableRoles('organization')).toEqual([]);
    expect(readableRoles(null)).toEqual([]);
  });

  it('sums the parts’ states up in one word for progress', () => {
    expect(evaluationProgress(null)).toBe('none');
    expect(evaluationProgress(['open', 'open'])).toBe('open');
    expect(evaluationProgress(['open', 'submitted'])).toBe('partly_submitted');
    expect(evaluationProgress(['submitted', 'submitted'])).toBe('submitted');
  });
});

describe('switch cells per tenant (spec §1)', () => {
  it('has evaluation forms everywhere but stageplein, match2gether and axia; the legacy form on corderius and casteleijn', () => {
    const cells = Object.fromEntries(
      TENANT_LIST.map((t) => [
        t.id,
        [evaluationsAvailable(t.features), usesLegacyEvaluationForm(t.features)],
      ]),
    );
    expect(cells).toEqual({
      stageplein: [false, false],
      demo: [true, false],
      raayland: [true, false],
      casteleijn: [true, true],
      nuborgh: [true, false],
      corderius: [true, true],
      match2gether: [false, false],
      masplein: [true, false],
      axia: [false, false],
      oldebroek: [true, false],
      public: [true, false],
    });
  });
});

describe('template input', () => {
  const base = { name: 'Eindevaluatie', internship_period_id: '6b0c5f3e-9a4e-4f55-8d3e-0d9b8c6a1f00' };
  it('needs at least one role and bounded weights', () => {
    expect(ZEvaluationTemplateInput.safeParse({ ...base, roles: {} }).success).toBe(false);
    expect(ZEvaluationTemplateInput.safeParse({ ...base, roles: { student: {} } }).success).toBe(true);
    expect(ZEvaluationTemplateInput.safeParse({ ...base, roles: { student: { weight: 11 } } }).success).toBe(
      false,
    );
    expect(
      ZEvaluationTemplateInput.safeParse({ ...base, roles: { mentor: { weights: { __proto__x: 1 } } } })
        .success,
    ).toBe(false);
    expect(ZEvaluationTemplateInput.safeParse({ ...base, roles: { teacher: {} } }).success).toBe(false);
  });
});
