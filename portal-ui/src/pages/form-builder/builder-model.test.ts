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
  sectionDropId,
  updateField,
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

  it('moves a question to another section: onto a question, behind it, or into an empty section', () => {
    let d = blankDefinition('Aanmelden', '');
    d = addField(d, 'section_1', 'yes_no');
    d = addSection(d, 'page_1');
    d = addField(d, 'section_2', 'short_text');
    const inSection = (x: TFormDefinition, i: number) => x.pages[0]!.sections[i]!.fields.map((f) => f.id);
    expect([inSection(d, 0), inSection(d, 1)]).toEqual([['question_1', 'question_2'], ['question_3']]);
    const before = moveField(d, 'question_1', 'question_3');
    expect([inSection(before, 0), inSection(before, 1)]).toEqual([
      ['question_2'],
      ['question_1', 'question_3'],
    ]);
    const after = moveField(d, 'question_1', 'question_3', true);
    expect(inSection(after, 1)).toEqual(['question_3', 'question_1']);
    // Back to the first section, and into an empty section by its drop id.
    expect(inSection(moveField(before, 'question_1', 'question_2'), 0)).toEqual(['question_1', 'question_2']);
    let empty = addSection(d, 'page_1');
    const third = empty.pages[0]!.sections[2]!.id;
    empty = moveField(empty, 'question_2', sectionDropId(third));
    expect([inSection(empty, 0), inSection(empty, 2)]).toEqual([['question_1'], ['question_2']]);
    expect([before, after, empty].every(valid)).toBe(true);
    // Unknown targets change nothing.
    expect(moveField(d, 'question_1', 'section:nope')).toBe(d);
    expect(moveField(d, 'nope', 'question_3')).toBe(d);
  });

  it('drops a condition a move to an earlier section breaks', () => {
    let d = blankDefinition('Aanmelden', '');
    d = addSection(d, 'page_1');
    d = addField(d, 'section_2', 'yes_no');
    d = addField(d, 'section_2', 'short_text');
    const [q2, q3] = d.pages[0]!.sections[1]!.fields;
    d = updateField(d, { ...q3!, visible_if: { all: [{ field: q2!.id, op: 'equals', value: true }] } });
    expect(valid(d)).toBe(true);
    const moved = moveField(d, q3!.id, 'question_1');
    expect(moved.pages[0]!.sections[0]!.fields.map((f) => f.id)).toEqual([q3!.id, 'question_1']);
    expect(moved.pages[0]!.sections[0]!.fields[0]!.visible_if).toBeUndefined();
    expect(valid(moved)).toBe(true);
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
