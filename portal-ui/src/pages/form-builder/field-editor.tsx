import { useId, type ReactNode } from 'react';
import {
  CONDITION_OPERATORS,
  type TAnswerField,
  type TCondition,
  type TConditionOperator,
  type TFormDefinition,
  type TFormField,
  type TLocalizedText,
  FORM_FILE_KINDS,
  FORM_FILE_MAX_MB,
  type TFormFileKind,
} from '@stageplein/contracts/forms/form-definition';
import { EditorCheckbox, EditorSelect } from '@stageplein/design-system/forms/editor-inputs.tsx';
import { localized } from '../../forms-renderer/answer-model.ts';
import { earlierAnswerFields, newOption } from './builder-model.ts';
import { useBuilderTexts } from './builder-messages.ts';

/** A text in both languages: two labelled inputs. */
export function LocalizedInputs({
  labels,
  value,
  onChange,
  required,
  multiline,
  testId,
}: {
  labels: [string, string];
  value: TLocalizedText;
  onChange: (value: TLocalizedText) => void;
  required?: boolean;
  multiline?: boolean;
  testId?: string;
}) {
  const id = useId();
  const input = (lang: 'nl' | 'en', label: string) => {
    const props = {
      id: `${id}-${lang}`,
      className: `field__input${multiline ? ' field__input--multiline' : ''}`,
      value: value[lang],
      'data-testid': testId ? `${testId}-${lang}` : undefined,
      'aria-required': (required && lang === 'nl') || undefined,
      onChange: (e: { target: { value: string } }) => onChange({ ...value, [lang]: e.target.value }),
    };
    return (
      <div className="field">
        <label htmlFor={`${id}-${lang}`} className="field__label">
          {label}
        </label>
        {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      </div>
    );
  };
  return (
    <div className="form-editor__pair">
      {input('nl', labels[0])}
      {input('en', labels[1])}
    </div>
  );
}

function NumberInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        className="field__input"
        value={value ?? ''}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    </div>
  );
}

/** Drops undefined keys, and the whole object when nothing is left (the format's optional parts). */
function compact<T extends object>(value: T): T | undefined {
  const out = Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== false),
  ) as T;
  return Object.keys(out).length ? out : undefined;
}

/** The properties of one question: texts, rules by type, options, its visibility condition. */
export function FieldEditor({
  field,
  definition,
  onChange,
  onRemove,
}: {
  field: TFormField;
  definition: TFormDefinition;
  onChange: (field: TFormField) => void;
  onRemove: () => void;
}) {
  const { t } = useBuilderTexts();
  const parts: ReactNode[] = [];
  if (field.type === 'info_text') {
    parts.push(
      <LocalizedInputs
        key="text"
        labels={[t('editor.textNl'), t('editor.textEn')]}
        value={field.text}
        multiline
        required
        onChange={(text) => onChange({ ...field, text })}
        testId="field-text"
      />,
    );
  } else {
    parts.push(
      <LocalizedInputs
        key="label"
        labels={[t('editor.labelNl'), t('editor.labelEn')]}
        value={field.label}
        required
        onChange={(label) => onChange({ ...field, label })}
        testId="field-label"
      />,
      <LocalizedInputs
        key="help"
        labels={[t('editor.helpNl'), t('editor.helpEn')]}
        value={field.help ?? { nl: '', en: '' }}
        onChange={(help) => {
          const { help: _old, ...rest } = field;
          onChange(help.nl || help.en ? { ...field, help } : (rest as TFormField));
        }}
      />,
      <RulesEditor key="rules" field={field} onChange={onChange} />,
    );
  }
  parts.push(<ConditionEditor key="condition" field={field} definition={definition} onChange={onChange} />);
  return (
    <div className="form-editor__properties" data-testid="field-editor">
      {parts}
      <p>
        <button type="button" className="btn btn--neutral" data-testid="remove-field" onClick={onRemove}>
          {t('editor.remove')}
        </button>
      </p>
    </div>
  );
}

