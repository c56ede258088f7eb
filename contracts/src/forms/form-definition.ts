import { z } from 'zod';
import { hasLoneSurrogate } from '../validation/text.ts';

/**
 * The form definition format (issue #18, docs/decisions/forms.md): a form as data — pages of
 * sections of fields, each text in nl and en, validation rules and visibility conditions as data.
 * Stored as JSON; a published version is frozen, and every submission names the version it answered.
 * Zod only (no catalogue, no i18n), so the portal can load it lazily with the public form.
 */

/** The format this file describes; a later incompatible format gets 2 and a migration. */
export const FORM_DEFINITION_FORMAT = 1 as const;

/** Every text a visitor sees, in both languages (spec §9: nl and en; nl is the fallback). */
export const ZLocalizedText = z
  .object({ nl: z.string().trim().max(2000), en: z.string().trim().max(2000) })
  .strict();
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

/** A label: the Dutch text is required, English may be empty (then nl shows). */
export const ZLabel = z
  .object({ nl: z.string().trim().min(1).max(500), en: z.string().trim().max(500) })
  .strict();

/** Object keys a field id must never be (answers are plain objects). */
const RESERVED_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
]);

/** A field, section or page id: the key of its answer, stable across versions (`first_name`). */
export const ZFormKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/)
  .refine((k) => !RESERVED_KEYS.has(k));

export const FORM_FIELD_TYPES = [
  'short_text',
  'long_text',
  'number',
  'email',
  'url',
  'phone',
  'date',
  'single_choice',
  'multiple_choice',
  'scale',
  'yes_no',
  'file_upload',
  'signature',
  'info_text',
] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Visibility conditions

export const CONDITION_OPERATORS = ['equals', 'notEquals', 'includes', 'answered', 'notAnswered'] as const;
export type TConditionOperator = (typeof CONDITION_OPERATORS)[number];

/**
 * One test on an earlier field's answer. `equals`/`notEquals` compare a single answer (a choice's
 * value, a number, yes/no as true/false); `includes` tests whether a multiple-choice answer holds
 * `value`; `answered`/`notAnswered` take no value. A hidden field's answer counts as not answered.
 */
export const ZCondition = z
  .object({
    field: ZFormKey,
    op: z.enum(CONDITION_OPERATORS),
    value: z.union([z.string().max(200), z.number(), z.boolean()]).optional(),
  })
  .strict();
export type TCondition = z.infer<typeof ZCondition>;

/** Shown when all (or any) of its conditions hold. */
export const ZVisibility = z.union([
  z.object({ all: z.array(ZCondition).min(1).max(20) }).strict(),
  z.object({ any: z.array(ZCondition).min(1).max(20) }).strict(),
]);
export type TVisibility = z.infer<typeof ZVisibility>;

// ---------------------------------------------------------------------------------------------
// Fields

const ZLength = z.number().int().min(0).max(100_000);

const fieldBase = {
  id: ZFormKey,
  label: ZLabel,
  /** A hint below the label. */
  help: ZLocalizedText.optional(),
  visible_if: ZVisibility.optional(),
};

const ZRequired = z.boolean().optional();

const ZTextRules = z
  .object({ required: ZRequired, min_length: ZLength.optional(), max_length: ZLength.optional() })
  .strict();

/** Rules of fields that are only required or not. */
const ZRequiredOnly = z.object({ required: ZRequired }).strict();

export const ZChoiceOption = z.object({ value: z.string().trim().min(1).max(200), label: ZLabel }).strict();
export type TChoiceOption = z.infer<typeof ZChoiceOption>;

const ZOptions = z.array(ZChoiceOption).min(1).max(100);

/** A calendar date, `YYYY-MM-DD`. */
const ZIsoDate = z.iso.date();

export const ZShortTextField = z
  .object({ ...fieldBase, type: z.literal('short_text'), rules: ZTextRules.optional() })
  .strict();
export const ZLongTextField = z
  .object({ ...fieldBase, type: z.literal('long_text'), rules: ZTextRules.optional() })
  .strict();
