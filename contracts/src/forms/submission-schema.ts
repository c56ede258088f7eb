import { z } from 'zod';
import { isPhoneNumber, zDecimal, zHttpUrl } from '../validation/field-rules.ts';
import { hasForbiddenControlCharacter, hasLoneSurrogate } from '../validation/text.ts';
import {
  formFields,
  isAnswerField,
  type TAnswerField,
  type TCondition,
  type TFormDefinition,
  type TFormField,
  type TVisibility,
} from './form-definition.ts';

/**
 * The one schema builder of issue #18: the strict zod schema of the fields a given answer set shows.
 * The server validates a submission with it and the renderer in the browser validates with the same
 * field schemas, so both refuse the same answers (property tests in submission-schema.test.ts).
 * Messages come from the catalogue through `zodIssueMessage` (errors/validation-messages.ts): the
 * checks are zod's own (min, max, email, url, int, …) or carry `params.i18nKey`.
 */

/** An answer as it travels: text, a number, yes/no, or the values of a multiple choice. */
export type TAnswerValue = string | number | boolean | string[];
export type TAnswers = Record<string, unknown>;

/** Catalogue key of the whole-form message "answer at least one question". */
export const EMPTY_SUBMISSION_MESSAGE = 'validation.answerRequired';

/** Text limits when the form sets none, and the most a form may set. */
export const TEXT_LIMITS = {
  short_text: { default: 500, max: 10_000 },
  long_text: { default: 10_000, max: 50_000 },
} as const;
/** A drawn signature as a PNG or JPEG data URL, at most ~375 kB of image. */
export const MAX_SIGNATURE_LENGTH = 500_000;
const SIGNATURE_DATA_URL = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * What counts as "not answered": absent, null, text of only spaces, an empty list, a number that is
 * not finite. Strings are trimmed. Visibility and validation both read answers through this.
 */
