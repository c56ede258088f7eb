import { parseDecimal } from '@stageplein/contracts/validation/field-rules';
import {
  buildSubmissionSchema,
  fieldIssue,
  visibleAnswers,
  visibleFields,
  type TAnswers,
} from '@stageplein/contracts/forms/submission-schema';
import {
  isAnswerField,
  type TAnswerField,
  type TFormDefinition,
  type TFormPage,
  type TLocalizedText,
} from '@stageplein/contracts/forms/form-definition';
import { zodIssueKey, type TValidationMessage } from '@stageplein/contracts/errors/zod-issue-key';

/** Whether the catalogue has a key (i18next's `exists` in the browser). */
export type TKnownKey = (key: string) => boolean;

/**
 * The renderer's pure rules (issue #18): what the inputs hold becomes typed answers, and every
 * message comes from the shared schema builder of `contracts/forms` — the renderer never checks an
 * answer itself, so the browser refuses exactly what the server refuses.
 */

export type TLanguage = 'nl' | 'en';

/** A text in the visitor's language; English falls back to Dutch when left empty. */
export function localized(text: TLocalizedText | undefined, lang: TLanguage | string): string {
  if (!text) return '';
  return lang === 'en' && text.en.trim() ? text.en : text.nl;
}

/**
 * The inputs' values as answers: a number field's text becomes a number ("3,5" → 3.5); text that is
 * no number stays text, so the schema reports "must be a number" rather than treating it as empty.
 */
export function typedAnswers(definition: TFormDefinition, raw: TAnswers): TAnswers {
  const out: TAnswers = {};
  for (const page of definition.pages)
    for (const section of page.sections)
      for (const field of section.fields) {
        if (!isAnswerField(field) || !Object.hasOwn(raw, field.id)) continue;
        out[field.id] = typedAnswer(field, raw[field.id]);
      }
  return out;
}

function typedAnswer(field: TAnswerField, value: unknown): unknown {
  if (field.type !== 'number' || typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  const n = parseDecimal(value);
  return Number.isFinite(n) ? n : value;
}

/** One field's first failing rule (spec §5: checked on blur, the first failing rule only). */
export function fieldMessage(
  definition: TFormDefinition,
  field: TAnswerField,
  raw: unknown,
  known: TKnownKey,
): TValidationMessage | undefined {
  const issue = fieldIssue(definition, field.id, typedAnswer(field, raw));
  return issue ? zodIssueKey(issue, known) : undefined;
}

export interface TSubmitCheck {
  /** What to send: the visible questions' answers only. */
  answers: TAnswers;
  /** The first message per visible field that fails. */
  messages: Record<string, TValidationMessage>;
  /** A message about the whole form (nothing answered), if any. */
  formMessage: TValidationMessage | undefined;
  ok: boolean;
}

/**
 * The check on submit: the answers of the visible fields parsed with `buildSubmissionSchema` — the
 * very schema the server parses with. Issues are grouped by field, keeping each field's first.
 */
export function checkSubmission(definition: TFormDefinition, raw: TAnswers, known: TKnownKey): TSubmitCheck {
  const answers = visibleAnswers(definition, typedAnswers(definition, raw));
  for (const [key, value] of Object.entries(answers)) if (value === undefined) delete answers[key];
  const result = buildSubmissionSchema(definition, answers).safeParse(answers);
  const messages: Record<string, TValidationMessage> = {};
  let formMessage: TValidationMessage | undefined;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') messages[key] ??= zodIssueKey(issue, known);
      else formMessage ??= zodIssueKey(issue, known);
    }
  }
  return { answers, messages, formMessage, ok: result.success };
}

/** The ids of the answer fields shown now, in order. */
export function visibleIds(definition: TFormDefinition, raw: TAnswers): Set<string> {
  return new Set(
    visibleFields(definition, typedAnswers(definition, raw))
      .filter(isAnswerField)
      .map((f) => f.id),
  );
}

/** The ids of every field (info texts too) shown now. */
export function shownIds(definition: TFormDefinition, raw: TAnswers): Set<string> {
  return new Set(visibleFields(definition, typedAnswers(definition, raw)).map((f) => f.id));
}

/** The pages shown now (a page is shown when any of its fields is). */
export function shownPages(definition: TFormDefinition, raw: TAnswers): TFormPage[] {
  const shown = shownIds(definition, raw);
  return definition.pages.filter((p) => p.sections.some((s) => s.fields.some((f) => shown.has(f.id))));
}

/** An answer as text, for the submission view and the builder's list (`—` when unanswered). */
export function answerText(
  field: TAnswerField,
  value: unknown,
  lang: TLanguage | string,
  words: { yes: string; no: string },
): string {
  if (value === undefined || value === null || value === '') return '—';
  const option = (v: unknown) =>
    'options' in field
      ? localized(field.options.find((o) => o.value === v)?.label, lang) || String(v)
      : String(v);
  switch (field.type) {
    case 'yes_no':
      return value === true ? words.yes : value === false ? words.no : String(value);
    case 'single_choice':
      return option(value);
    case 'multiple_choice':
      return Array.isArray(value) ? value.map(option).join(', ') : String(value);
    case 'scale':
      return `${String(value)} / ${field.max}`;
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