export const ZNumberField = z
  .object({
    ...fieldBase,
    type: z.literal('number'),
    rules: z
      .object({
        required: ZRequired,
        min: z.number().optional(),
        max: z.number().optional(),
        positive: z.boolean().optional(),
        integer: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export const ZEmailField = z
  .object({ ...fieldBase, type: z.literal('email'), rules: ZRequiredOnly.optional() })
  .strict();
export const ZUrlField = z
  .object({ ...fieldBase, type: z.literal('url'), rules: ZRequiredOnly.optional() })
  .strict();
export const ZPhoneField = z
  .object({ ...fieldBase, type: z.literal('phone'), rules: ZRequiredOnly.optional() })
  .strict();
export const ZDateField = z
  .object({
    ...fieldBase,
    type: z.literal('date'),
    rules: z
      .object({ required: ZRequired, min: ZIsoDate.optional(), max: ZIsoDate.optional() })
      .strict()
      .optional(),
  })
  .strict();
export const ZSingleChoiceField = z
  .object({
    ...fieldBase,
    type: z.literal('single_choice'),
    options: ZOptions,
    /** How the renderer shows it; the answer is the same. */
    display: z.enum(['radio', 'select']).optional(),
    rules: ZRequiredOnly.optional(),
  })
  .strict();
export const ZMultipleChoiceField = z
  .object({
    ...fieldBase,
    type: z.literal('multiple_choice'),
    options: ZOptions,
    rules: z
      .object({ required: ZRequired, min_items: ZLength.optional(), max_items: ZLength.optional() })
      .strict()
      .optional(),
  })
  .strict();
export const ZScaleField = z
  .object({
    ...fieldBase,
    type: z.literal('scale'),
    /** The answer is a whole number from `min` to `max` (a rating: 1 to 5). */
    min: z.number().int().min(0).max(1),
    max: z.number().int().min(2).max(10),
    min_label: ZLocalizedText.optional(),
    max_label: ZLocalizedText.optional(),
    rules: ZRequiredOnly.optional(),
  })
  .strict();
export const ZYesNoField = z
  .object({ ...fieldBase, type: z.literal('yes_no'), rules: ZRequiredOnly.optional() })
  .strict();
/** What a file question accepts: images (JPEG, PNG, WebP) and PDFs, decided by the file's bytes. */
export const FORM_FILE_KINDS = ['image', 'pdf'] as const;
export type TFormFileKind = (typeof FORM_FILE_KINDS)[number];
/** The largest file a form question may allow, in MB (content's upload limit). */
export const FORM_FILE_MAX_MB = 10;

/**
 * The answer is the id of a file the visitor uploaded for this form (`POST /api/v1/public/forms/{token}/files`,
 * docs/decisions/forms.md "Files on public forms"). `max_size_mb` (default `FORM_FILE_MAX_MB`) and
 * `accept` (default both kinds) are checked by the server when the file arrives.
 */
export const ZFileUploadField = z
  .object({
    ...fieldBase,
    type: z.literal('file_upload'),
    rules: z
      .object({
        required: ZRequired,
        max_size_mb: z.number().int().min(1).max(FORM_FILE_MAX_MB).optional(),
        accept: z
          .array(z.enum(FORM_FILE_KINDS))
          .min(1)
          .max(FORM_FILE_KINDS.length)
          .refine((kinds) => new Set(kinds).size === kinds.length)
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
/** The answer is the drawn signature as an image data URL (PNG or JPEG). */
export const ZSignatureField = z
  .object({ ...fieldBase, type: z.literal('signature'), rules: ZRequiredOnly.optional() })
  .strict();
/** Text between the questions; takes no answer. */
export const ZInfoTextField = z
  .object({
    id: ZFormKey,
    type: z.literal('info_text'),
    text: ZLabel,
    visible_if: ZVisibility.optional(),
  })
  .strict();

export const ZFormField = z.discriminatedUnion('type', [
  ZShortTextField,
  ZLongTextField,
  ZNumberField,
  ZEmailField,
  ZUrlField,
  ZPhoneField,
  ZDateField,
  ZSingleChoiceField,
  ZMultipleChoiceField,
  ZScaleField,
  ZYesNoField,
  ZFileUploadField,
  ZSignatureField,
  ZInfoTextField,
]);
export type TFormField = z.infer<typeof ZFormField>;
/** A field that takes an answer (every type but info text). */
export type TAnswerField = Exclude<TFormField, { type: 'info_text' }>;

export const isAnswerField = (field: TFormField): field is TAnswerField => field.type !== 'info_text';

// ---------------------------------------------------------------------------------------------
// Sections, pages, the definition

export const ZFormSection = z
  .object({
    id: ZFormKey,
    title: ZLocalizedText.optional(),
    description: ZLocalizedText.optional(),
    visible_if: ZVisibility.optional(),
    fields: z.array(ZFormField).max(200),
  })
  .strict();
export type TFormSection = z.infer<typeof ZFormSection>;

export const ZFormPage = z
  .object({
    id: ZFormKey,
    title: ZLocalizedText.optional(),
    visible_if: ZVisibility.optional(),
    sections: z.array(ZFormSection).min(1).max(50),
  })
  .strict();
export type TFormPage = z.infer<typeof ZFormPage>;

/** At most this many fields in one form (a 60-field form is the benchmark's). */
export const MAX_FORM_FIELDS = 300;

/** Every field of a definition in order, with the visibility of its page and section. */
export function formFields(definition: Pick<TFormDefinition, 'pages'>): {
  field: TFormField;
  page: TFormPage;
  section: TFormSection;
}[] {
  return definition.pages.flatMap((page) =>
    page.sections.flatMap((section) => section.fields.map((field) => ({ field, page, section }))),
  );
}

function conditionsOf(visibility: TVisibility | undefined): TCondition[] {
  if (!visibility) return [];
  return 'all' in visibility ? visibility.all : visibility.any;
}

/** Some string in the value holds half a surrogate pair (it could not be stored). */
function hasBrokenText(value: unknown): boolean {
  if (typeof value === 'string') return hasLoneSurrogate(value);
  if (Array.isArray(value)) return value.some(hasBrokenText);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasBrokenText);
  return false;
}

const ZFormDefinitionShape = z
  .object({
    format: z.literal(FORM_DEFINITION_FORMAT),
    title: ZLabel,
    description: ZLocalizedText.optional(),
    /** Shown after a successful submission. */
    confirmation: ZLocalizedText.optional(),
    pages: z.array(ZFormPage).min(1).max(50),
  })
  .strict();

/**
 * A form definition. Beyond the shapes: ids are unique; a condition names an earlier field that takes
 * an answer (so visibility is decided in one pass and never loops); a condition's value fits that
 * field (an option of a choice, a boolean of yes/no, a number of a number or scale); the rules' bounds
 * are in order; the form has a field to answer and at most `MAX_FORM_FIELDS` fields.
 */
export const ZFormDefinition = ZFormDefinitionShape.superRefine((definition, ctx) => {
  const seen = new Map<string, TFormField>();
  const containerIds = new Set<string>();
  let answerable = 0;
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });

  const checkConditions = (visibility: TVisibility | undefined, path: (string | number)[]) => {
    conditionsOf(visibility).forEach((condition, i) => {
      const target = seen.get(condition.field);
      const at = [...path, 'visible_if', 'all' in visibility! ? 'all' : 'any', i];
      if (!target || !isAnswerField(target)) {
        issue(at, `Condition refers to ${condition.field}, which is not an earlier question`);
        return;
      }
      const needsValue = condition.op !== 'answered' && condition.op !== 'notAnswered';
      if (needsValue !== (condition.value !== undefined)) {
        issue(at, needsValue ? 'Condition needs a value' : 'Condition takes no value');
        return;
      }
      if (!needsValue) return;
      const value = condition.value;
      const fits =
        target.type === 'single_choice' || target.type === 'multiple_choice'
          ? target.options.some((o) => o.value === value)
          : target.type === 'yes_no'
            ? typeof value === 'boolean'
            : target.type === 'number' || target.type === 'scale'
              ? typeof value === 'number'
              : typeof value === 'string';
      if (!fits) issue(at, 'Condition value does not fit the field');
      if (condition.op === 'includes' && target.type !== 'multiple_choice') {
        issue(at, '`includes` tests a multiple-choice field');
      }
    });
  };

  definition.pages.forEach((page, p) => {
    const pagePath = ['pages', p];
    if (containerIds.has(page.id)) issue([...pagePath, 'id'], 'Duplicate id');
    containerIds.add(page.id);
    checkConditions(page.visible_if, pagePath);
    page.sections.forEach((section, s) => {
      const sectionPath = [...pagePath, 'sections', s];
      if (containerIds.has(section.id)) issue([...sectionPath, 'id'], 'Duplicate id');
      containerIds.add(section.id);
      checkConditions(section.visible_if, sectionPath);
      section.fields.forEach((field, f) => {
        const path = [...sectionPath, 'fields', f];
        checkConditions(field.visible_if, path);
        if (seen.has(field.id)) issue([...path, 'id'], 'Duplicate field id');
        seen.set(field.id, field);
        if (isAnswerField(field)) answerable += 1;
        const rules = 'rules' in field ? (field.rules as Record<string, unknown> | undefined) : undefined;
        const inOrder = (a: unknown, b: unknown) =>
          a === undefined || b === undefined || (a as number | string) <= (b as number | string);
        if (rules && !inOrder(rules.min_length, rules.max_length))
          issue([...path, 'rules'], 'min_length > max_length');
        if (rules && !inOrder(rules.min, rules.max)) issue([...path, 'rules'], 'min > max');
        if (rules && !inOrder(rules.min_items, rules.max_items))
          issue([...path, 'rules'], 'min_items > max_items');
        if (field.type === 'single_choice' || field.type === 'multiple_choice') {
          const values = field.options.map((o) => o.value);
          if (new Set(values).size !== values.length) issue([...path, 'options'], 'Duplicate option value');
          if (field.type === 'multiple_choice' && (field.rules?.min_items ?? 0) > values.length) {
            issue([...path, 'rules'], 'min_items exceeds the options');
          }
        }
      });
    });
  });
  if (answerable === 0) issue(['pages'], 'The form has no question');
  if (hasBrokenText(definition)) issue([], 'A text holds half a UTF-16 surrogate pair');
  if (seen.size > MAX_FORM_FIELDS) issue(['pages'], `At most ${MAX_FORM_FIELDS} fields`);
  for (const id of containerIds)
    if (seen.has(id)) issue(['pages'], `Id ${id} is both a field and a page or section`);
});
export type TFormDefinition = z.infer<typeof ZFormDefinitionShape>;

/** The smallest valid definition: a new form's draft. */
export function emptyFormDefinition(
  title: TLocalizedText = { nl: 'Nieuw formulier', en: 'New form' },
): TFormDefinition {
  return {
    format: FORM_DEFINITION_FORMAT,
    title,
    pages: [
      {
        id: 'page_1',
        sections: [
          {
            id: 'section_1',
            fields: [{ id: 'question_1', type: 'short_text', label: { nl: 'Vraag 1', en: 'Question 1' } }],
          },
        ],
      },
    ],
  };
}