export function normalizeAnswer(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  // An empty number input gives NaN; JSON sends NaN and Infinity as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

const own = (answers: unknown, key: string): unknown =>
  typeof answers === 'object' && answers !== null && Object.hasOwn(answers, key)
    ? (answers as TAnswers)[key]
    : undefined;

function holds(condition: TCondition, shown: Map<string, unknown>): boolean {
  const answer = shown.get(condition.field);
  switch (condition.op) {
    case 'answered':
      return answer !== undefined;
    case 'notAnswered':
      return answer === undefined;
    case 'equals':
      return !Array.isArray(answer) && answer !== undefined && answer === condition.value;
    case 'notEquals':
      return Array.isArray(answer) || answer === undefined || answer !== condition.value;
    case 'includes':
      return Array.isArray(answer) && answer.includes(condition.value);
  }
}

function isVisible(visibility: TVisibility, shown: Map<string, unknown>): boolean {
  return 'all' in visibility
    ? visibility.all.every((c) => holds(c, shown))
    : visibility.any.some((c) => holds(c, shown));
}

/** One field of a compiled definition: the conditions of its page, section and itself. */
interface TEntry {
  field: TFormField;
  conditions: TVisibility[];
  /** A condition names it: visibility needs its answer. */
  referenced: boolean;
}

/**
 * Which entries `answers` shows. Conditions name earlier fields only (of an earlier page or section
 * for a page's or section's), so one pass in order decides; a hidden field's answer counts as not
 * answered, so hiding cascades.
 */
function visibility(entries: TEntry[], answers: unknown): boolean[] {
  const shown = new Map<string, unknown>();
  return entries.map(({ field, conditions, referenced }) => {
    const visible = conditions.every((c) => isVisible(c, shown));
    if (referenced && visible) shown.set(field.id, normalizeAnswer(own(answers, field.id)));
    return visible;
  });
}

/** The fields (info texts included) that `answers` shows, in order. */
export function visibleFields(definition: TFormDefinition, answers: unknown): TFormField[] {
  const { entries } = compile(definition);
  const visible = visibility(entries, answers);
  return entries.filter((_, i) => visible[i]).map((e) => e.field);
}

/** The answers of the visible fields only: what the renderer sends (a hidden field's answer is dropped). */
export function visibleAnswers(definition: TFormDefinition, answers: TAnswers): TAnswers {
  const out: TAnswers = {};
  for (const field of visibleFields(definition, answers)) {
    if (isAnswerField(field) && Object.hasOwn(answers, field.id)) out[field.id] = answers[field.id];
  }
  return out;
}

const isCleanText = (s: string) => !hasForbiddenControlCharacter(s) && !hasLoneSurrogate(s);

/** The schema of one answer when given (empty → undefined, strings trimmed first). */
function valueSchema(field: TAnswerField): z.ZodType {
  switch (field.type) {
    case 'short_text':
    case 'long_text': {
      const limits = TEXT_LIMITS[field.type];
      let s = z.string().max(Math.min(field.rules?.max_length ?? limits.default, limits.max));
      if (field.rules?.min_length) s = s.min(field.rules.min_length);
      return s.refine(isCleanText);
    }
    case 'email':
      return z.email().max(254);
    case 'url':
      return zHttpUrl(2000);
    case 'phone':
      return z
        .string()
        .max(30)
        .refine(isPhoneNumber, { params: { i18nKey: 'validation.phoneNumber' } });
    case 'date': {
      const { min, max } = field.rules ?? {};
      let s: z.ZodType<string> = z.iso.date();
      if (min)
        s = s.refine((v) => v >= min, { params: { i18nKey: 'validation.dateMin', i18nVars: { min } } });
      if (max)
        s = s.refine((v) => v <= max, { params: { i18nKey: 'validation.dateMax', i18nVars: { max } } });
      return s;
    }
    case 'number': {
      let n = z.number();
      const rules = field.rules ?? {};
      if (rules.integer) n = n.int();
      if (rules.positive) n = n.positive();
      if (rules.min !== undefined) n = n.min(rules.min);
      if (rules.max !== undefined) n = n.max(rules.max);
      return zDecimal(n);
    }
    case 'single_choice':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]]);
    case 'multiple_choice': {
      const values = field.options.map((o) => o.value) as [string, ...string[]];
      let a = z.array(z.enum(values)).max(Math.min(field.rules?.max_items ?? values.length, values.length));
      if (field.rules?.min_items) a = a.min(field.rules.min_items);
      return a.refine((list) => new Set(list).size === list.length);
    }
    case 'scale':
      return z.number().int().min(field.min).max(field.max);
    case 'yes_no':
      return z.boolean();
    case 'file_upload':
      return z.uuid();
    case 'signature':
      return z
        .string()
        .max(MAX_SIGNATURE_LENGTH)
        .refine((v) => SIGNATURE_DATA_URL.test(v));
  }
}

/** One field's schema for a normalized answer (`normalizeAnswer`): only a required field refuses none. */
function answerSchema(field: TAnswerField): z.ZodType {
  const inner = valueSchema(field);
  return field.rules?.required ? inner : inner.optional();
}

interface TCompiled {
  entries: TEntry[];
  fields: Map<string, z.ZodType>;
  /** Submission schemas by which conditional fields are shown (a form has few distinct visible sets). */
  schemas: Map<string, z.ZodType<TAnswers>>;
}

/** Compiled once per definition object (treat a definition as immutable once validated against). */
const compiled = new WeakMap<TFormDefinition, TCompiled>();
const MAX_CACHED_SCHEMAS = 64;

