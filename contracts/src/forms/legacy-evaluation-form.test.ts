import { describe, expect, it } from 'vitest';
import { partScore, scoredFields } from '../placements/evaluation-policy.ts';
import { formFields, ZFormDefinition } from './form-definition.ts';
import { LEGACY_EVALUATION_FORM_VERSION, LEGACY_EVALUATION_FORMS } from './legacy-evaluation-form.ts';
import { buildSubmissionSchema } from './submission-schema.ts';

const ids = (role: keyof typeof LEGACY_EVALUATION_FORMS) =>
  formFields(LEGACY_EVALUATION_FORMS[role]).map(({ field }) => field.id);

describe('the legacy evaluation form (corderius, casteleijn)', () => {
  it('is a valid definition per role', () => {
    for (const definition of Object.values(LEGACY_EVALUATION_FORMS))
      expect(ZFormDefinition.safeParse(definition).success).toBe(true);
    expect(LEGACY_EVALUATION_FORM_VERSION).toBe(1);
  });

  it('keeps its questions (stored answers name these ids: a change needs version 2)', () => {
    expect(ids('supervisor')).toEqual([
      'punctuality',
      'commitment',
      'cooperation',
      'target_group',
      'initiative',
      'task_quality',
      'hours_completed',
      'verdict',
      'remarks',
    ]);
    expect(ids('student')).toEqual(['activities', 'learned', 'experience', 'guidance', 'again']);
    expect(ids('mentor')).toEqual(['report_received', 'reflection_quality', 'completed', 'remarks']);
    // Every text in Dutch and English.
    for (const definition of Object.values(LEGACY_EVALUATION_FORMS))
      for (const { field } of formFields(definition))
        if (field.type !== 'info_text') expect(field.label.en, field.id).not.toBe('');
  });

  it('rates six competences on four points for the supervisor, scored in one section', () => {
    const scored = scoredFields(LEGACY_EVALUATION_FORMS.supervisor);
    expect(scored).toHaveLength(6);
    expect(new Set(scored.map((f) => [f.sectionId, f.min, f.max].join()))).toEqual(
      new Set(['competences,1,4']),
    );
    // all "3" → 2/3 of the range
    const answers = Object.fromEntries(scored.map((f) => [f.id, 3]));
    expect(partScore(LEGACY_EVALUATION_FORMS.supervisor, answers)).toBe(66.7);
  });

  it('validates with the shared schema builder: required questions, four points, options only', () => {
    const schema = (answers: Record<string, unknown>) =>
      buildSubmissionSchema(LEGACY_EVALUATION_FORMS.supervisor, answers).safeParse(answers);
    const full = {
      punctuality: 4,
      commitment: 3,
      cooperation: 4,
      target_group: 3,
      initiative: 2,
      task_quality: 4,
      hours_completed: true,
      verdict: 'good',
    };
    expect(schema(full).success).toBe(true);
    expect(schema({ ...full, remarks: 'Fijne stagiair.' }).success).toBe(true);
    expect(schema({ ...full, punctuality: 5 }).success).toBe(false);
    expect(schema({ ...full, verdict: 'excellent' }).success).toBe(false);
    const { verdict: _, ...withoutVerdict } = full;
    expect(schema(withoutVerdict).success).toBe(false);
    expect(schema({}).success).toBe(false);
    const student = {
      activities: 'Koffie geschonken',
      learned: 'Geduld',
      experience: 4,
      guidance: 3,
      again: true,
    };
    expect(buildSubmissionSchema(LEGACY_EVALUATION_FORMS.student, student).safeParse(student).success).toBe(
      true,
    );
    const mentor = { report_received: false, reflection_quality: 1, completed: 'not_completed' };
    expect(buildSubmissionSchema(LEGACY_EVALUATION_FORMS.mentor, mentor).safeParse(mentor).success).toBe(
      true,
    );
  });
});