function RulesEditor({ field, onChange }: { field: TAnswerField; onChange: (field: TFormField) => void }) {
  const { t } = useBuilderTexts();
  const rules = (field.rules ?? {}) as Record<string, unknown>;
  const setRule = (key: string, value: unknown) => {
    const next = compact({ ...rules, [key]: value });
    const { rules: _old, ...rest } = field;
    onChange((next ? { ...rest, rules: next } : rest) as TFormField);
  };
  const num = (key: string) => (typeof rules[key] === 'number' ? (rules[key] as number) : undefined);
  const out: ReactNode[] = [
    <EditorCheckbox
      key="required"
      label={t('editor.required')}
      checked={rules.required === true}
      onChange={(c) => setRule('required', c || undefined)}
      testId="field-required"
    />,
  ];
  switch (field.type) {
    case 'short_text':
    case 'long_text':
      out.push(
        <div key="len" className="form-editor__pair">
          <NumberInput
            label={t('editor.minLength')}
            value={num('min_length')}
            onChange={(v) => setRule('min_length', v)}
          />
          <NumberInput
            label={t('editor.maxLength')}
            value={num('max_length')}
            onChange={(v) => setRule('max_length', v)}
          />
        </div>,
      );
      break;
    case 'number':
      out.push(
        <div key="range" className="form-editor__pair">
          <NumberInput label={t('editor.min')} value={num('min')} onChange={(v) => setRule('min', v)} />
          <NumberInput label={t('editor.max')} value={num('max')} onChange={(v) => setRule('max', v)} />
        </div>,
        <EditorCheckbox
          key="int"
          label={t('editor.integer')}
          checked={rules.integer === true}
          onChange={(c) => setRule('integer', c || undefined)}
        />,
        <EditorCheckbox
          key="pos"
          label={t('editor.positive')}
          checked={rules.positive === true}
          onChange={(c) => setRule('positive', c || undefined)}
        />,
      );
      break;
    case 'date':
      out.push(
        <div key="range" className="form-editor__pair">
          <DateInput
            label={t('editor.min')}
            value={rules.min as string | undefined}
            onChange={(v) => setRule('min', v)}
          />
          <DateInput
            label={t('editor.max')}
            value={rules.max as string | undefined}
            onChange={(v) => setRule('max', v)}
          />
        </div>,
      );
      break;
    case 'multiple_choice':
      out.push(
        <div key="items" className="form-editor__pair">
          <NumberInput
            label={t('editor.minItems')}
            value={num('min_items')}
            onChange={(v) => setRule('min_items', v)}
          />
          <NumberInput
            label={t('editor.maxItems')}
            value={num('max_items')}
            onChange={(v) => setRule('max_items', v)}
          />
        </div>,
      );
      break;
    case 'file_upload': {
      // Both kinds when none is ticked off: an empty list is not a rule the format takes.
      const kinds = (rules.accept as TFormFileKind[] | undefined) ?? [...FORM_FILE_KINDS];
      const toggle = (kind: TFormFileKind, on: boolean) => {
        const next = FORM_FILE_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));
        setRule('accept', next.length === 0 || next.length === FORM_FILE_KINDS.length ? undefined : next);
      };
      out.push(
        <NumberInput
          key="size"
          label={t('editor.maxSizeMb', { max: FORM_FILE_MAX_MB })}
          value={num('max_size_mb')}
          onChange={(v) =>
            setRule('max_size_mb', v === undefined ? undefined : Math.min(FORM_FILE_MAX_MB, Math.max(1, v)))
          }
        />,
        <EditorCheckbox
          key="images"
          label={t('editor.acceptImages')}
          checked={kinds.includes('image')}
          onChange={(c) => toggle('image', c)}
          testId="file-accept-image"
        />,
        <EditorCheckbox
          key="pdf"
          label={t('editor.acceptPdf')}
          checked={kinds.includes('pdf')}
          onChange={(c) => toggle('pdf', c)}
          testId="file-accept-pdf"
        />,
      );
      break;
    }
    default:
      break;
  }
  if (field.type === 'single_choice' || field.type === 'multiple_choice') {
    if (field.type === 'single_choice')
      out.push(
        <EditorSelect
          key="display"
          label={t('editor.display')}
          value={field.display ?? 'radio'}
          options={[
            { value: 'radio', label: t('editor.displays.radio') },
            { value: 'select', label: t('editor.displays.select') },
          ]}
          onChange={(display) => onChange({ ...field, display })}
        />,
      );
    out.push(
      <fieldset key="options" className="form-editor__options">
        <legend className="field__label">{t('editor.options')}</legend>
        {field.options.map((option, i) => (
          <div key={option.value} className="form-editor__option">
            <LocalizedInputs
              labels={[t('editor.optionNl', { number: i + 1 }), t('editor.optionEn', { number: i + 1 })]}
              value={option.label}
              required
              testId={`option-${i + 1}`}
              onChange={(label) =>
                onChange({
                  ...field,
                  options: field.options.map((o) => (o.value === option.value ? { ...o, label } : o)),
                })
              }
            />
            {field.options.length > 1 && (
              <button
                type="button"
                className="btn btn--neutral"
                onClick={() =>
                  onChange({ ...field, options: field.options.filter((o) => o.value !== option.value) })
                }
              >
                {t('editor.removeOption', { number: i + 1 })}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="add-option"
          onClick={() => onChange({ ...field, options: [...field.options, newOption(field.options)] })}
        >
          {t('editor.addOption')}
        </button>
      </fieldset>,
    );
  }
  if (field.type === 'scale') {
    out.push(
      <div key="scale" className="form-editor__pair">
        <EditorSelect
          label={t('editor.scaleMin')}
          value={String(field.min)}
          options={['0', '1'].map((v) => ({ value: v, label: v }))}
          onChange={(v) => onChange({ ...field, min: Number(v) })}
        />
        <EditorSelect
          label={t('editor.scaleMax')}
          value={String(field.max)}
          options={Array.from({ length: 9 }, (_, i) => String(i + 2)).map((v) => ({ value: v, label: v }))}
          onChange={(v) => onChange({ ...field, max: Number(v) })}
        />
      </div>,
    );
  }
  return <>{out}</>;
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="field__input"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </div>
  );
}

const needsValue = (op: TConditionOperator) => op !== 'answered' && op !== 'notAnswered';

/** The value a condition on `target` starts with. */
function defaultValue(target: TAnswerField): TCondition['value'] {
  switch (target.type) {
    case 'single_choice':
    case 'multiple_choice':
      return target.options[0]?.value;
    case 'yes_no':
      return true;
    case 'number':
    case 'scale':
      return 'min' in target && typeof target.min === 'number' ? target.min : 0;
    default:
      return '';
  }
}

/**
 * "Show only when": one condition on an earlier question (the format allows several; the builder
 * edits the first and keeps the others as they are).
 */
function ConditionEditor({
  field,
  definition,
  onChange,
}: {
  field: TFormField;
  definition: TFormDefinition;
  onChange: (field: TFormField) => void;
}) {
  const { t, lang } = useBuilderTexts();
  const candidates = earlierAnswerFields(definition, field.id);
  const v = field.visible_if;
  const list = v ? ('all' in v ? v.all : v.any) : [];
  const condition = list[0];
  const target = candidates.find((c) => c.id === condition?.field);
  const set = (next: TCondition | undefined) => {
    const { visible_if: _old, ...rest } = field;
    if (!next) {
      const others = list.slice(1);
      onChange(
        (others.length
          ? { ...rest, visible_if: v && 'any' in v ? { any: others } : { all: others } }
          : rest) as TFormField,
      );
      return;
    }
    const conditions = [next, ...list.slice(1)];
    onChange({
      ...rest,
      visible_if: v && 'any' in v ? { any: conditions } : { all: conditions },
    } as TFormField);
  };
  if (candidates.length === 0) return null;
  const ops = CONDITION_OPERATORS.filter((op) => op !== 'includes' || target?.type === 'multiple_choice');
  return (
    <fieldset className="form-editor__condition" data-testid="condition-editor">
      <legend className="field__label">{t('editor.condition')}</legend>
      <p className="field__hint">{t('editor.conditionHint')}</p>
      <EditorSelect
        label={t('editor.condition')}
        value={condition?.field ?? ''}
        testId="condition-field"
        options={[
          { value: '', label: t('editor.conditionAlways') },
          ...candidates.map((c) => ({ value: c.id, label: localized(c.label, lang) })),
        ]}
        onChange={(id) => {
          const chosen = candidates.find((c) => c.id === id);
          if (!chosen) return set(undefined);
          const op: TConditionOperator = chosen.type === 'multiple_choice' ? 'includes' : 'equals';
          const value = defaultValue(chosen);
          set(value === '' ? { field: id, op: 'answered' } : { field: id, op, value });
        }}
      />
      {condition && target && (
        <>
          <EditorSelect
            label={t('editor.conditionOp')}
            value={condition.op}
            testId="condition-op"
            options={ops.map((op) => ({ value: op, label: t(`editor.ops.${op}`) }))}
            onChange={(op) => {
              set(
                needsValue(op)
                  ? { field: condition.field, op, value: condition.value ?? defaultValue(target) }
                  : { field: condition.field, op },
              );
            }}
          />
          {needsValue(condition.op) && (
            <ConditionValue target={target} condition={condition} onChange={set} />
          )}
        </>
      )}
    </fieldset>
  );
}

function ConditionValue({
  target,
  condition,
  onChange,
}: {
  target: TAnswerField;
  condition: TCondition;
  onChange: (c: TCondition) => void;
}) {
  const { t, lang } = useBuilderTexts();
  const id = useId();
  if (target.type === 'single_choice' || target.type === 'multiple_choice')
    return (
      <EditorSelect
        label={t('editor.conditionValue')}
        value={String(condition.value ?? '')}
        testId="condition-value"
        options={target.options.map((o) => ({ value: o.value, label: localized(o.label, lang) }))}
        onChange={(value) => onChange({ ...condition, value })}
      />
    );
  if (target.type === 'yes_no')
    return (
      <EditorSelect
        label={t('editor.conditionValue')}
        value={String(condition.value === true)}
        testId="condition-value"
        options={[
          { value: 'true', label: t('editor.yes') },
          { value: 'false', label: t('editor.no') },
        ]}
        onChange={(value) => onChange({ ...condition, value: value === 'true' })}
      />
    );
  const numeric = target.type === 'number' || target.type === 'scale';
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('editor.conditionValue')}
      </label>
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        className="field__input"
        data-testid="condition-value"
        value={condition.value === undefined ? '' : String(condition.value)}
        onChange={(e) => onChange({ ...condition, value: numeric ? Number(e.target.value) : e.target.value })}
      />
    </div>
  );
}