function compile(definition: TFormDefinition): TCompiled {
  let c = compiled.get(definition);
  if (!c) {
    const referenced = new Set<string>();
    const entries = formFields(definition).map(({ field, page, section }) => {
      const conditions = [page.visible_if, section.visible_if, field.visible_if].filter(
        (v): v is TVisibility => v !== undefined,
      );
      for (const v of conditions) for (const cond of 'all' in v ? v.all : v.any) referenced.add(cond.field);
      return { field, conditions, referenced: false };
    });
    for (const entry of entries) entry.referenced = referenced.has(entry.field.id);
    c = { entries, fields: new Map(), schemas: new Map() };
    for (const { field } of entries) {
      if (isAnswerField(field)) c.fields.set(field.id, answerSchema(field));
    }
    compiled.set(definition, c);
  }
  return c;
}

const isAnswered = (value: unknown) => value !== undefined;

/** Every answer through `normalizeAnswer`, keys kept (`__proto__` too, as an own key). */
function normalizeAnswers(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: TAnswers = {};
  for (const key of Object.keys(input)) {
    const value = normalizeAnswer((input as TAnswers)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true });
    else out[key] = value;
  }
  return out;
}

/**
 * The strict schema of a submission of `definition` given `answers`: an object with exactly the
 * visible questions as keys (any other key is refused, a hidden field's too), each optional unless
 * required, and at least one of them answered. Parse the same `answers` with it.
 */
export function buildSubmissionSchema(definition: TFormDefinition, answers: unknown): z.ZodType<TAnswers> {
  const c = compile(definition);
  const visible = visibility(c.entries, answers);
  let key = '';
  for (let i = 0; i < c.entries.length; i++)
    if (c.entries[i]!.conditions.length > 0) key += visible[i] ? '1' : '0';
  let schema = c.schemas.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    c.entries.forEach(({ field }, i) => {
      if (visible[i] && isAnswerField(field)) shape[field.id] = c.fields.get(field.id)!;
    });
    schema = z.preprocess(
      normalizeAnswers,
      z.strictObject(shape).refine((parsed) => Object.values(parsed).some(isAnswered), {
        params: { i18nKey: EMPTY_SUBMISSION_MESSAGE },
      }),
    );
    if (c.schemas.size >= MAX_CACHED_SCHEMAS) c.schemas.clear();
    c.schemas.set(key, schema);
  }
  return schema;
}

/** The first problem of one answer (on blur, spec §5: the first failing rule), or null. */
export function fieldIssue(
  definition: TFormDefinition,
  fieldId: string,
  value: unknown,
): z.core.$ZodIssue | null {
  const schema = compile(definition).fields.get(fieldId);
  if (!schema) return null;
  const result = schema.safeParse(normalizeAnswer(value));
  return result.success ? null : result.error.issues[0]!;
}

export interface TAnswersCheck {
  ok: boolean;
  /** The first problem per visible field. */
  fields: Record<string, z.core.$ZodIssue>;
  /** Keys that are no visible question (the renderer sends `visibleAnswers`, so none). */
  unknownKeys: string[];
  /** Nothing answered. */
  empty: boolean;
}

/**
 * The renderer's check of a whole answer set (on submit): each visible field on its own, plus the
 * form-level rules. Accepts exactly what `buildSubmissionSchema` accepts.
 */
export function checkAnswers(definition: TFormDefinition, answers: TAnswers): TAnswersCheck {
  const fields: Record<string, z.core.$ZodIssue> = {};
  const visible = new Set<string>();
  let empty = true;
  for (const field of visibleFields(definition, answers)) {
    if (!isAnswerField(field)) continue;
    visible.add(field.id);
    const value = own(answers, field.id);
    const issue = fieldIssue(definition, field.id, value);
    if (issue) fields[field.id] = issue;
    if (normalizeAnswer(value) !== undefined) empty = false;
  }
  // A key whose value is undefined does not travel (JSON drops it), so it is no answer.
  const unknownKeys = Object.keys(answers).filter((k) => answers[k] !== undefined && !visible.has(k));
  return {
    ok: Object.keys(fields).length === 0 && unknownKeys.length === 0 && !empty,
    fields,
    unknownKeys,
    empty,
  };
}
