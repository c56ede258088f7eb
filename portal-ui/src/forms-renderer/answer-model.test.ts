import { describe, expect, it } from 'vitest';
import { buildSubmissionSchema } from '@stageplein/contracts/forms/submission-schema';
import { ZFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { hasKey, translate } from '@stageplein/contracts/i18n/index';
import { blankDefinition } from '../pages/form-builder/builder-model.ts';
import { DEMO_DEFINITION } from '../pages/form-builder/demo-definition.ts';
import {
  answerText,
  checkSubmission,
  fieldMessage,
  localized,
  shownPages,
  typedAnswers,
  visibleIds,
} from './answer-model.ts';

const def = DEMO_DEFINITION;
const field = (id: string) => {
  for (const p of def.pages)
    for (const s of p.sections) for (const f of s.fields) if (f.id === id && f.type !== 'info_text') return f;
  throw new Error(id);
};
const complete = { name: 'Sam', email: 'sam@example.nl', kind: 'work', again: false };

describe('the renderer model', () => {
  it('uses a valid definition for the test pages', () => {
    expect(ZFormDefinition.safeParse(def).success).toBe(true);
  });

  it('turns a number field’s text into a number, keeps other text for the schema to refuse', () => {
    expect(typedAnswers(def, { hours: '12' })).toEqual({ hours: 12 });
    expect(typedAnswers(def, { hours: '3,5' })).toEqual({ hours: 3.5 });
    expect(typedAnswers(def, { hours: ' ' })).toEqual({ hours: undefined });
    expect(typedAnswers(def, { hours: 'twelve' })).toEqual({ hours: 'twelve' });
    expect(fieldMessage(def, field('hours'), 'twelve', hasKey)?.key).toBe('validation.number');
    expect(fieldMessage(def, field('hours'), '3,5', hasKey)?.key).toBe('validation.integer');
  });

  it('gives the first failing rule of a field, in the catalogue’s Dutch and English', () => {
    const required = fieldMessage(def, field('name'), '  ', hasKey);
    expect(required).toEqual({ key: 'validation.required' });
    expect(translate('nl', required!.key)).toBe('Dit veld is verplicht');
    expect(translate('en', required!.key)).toMatch(/required/i);
    expect(fieldMessage(def, field('email'), 'no-address', hasKey)?.key).toBe('validation.email');
    expect(fieldMessage(def, field('name'), 'Sam', hasKey)).toBeUndefined();
  });

  it('does not require a hidden required field, and requires it once its condition holds', () => {
    expect(checkSubmission(def, complete, hasKey).ok).toBe(true);
    expect(visibleIds(def, complete).has('kind_other')).toBe(false);
    const other = checkSubmission(def, { ...complete, kind: 'other' }, hasKey);
    expect(other.ok).toBe(false);
    expect(other.messages).toEqual({ kind_other: { key: 'validation.required' } });
  });

  it('sends only the visible questions’ answers (a hidden answer is dropped, not refused)', () => {
    const check = checkSubmission(
      def,
      { ...complete, kind_other: 'left over', why: 'hidden section' },
      hasKey,
    );
    expect(check.ok).toBe(true);
    expect(check.answers).toEqual(complete);
    // What is sent is exactly what the server's schema accepts.
    expect(buildSubmissionSchema(def, check.answers).safeParse(check.answers).success).toBe(true);
  });

  it('refuses an empty form with a message about the whole form', () => {
    const empty = checkSubmission(blankDefinition('Vraag', ''), { question_1: '  ' }, hasKey);
    expect(empty.ok).toBe(false);
    expect(empty.messages).toEqual({});
    expect(empty.formMessage).toEqual({ key: 'validation.answerRequired' });
    // With required questions, those say what is missing.
    const required = checkSubmission({ ...def, pages: [def.pages[0]!] }, {}, hasKey);
    expect(Object.keys(required.messages)).toEqual(['name', 'email']);
  });

  it('shows a section only when its condition holds, and counts pages', () => {
    expect(visibleIds(def, { again: true }).has('signature')).toBe(true);
    expect(visibleIds(def, { again: false }).has('signature')).toBe(false);
    expect(shownPages(def, {}).map((p) => p.id)).toEqual(['about', 'internship']);
  });

  it('shows English with a Dutch fallback, and answers as text', () => {
    expect(localized({ nl: 'Naam', en: '' }, 'en')).toBe('Naam');
    expect(localized({ nl: 'Naam', en: 'Name' }, 'en')).toBe('Name');
    const words = { yes: 'Ja', no: 'Nee' };
    expect(answerText(field('again'), false, 'nl', words)).toBe('Nee');
    expect(answerText(field('learned'), ['planning', 'teamwork'], 'nl', words)).toBe('Plannen, Samenwerken');
    expect(answerText(field('score'), 4, 'nl', words)).toBe('4 / 5');
    expect(answerText(field('name'), undefined, 'nl', words)).toBe('—');
  });
});
