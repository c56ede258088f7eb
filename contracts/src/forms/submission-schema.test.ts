import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zodIssueMessage } from '../errors/validation-messages.ts';
import { hasKey } from '../i18n/index.ts';
import {
  FORM_FIELD_TYPES,
  ZFormDefinition,
  type TCondition,
  type TFormDefinition,
  type TFormField,
} from './form-definition.ts';
import {
  buildSubmissionSchema,
  checkAnswers,
  EMPTY_SUBMISSION_MESSAGE,
  fieldIssue,
  visibleAnswers,
  visibleFields,
  type TAnswers,
} from './submission-schema.ts';

const label = (nl: string) => ({ nl, en: '' });
const form = (...fields: TFormField[]): TFormDefinition =>
  ZFormDefinition.parse({
    format: 1,
    title: label('Test'),
    pages: [{ id: 'page', sections: [{ id: 'section', fields }] }],
  });

/** The server's path: the answers as JSON on the wire, then the schema built from what arrived. */
function serverAccepts(definition: TFormDefinition, answers: TAnswers): boolean {
  const wire: unknown = JSON.parse(JSON.stringify(answers));
  return buildSubmissionSchema(definition, wire).safeParse(wire).success;
}

/** The renderer's path: each visible field's own check on the answers in memory, plus the form rules. */
const browserAccepts = (definition: TFormDefinition, answers: TAnswers) =>
  checkAnswers(definition, answers).ok;

const messageOf = (definition: TFormDefinition, answers: TAnswers) => {
  const result = buildSubmissionSchema(definition, answers).safeParse(answers);
  return result.success ? null : result.error.issues.map((i) => ({ path: i.path, ...zodIssueMessage(i) }));
};

// ---------------------------------------------------------------------------------------------
// Generators: random definitions that follow the format, and answer sets near and far from them.

const OPTION_VALUES = ['a', 'b', 'c', 'd'];

const arbRules = (type: TFormField['type']): fc.Arbitrary<Record<string, unknown> | undefined> => {
  const required = fc.boolean();
  switch (type) {
    case 'short_text':
    case 'long_text':
      return fc
        .record(
          {
            required,
            min_length: fc.integer({ min: 0, max: 4 }),
            max_length: fc.integer({ min: 4, max: 12 }),
          },
          { requiredKeys: [] },
        )
        .map((r) => r);
    case 'number':
      return fc.record(
        {
          required,
          min: fc.integer({ min: -5, max: 0 }),
          max: fc.integer({ min: 1, max: 10 }),
          positive: fc.boolean(),
          integer: fc.boolean(),
        },
        { requiredKeys: [] },
      );
    case 'multiple_choice':
      return fc.record(
        { required, min_items: fc.integer({ min: 0, max: 2 }), max_items: fc.integer({ min: 2, max: 4 }) },
        { requiredKeys: [] },
      );
    case 'date':
      return fc.record(
        { required, min: fc.constant('2026-01-01'), max: fc.constant('2026-12-31') },
        { requiredKeys: [] },
      );
    case 'info_text':
      return fc.constant(undefined);
    default:
      return fc.option(fc.record({ required }), { nil: undefined });
  }
};

function fieldOf(
  id: string,
  type: TFormField['type'],
  rules: Record<string, unknown> | undefined,
  options: number,
) {
  const base: Record<string, unknown> = { id, type, label: label(id) };
  if (type === 'info_text') return { id, type, text: label('Lees dit') } as TFormField;
  if (rules) base.rules = rules;
  if (type === 'single_choice' || type === 'multiple_choice')
    base.options = OPTION_VALUES.slice(0, options).map((value) => ({ value, label: label(value) }));
  if (type === 'scale') Object.assign(base, { min: 1, max: 5 });
  return base as TFormField;
}

