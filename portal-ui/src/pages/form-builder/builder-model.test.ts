import { describe, expect, it } from 'vitest';
import { ZFormDefinition, type TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import {
  addField,
  addPage,
  addSection,
  blankDefinition,
  earlierAnswerFields,
  moveField,
  newOption,
  removeField,
} from './builder-model.ts';
import { DEMO_DEFINITION } from './demo-definition.ts';

const ids = (d: TFormDefinition) =>
  d.pages.flatMap((p) => p.sections.flatMap((s) => s.fields.map((f) => f.id)));
const valid = (d: TFormDefinition) => ZFormDefinition.safeParse(d).success;

describe('the builder model', () => {
  it('starts from a valid blank form and adds questions, sections and pages with fresh ids', () => {
    let d = blankDefinition('Aanmelden', '');
    expect(valid(d)).toBe(true);
    d = addField(d, 'section_1', 'single_choice');
    d = addField(d, 'section_1', 'info_text');
    d = addPage(d);
    d = addSection(d, 'page_1');
    expect(ids(d)).toEqual(['question_1', 'question_2', 'info_1']);
    expect(d.pages.map((p) => p.id)).toEqual(['page_1', 'page_2']);
    expect(d.pages[0]!.sections.map((s) => s.id)).toEqual(['section_1', 'section_3']);
    expect(d.pages[1]!.sections.map((s) => s.id)).toEqual(['section_2']);
    expect(valid(d)).toBe(true);
  });

  it('moves a question and drops a condition the move would break (it must test an earlier question)', () => {
    const moved = moveField(DEMO_DEFINITION, 'kind_other', 'kind');
    expect(ids(moved).slice(6, 8)).toEqual(['kind_other', 'kind']);
    const other = moved.pages[1]!.sections[0]!.fields[0]!;
    expect(other.visible_if).toBeUndefined();
    expect(valid(moved)).toBe(true);
    // A move that keeps the order of condition and question keeps the condition.
    const kept = moveField(DEMO_DEFINITION, 'hours', 'kind');
    expect(kept.pages[1]!.sections[0]!.fields.find((f) => f.id === 'kind_other')!.visible_if).toBeDefined();
  });

  it('removes a question with every condition on it', () => {
    const d = removeField(DEMO_DEFINITION, 'again');
    expect(ids(d)).not.toContain('again');
    expect(d.pages[1]!.sections[1]!.visible_if).toBeUndefined();
    expect(valid(d)).toBe(true);
  });

  it('offers only earlier answer questions to a condition, and new options get free values', () => {
    expect(earlierAnswerFields(DEMO_DEFINITION, 'kind_other').map((f) => f.id)).toEqual([
      'name',
      'email',
      'phone',
      'website',
      'birthday',
      'kind',
    ]);
    expect(newOption([{ value: 'option_2', label: { nl: 'a', en: '' } }]).value).toBe('option_3');
  });
});