/** A condition on one of the earlier answer fields, with a value that fits it. */
function conditionFor(field: TFormField, pick: number): TCondition {
  const ops = ['answered', 'notAnswered', 'equals', 'notEquals'] as const;
  if (field.type === 'multiple_choice') {
    return pick % 3 === 0
      ? { field: field.id, op: 'answered' }
      : { field: field.id, op: 'includes', value: field.options[pick % field.options.length]!.value };
  }
  const op = ops[pick % ops.length]!;
  if (op === 'answered' || op === 'notAnswered') return { field: field.id, op };
  const value =
    field.type === 'single_choice'
      ? field.options[pick % field.options.length]!.value
      : field.type === 'yes_no'
        ? pick % 2 === 0
        : field.type === 'number' || field.type === 'scale'
          ? pick % 4
          : 'ja';
  return { field: field.id, op, value };
}

const arbFieldSpec = fc.constantFrom(...FORM_FIELD_TYPES).chain((type) =>
  fc.record({
    type: fc.constant(type),
    rules: arbRules(type),
    options: fc.integer({ min: 2, max: 4 }),
    conditions: fc.array(fc.nat(11), { maxLength: 2 }),
    mode: fc.constantFrom('all', 'any'),
  }),
);

const arbDefinition: fc.Arbitrary<TFormDefinition> = fc
  .array(arbFieldSpec, { minLength: 1, maxLength: 6 })
  .map((specs) => {
    const fields: TFormField[] = [];
    specs.forEach((spec, i) => {
      const field = fieldOf(`f${i}`, spec.type, spec.rules, spec.options);
      const earlier = fields.filter((f) => f.type !== 'info_text');
      if (earlier.length > 0 && spec.conditions.length > 0) {
        const conditions = spec.conditions.map((pick) => conditionFor(earlier[pick % earlier.length]!, pick));
        field.visible_if = spec.mode === 'all' ? { all: conditions } : { any: conditions };
      }
      fields.push(field);
    });
    if (!fields.some((f) => f.type !== 'info_text'))
      fields.push(fieldOf('extra', 'short_text', undefined, 0));
    return ZFormDefinition.parse({
      format: 1,
      title: label('Random'),
      pages: [{ id: 'page', sections: [{ id: 'section', fields }] }],
    });
  });

/** A value that meets the field's rules. */
const arbValid = (field: TFormField): fc.Arbitrary<unknown> => {
  switch (field.type) {
    case 'short_text':
    case 'long_text': {
      const { min_length = 0, max_length = 10 } = field.rules ?? {};
      return fc.string({
        unit: fc.constantFrom('a', 'b', 'x'),
        minLength: Math.max(1, min_length),
        maxLength: max_length,
      });
    }
    case 'number': {
      const { min = -5, max = 10, positive, integer } = field.rules ?? {};
      const low = positive ? Math.max(1, min) : min;
      return integer ? fc.integer({ min: low, max }) : fc.double({ min: low, max, noNaN: true });
    }
    case 'email':
      return fc.constantFrom('a@example.org', ' jan@school.nl ');
    case 'url':
      return fc.constant('https://example.org/x');
    case 'phone':
      return fc.constantFrom('+31 6 12345678', '020-1234567');
    case 'date':
      return fc.constantFrom('2026-05-01', '2026-12-31');
    case 'single_choice':
      return fc.constantFrom(...field.options.map((o) => o.value));
    case 'multiple_choice': {
      const values = field.options.map((o) => o.value);
      const { min_items = 0, max_items = values.length } = field.rules ?? {};
      return fc.subarray(values, {
        minLength: Math.min(min_items, values.length),
        maxLength: Math.min(max_items, values.length),
      });
    }
    case 'scale':
      return fc.integer({ min: field.min, max: field.max });
    case 'yes_no':
      return fc.boolean();
    case 'file_upload':
      return fc.uuid();
    case 'signature':
      return fc.constant('data:image/png;base64,iVBORw0KGgo=');
    case 'info_text':
      return fc.constant(undefined);
  }
};

/** A value for a field of this type: mostly valid ones, then empties, near misses and wrong types. */
const arbValue = (field: TFormField): fc.Arbitrary<unknown> => {
  const empties = fc.constantFrom(undefined, null, '', '   ', [], Number.NaN);
  const wrong = fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 5 }), fc.constant({ x: 1 }));
  const nearMiss: fc.Arbitrary<unknown> = (() => {
    switch (field.type) {
      case 'short_text':
      case 'long_text':
        return fc.string({ maxLength: 14 });
      case 'number':
        return fc.oneof(fc.integer({ min: -8, max: 12 }), fc.double({ min: -8, max: 12, noNaN: true }));
      case 'email':
        return fc.oneof(fc.emailAddress(), fc.constantFrom('a@b', 'no-mail', ' x@y.nl '));
      case 'url':
        return fc.constantFrom(
          'https://example.org',
          'http://a.nl/x',
          'javascript:alert(1)',
          'ftp://x.nl',
          'nope',
        );
      case 'phone':
        return fc.constantFrom('+31 6 12345678', '06-12345678', '12', 'abc');
      case 'date':
        return fc.constantFrom('2026-05-01', '2025-12-31', '2027-01-01', '2026-02-30', '1-1-2026');
      case 'single_choice':
        return fc.constantFrom(...OPTION_VALUES, 'z');
      case 'multiple_choice':
        return fc.array(fc.constantFrom(...OPTION_VALUES, 'z'), { maxLength: 5 });
      case 'scale':
        return fc.integer({ min: 0, max: 6 });
      case 'yes_no':
        return fc.constantFrom('true', 0);
      case 'file_upload':
        return fc.constant('not-a-uuid');
      case 'signature':
        return fc.constantFrom('data:text/html;base64,PHNjcmlwdD4=', 'x');
      case 'info_text':
        return fc.string({ maxLength: 3 });
    }
  })();
  return fc.oneof(
    { weight: 30, arbitrary: arbValid(field) },
    { weight: 5, arbitrary: empties },
    { weight: 1, arbitrary: nearMiss },
    { weight: 1, arbitrary: wrong },
  );
};

const arbCase = arbDefinition.chain((definition) => {
  const fields = definition.pages.flatMap((p) => p.sections.flatMap((s) => s.fields));
  const entries = fields.map((field) => arbValue(field).map((value) => [field.id, value] as const));
  return fc
    .tuple(
      fc.constant(definition),
      fc.tuple(...entries),
      fc.integer({ min: 0, max: 9 }).map((n) => [null, 'rogue', '__proto__'][Math.max(0, n - 7)]),
    )
    .map(([def, pairs, extra]) => {
      const answers: TAnswers = {};
      // Like a renderer's state: a question never touched may be there as undefined.
      for (const [id, value] of pairs) answers[id] = value;
      if (extra)
        Object.defineProperty(answers, extra, {
          value: 'x',
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return { definition: def, answers };
    });
});

describe('buildSubmissionSchema: the server and the browser agree', () => {
  let acceptedCases = 0;
  it('on every accept and refuse of random definitions and answers', () => {
    fc.assert(
      fc.property(arbCase, ({ definition, answers }) => {
        const accepted = serverAccepts(definition, answers);
        if (accepted) acceptedCases += 1;
        expect(browserAccepts(definition, answers)).toBe(accepted);
      }),
      { numRuns: 800 },
    );
    // The generator leans to valid answers, so both outcomes are exercised often.
    expect(acceptedCases).toBeGreaterThan(100);
  }, 60_000);

  it('and the renderer’s visible answers of any answer set are what the server checks', () => {
    fc.assert(
      fc.property(arbCase, ({ definition, answers }) => {
        const sent = visibleAnswers(definition, answers);
        expect(browserAccepts(definition, sent)).toBe(serverAccepts(definition, sent));
        // Dropping hidden answers never changes what is shown.
        expect(visibleFields(definition, sent).map((f) => f.id)).toEqual(
          visibleFields(definition, answers).map((f) => f.id),
        );
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('never accepts an empty submission', () => {
    fc.assert(
      fc.property(
        arbDefinition,
        fc.constantFrom({}, { f0: '' }, { f0: null }, { f0: [] }),
        (definition, answers) => {
          expect(serverAccepts(definition, answers)).toBe(false);
          expect(browserAccepts(definition, answers)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('buildSubmissionSchema: the known failures of form tools', () => {
  const attend = fieldOf('attend', 'yes_no', { required: true }, 0);
  const reason: TFormField = {
    ...fieldOf('reason', 'short_text', { required: true }, 0),
    visible_if: { all: [{ field: 'attend', op: 'equals', value: false }] },
  } as TFormField;
  const detail: TFormField = {
    ...fieldOf('detail', 'long_text', { required: true }, 0),
    visible_if: { all: [{ field: 'reason', op: 'answered' }] },
  } as TFormField;
  const definition = form(attend, reason, detail);

  it('a required field hidden by a condition is not required; shown, it is', () => {
    expect(serverAccepts(definition, { attend: true })).toBe(true);
    expect(messageOf(definition, { attend: false })).toEqual([
      { path: ['reason'], key: 'validation.required' },
    ]);
    // Hiding cascades: `detail` depends on `reason`, which is hidden again.
    expect(visibleFields(definition, { attend: true, reason: 'x' }).map((f) => f.id)).toEqual(['attend']);
    expect(messageOf(definition, { attend: false, reason: 'ziek' })).toEqual([
      { path: ['detail'], key: 'validation.required' },
    ]);
  });

  it('an empty submission is never accepted, also when every question is optional', () => {
    const optional = form(fieldOf('a', 'short_text', undefined, 0), fieldOf('b', 'number', undefined, 0));
    for (const answers of [{}, { a: '' }, { a: '   ', b: null }]) {
      expect(messageOf(optional, answers)).toEqual([{ path: [], key: EMPTY_SUBMISSION_MESSAGE }]);
      expect(checkAnswers(optional, answers)).toMatchObject({ ok: false, empty: true });
    }
    expect(hasKey(EMPTY_SUBMISSION_MESSAGE)).toBe(true);
    expect(serverAccepts(optional, { b: 0 })).toBe(true);
  });

  it('a choice outside its options is refused, single and multiple, and a choice twice', () => {
    const choices = form(
      fieldOf('one', 'single_choice', undefined, 2),
      fieldOf('many', 'multiple_choice', { max_items: 2 }, 3),
    );
    expect(messageOf(choices, { one: 'z' })![0]).toMatchObject({ path: ['one'], key: 'validation.oneOf' });
    expect(serverAccepts(choices, { many: ['a', 'z'] })).toBe(false);
    expect(serverAccepts(choices, { many: ['a', 'a'] })).toBe(false);
    expect(messageOf(choices, { many: ['a', 'b', 'c'] })![0]).toMatchObject({ key: 'validation.maxItems' });
    expect(serverAccepts(choices, { one: 'b', many: ['c', 'a'] })).toBe(true);
  });

  it('unknown keys are refused, prototype keys included, and a hidden field’s answer', () => {
    expect(serverAccepts(definition, { attend: true, admin: true })).toBe(false);
    expect(serverAccepts(definition, JSON.parse('{"attend": true, "__proto__": {"x": 1}}'))).toBe(false);
    expect(serverAccepts(definition, { attend: true, reason: 'verborgen' })).toBe(false);
    expect(checkAnswers(definition, { attend: true, reason: 'verborgen' }).unknownKeys).toEqual(['reason']);
  });

  it('applies the rules of spec §5 with the catalogue’s messages', () => {
    const rules = form(
      fieldOf('name', 'short_text', { min_length: 3, max_length: 5 }, 0),
      fieldOf('age', 'number', { integer: true, min: 1, max: 99 }, 0),
      fieldOf('count', 'number', { positive: true }, 0),
      fieldOf('mail', 'email', undefined, 0),
      fieldOf('site', 'url', undefined, 0),
      fieldOf('tel', 'phone', undefined, 0),
      fieldOf('day', 'date', { min: '2026-01-01' }, 0),
      fieldOf('tags', 'multiple_choice', { min_items: 2 }, 3),
    );
    const key = (id: string, value: unknown) => {
      const issue = fieldIssue(rules, id, value);
      return issue ? zodIssueMessage(issue) : null;
    };
    expect(key('name', 'ab')).toEqual({ key: 'validation.minLength', vars: { min: '3' } });
    expect(key('name', 'abcdef')).toEqual({ key: 'validation.maxLength', vars: { max: '5' } });
    expect(key('name', '  abc  ')).toBeNull();
    expect(key('age', 1.5)).toEqual({ key: 'validation.integer' });
    expect(key('age', 0)).toEqual({ key: 'validation.numberMin', vars: { min: '1' } });
    expect(key('age', 100)).toEqual({ key: 'validation.numberMax', vars: { max: '99' } });
    // A number as people type it (issue #30 item 9: contracts' zDecimal), text is not one.
    expect(key('age', '5')).toBeNull();
    expect(key('age', '1,5')).toEqual({ key: 'validation.integer' });
    expect(key('age', 'vijf')).toEqual({ key: 'validation.number' });
    expect(key('site', 'www.dewalk.nl')).toBeNull();
    expect(key('count', 0)).toEqual({ key: 'validation.positive' });
    expect(key('mail', 'x@')).toEqual({ key: 'validation.email' });
    expect(key('site', 'javascript:alert(1)')).toEqual({ key: 'validation.url' });
    expect(key('tel', '12')).toEqual({ key: 'validation.phoneNumber' });
    expect(key('day', '2025-12-31')).toEqual({ key: 'validation.dateMin', vars: { min: '2026-01-01' } });
    expect(key('day', '2026-02-30')).toEqual({ key: 'validation.date' });
    expect(key('tags', ['a'])).toEqual({ key: 'validation.minItems', vars: { min: '2' } });
    expect(key('tags', undefined)).toBeNull();
  });

  it('compiles once per definition: the same answer shape reuses its schema', () => {
    expect(buildSubmissionSchema(definition, { attend: true })).toBe(
      buildSubmissionSchema(definition, { attend: true }),
    );
    expect(buildSubmissionSchema(definition, { attend: false })).not.toBe(
      buildSubmissionSchema(definition, { attend: true }),
    );
  });
});

describe('ZFormDefinition', () => {
  const parse = (fields: unknown[]) =>
    ZFormDefinition.safeParse({
      format: 1,
      title: label('T'),
      pages: [{ id: 'p', sections: [{ id: 's', fields }] }],
    });

  it('refuses conditions on later or unknown fields, values that do not fit, duplicate ids', () => {
    const a = { id: 'a', type: 'yes_no', label: label('A') };
    const b = { id: 'b', type: 'short_text', label: label('B') };
    expect(
      parse([{ ...b, visible_if: { all: [{ field: 'a', op: 'equals', value: true }] } }, a]).success,
    ).toBe(false);
    expect(
      parse([a, { ...b, visible_if: { all: [{ field: 'a', op: 'equals', value: 'ja' }] } }]).success,
    ).toBe(false);
    expect(
      parse([a, { ...b, visible_if: { any: [{ field: 'a', op: 'includes', value: true }] } }]).success,
    ).toBe(false);
    expect(
      parse([a, { ...b, visible_if: { all: [{ field: 'a', op: 'answered', value: true }] } }]).success,
    ).toBe(false);
    expect(
      parse([a, { ...b, visible_if: { all: [{ field: 'a', op: 'equals', value: true }] } }]).success,
    ).toBe(true);
    expect(parse([a, { ...b, id: 'a' }]).success).toBe(false);
    expect(parse([{ ...a, id: 's' }]).success).toBe(false);
    expect(parse([{ ...a, id: 'constructor' }]).success).toBe(false);
    expect(parse([{ ...a, label: label('half \ud800 a pair') }]).success).toBe(false);
    expect(parse([{ id: 'i', type: 'info_text', text: label('Alleen tekst') }]).success).toBe(false);
    expect(parse([{ ...b, rules: { min_length: 5, max_length: 2 } }]).success).toBe(false);
    expect(
      parse([
        {
          id: 'c',
          type: 'single_choice',
          label: label('C'),
          options: [
            { value: 'x', label: label('x') },
            { value: 'x', label: label('y') },
          ],
        },
      ]).success,
    ).toBe(false);
  });
});
