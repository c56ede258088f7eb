import { useEffect, useId, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TValidationMessage } from '@stageplein/contracts/errors/validation-messages';
import type { TAnswerField, TFormDefinition, TFormField } from '@stageplein/contracts/forms/form-definition';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { FormAlert, SubmitButton } from '@stageplein/design-system/forms/fields.tsx';
import { whenPointerReleased } from '@stageplein/design-system/forms/use-form.ts';
import {
  checkSubmission,
  fieldMessage,
  localized,
  shownIds,
  shownPages,
  visibleIds,
} from './answer-model.ts';
import { fileFieldLimits } from '@stageplein/contracts/forms/form-files';
import { FileUploadInput, type TUploadFile } from './file-upload-input.tsx';
import { FORM_RENDERER_NAMESPACE, registerFormRendererMessages } from './renderer-messages.ts';
import { SignaturePadInput } from '@stageplein/design-system/forms/signature-pad.tsx';
import './form-renderer.css';

export interface TFormRendererProps {
  definition: TFormDefinition;
  /** Receives the visible questions' answers once the shared schema accepts them; may throw. */
  onSubmit: (answers: TAnswers) => Promise<void> | void;
  /** Uploads a file question's file; without it (the preview) nothing is uploaded. */
  upload?: TUploadFile;
  /** A message about the whole form from the caller (the API's refusal), shown above the buttons. */
  error?: string | undefined;
  submitLabel?: string;
  /** Rendered inside the form before the buttons (the public form's honeypot). */
  children?: ReactNode;
  testId?: string;
}

/** `t` of the renderer's namespace, its texts registered on first use. */
export function useRendererTexts() {
  const { t, i18n } = useTranslation(FORM_RENDERER_NAMESPACE);
  registerFormRendererMessages(i18n);
  return { t, lang: i18n.language };
}

/**
 * Renders a form definition (issue #18) — the public form, `/contactformulier` and the builder's
 * preview use this one component. Conditions apply as the visitor answers; a field is checked on
 * blur and the form on submit with the shared schema builder (spec §5: first failing rule, the
 * catalogue's nl/en messages); errors are linked to their inputs and focus goes to the first one.
 * Pages are steps; a step is checked before the next one opens.
 */
export function FormRenderer({
  definition,
  onSubmit,
  upload,
  error,
  submitLabel,
  children,
  testId,
}: TFormRendererProps) {
  const { t, lang } = useRendererTexts();
  const { t: tc, i18n } = useTranslation();
  const known = (key: string) => i18n.exists(key);
  const [raw, setRaw] = useState<TAnswers>({});
  const rawRef = useRef(raw);
  const [messages, setMessages] = useState<Record<string, TValidationMessage | undefined>>({});
  const [formMessage, setFormMessage] = useState<TValidationMessage | undefined>();
  const [pageIndex, setPageIndex] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ id: string } | undefined>();
  const formRef = useRef<HTMLFormElement | null>(null);

  const pages = useMemo(() => shownPages(definition, raw), [definition, raw]);
  const shown = useMemo(() => shownIds(definition, raw), [definition, raw]);
  const current = Math.min(pageIndex, pages.length - 1);
  const page = pages[current];
  const last = current >= pages.length - 1;

  useEffect(() => {
    if (!focusTarget) return;
    formRef.current?.querySelector<HTMLElement>(`[data-answer-field="${focusTarget.id}"]`)?.focus();
  }, [focusTarget]);

  const fieldById = useMemo(() => {
    const map = new Map<string, TAnswerField>();
    for (const p of definition.pages)
      for (const s of p.sections) for (const f of s.fields) if (f.type !== 'info_text') map.set(f.id, f);
    return map;
  }, [definition]);

  const setAnswer = (id: string, value: unknown) => {
    const next = { ...rawRef.current, [id]: value };
    rawRef.current = next;
    setRaw(next);
    setFormMessage(undefined);
    // Fields already marked invalid are checked again as they change (the message goes as soon as
    // it is fixed); a field a condition now hides loses its message.
    const visible = visibleIds(definition, next);
    setMessages((m) => {
      const out: typeof m = {};
      for (const [fieldId, message] of Object.entries(m)) {
        const field = fieldById.get(fieldId);
        if (!message || !field || !visible.has(fieldId)) continue;
        out[fieldId] = fieldMessage(definition, field, next[fieldId], known);
      }
      return out;
    });
  };

  const checkField = (id: string) => {
    const field = fieldById.get(id);
    if (!field) return;
    setMessages((m) => ({ ...m, [id]: fieldMessage(definition, field, rawRef.current[id], known) }));
  };

  const pageFieldIds = (index: number): string[] =>
    (pages[index]?.sections ?? [])
      .flatMap((s) => s.fields.map((f) => f.id))
      .filter((id) => fieldById.has(id));

  const next = () => {
    const visible = visibleIds(definition, rawRef.current);
    const found: Record<string, TValidationMessage | undefined> = {};
    for (const id of pageFieldIds(current).filter((i) => visible.has(i))) {
      found[id] = fieldMessage(definition, fieldById.get(id)!, rawRef.current[id], known);
    }
    setMessages((m) => ({ ...m, ...found }));
    const first = Object.keys(found).find((id) => found[id]);
    if (first) {
      setFocusTarget({ id: first });
      return;
    }
    setPageIndex(current + 1);
    window.scrollTo({ top: 0 });
  };

  const submit = async () => {
    const check = checkSubmission(definition, rawRef.current, known);
    setMessages(check.messages);
    setFormMessage(check.formMessage);
    if (!check.ok) {
      const firstId = [...visibleIds(definition, rawRef.current)].find((id) => check.messages[id]);
      if (firstId) {
        const onPage = pages.findIndex((p) => p.sections.some((s) => s.fields.some((f) => f.id === firstId)));
        if (onPage >= 0) setPageIndex(onPage);
        setFocusTarget({ id: firstId });
      }
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(check.answers);
    } finally {
      setSubmitting(false);
    }
  };

  const render = (field: TFormField) => {
    if (!shown.has(field.id)) return null;
    if (field.type === 'info_text')
      return (
        <p key={field.id} className="form-info">
          {localized(field.text, lang)}
        </p>
      );
    const message = messages[field.id];
    return (
      <AnswerField
        key={field.id}
        field={field}
        lang={lang}
        value={raw[field.id]}
        error={message ? tc(message.key, message.vars) : undefined}
        upload={upload}
        onChange={(value) => setAnswer(field.id, value)}
        onBlur={() => whenPointerReleased(() => checkField(field.id))}
      />
    );
  };

  const title = localized(definition.title, lang);
  const description = localized(definition.description, lang);
  return (
    <form
      ref={formRef}
      className="form-renderer"
      noValidate
      aria-label={title}
      data-testid={testId ?? 'form-renderer'}
      onSubmit={(e) => {
        e.preventDefault();
        if (submitting) return;
        if (last) void submit();
        else next();
      }}
    >
      {description && <p className="page__lead">{description}</p>}
      {pages.length > 1 && (
        <ol className="form-renderer__steps" aria-label={t('steps')}>
          {pages.map((p, i) => (
            <li key={p.id} aria-current={i === current ? 'step' : undefined} data-done={i < current}>
              {localized(p.title, lang) || t('pageOf', { current: i + 1, total: pages.length })}
            </li>
          ))}
        </ol>
      )}
      {page && (
        <div className="form-renderer__page" data-testid="form-page">
          {pages.length > 1 && localized(page.title, lang) && <h2>{localized(page.title, lang)}</h2>}
          {page.sections.map((section) =>
            section.fields.some((f) => shown.has(f.id)) ? (
              <section
                key={section.id}
                className="form-renderer__section"
                aria-label={localized(section.title, lang) || undefined}
              >
                {localized(section.title, lang) && <h3>{localized(section.title, lang)}</h3>}
                {localized(section.description, lang) && (
                  <p className="field__hint">{localized(section.description, lang)}</p>
                )}
                {section.fields.map(render)}
              </section>
            ) : null,
          )}
        </div>
      )}
      {children}
      {(formMessage || error) && (
        <FormAlert tone="error" title={t('errorsTitle')}>
          {formMessage ? tc(formMessage.key, formMessage.vars) : error}
        </FormAlert>
      )}
      <div className="form__actions">
        {current > 0 && (
          <button type="button" className="btn btn--neutral" onClick={() => setPageIndex(current - 1)}>
            {t('back')}
          </button>
        )}
        <SubmitButton pending={submitting} testId="form-submit">
          {last ? (submitLabel ?? t('submit')) : t('next')}
        </SubmitButton>
      </div>
    </form>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** One question: label (required mark or "optional"), help, the input, its message. */
function AnswerField({
  field,
  lang,
  value,
  error,
  upload,
  onChange,
  onBlur,
}: {
  field: TAnswerField;
  lang: string;
  value: unknown;
  error: string | undefined;
  upload: TUploadFile | undefined;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}) {
  const { t } = useRendererTexts();
  const { t: tc } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const required = field.rules?.required === true;
  const label = localized(field.label, lang);
  const help = localized(field.help, lang);
  const described = describedBy(help && hintId, error && errorId);
  const mark = required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : (
    <span className="field__optional"> ({tc('portal.forms.optional')})</span>
  );
  const hint = help ? (
    <p id={hintId} className="field__hint">
      {help}
    </p>
  ) : null;
  const errorLine = error ? (
    <p id={errorId} className="field__error" data-testid="field-error">
      <Icon name="error" size={16} />
      {error}
    </p>
  ) : null;
  const fieldClass = `field${error ? ' field--invalid' : ''}`;
  /** A group (radios, checkboxes) is left when focus moves outside it. */
  const groupBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur();
  };
  const common = {
    id,
    name: field.id,
    'data-answer-field': field.id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    onBlur,
  } as const;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';

  const options =
    field.type === 'single_choice' || field.type === 'multiple_choice'
      ? field.options.map((o) => ({
          value: o.value as string | number | boolean,
          label: localized(o.label, lang),
        }))
      : field.type === 'yes_no'
        ? [
            { value: true, label: t('yes') },
            { value: false, label: t('no') },
          ]
        : field.type === 'scale'
          ? Array.from({ length: field.max - field.min + 1 }, (_, i) => ({
              value: field.min + i,
              label: String(field.min + i),
            }))
          : [];

  switch (field.type) {
    case 'single_choice':
    case 'yes_no':
    case 'scale':
      if (field.type === 'single_choice' && field.display === 'select') break;
      return (
        <fieldset
          className={`${fieldClass} radio-group${field.type === 'scale' ? ' radio-group--scale' : ''}`}
          role="radiogroup"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onBlur={groupBlur}
          data-testid={`question-${field.id}`}
        >
          <legend className="field__label">
            {label}
            {mark}
          </legend>
          {hint}
          {field.type === 'scale' && (field.min_label || field.max_label) && (
            <p className="field__hint scale__ends" aria-hidden="true">
              <span>{localized(field.min_label, lang)}</span>
              <span>{localized(field.max_label, lang)}</span>
            </p>
          )}
          <div className={field.type === 'scale' ? 'scale__options' : undefined}>
            {options.map((o, i) => (
              <div key={String(o.value)} className="radio-group__option">
                <input
                  id={`${id}-${i}`}
                  type="radio"
                  name={field.id}
                  data-answer-field={i === 0 ? field.id : undefined}
                  checked={value === o.value}
                  onChange={() => onChange(o.value)}
                />
                <label htmlFor={`${id}-${i}`}>
                  {field.type === 'scale' ? (
                    <>
                      <span aria-hidden="true">{o.label}</span>
                      <span className="visually-hidden">
                        {t('scaleOf', { value: o.label, max: field.max })}
                      </span>
                    </>
                  ) : (
                    o.label
                  )}
                </label>
              </div>
            ))}
          </div>
          {errorLine}
        </fieldset>
      );
    case 'multiple_choice': {
      const list = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset
          className={`${fieldClass} radio-group`}
          aria-describedby={described}
          onBlur={groupBlur}
          data-testid={`question-${field.id}`}
        >
          <legend className="field__label">
            {label}
            {mark}
          </legend>
          {hint}
          {field.options.map((o, i) => (
            <div key={o.value} className="radio-group__option">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                name={field.id}
                data-answer-field={i === 0 ? field.id : undefined}
                checked={list.includes(o.value)}
                aria-invalid={error ? true : undefined}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? field.options.map((x) => x.value).filter((v) => v === o.value || list.includes(v))
                      : list.filter((v) => v !== o.value),
                  )
                }
              />
              <label htmlFor={`${id}-${i}`}>{localized(o.label, lang)}</label>
            </div>
          ))}
          {errorLine}
        </fieldset>
      );
    }
    case 'signature':
      return (
        <div className={fieldClass} data-testid={`question-${field.id}`}>
          <span className="field__label" id={`${id}-label`}>
            {label}
            {mark}
          </span>
          {hint}
          <SignaturePadInput
            id={field.id}
            labels={{
              pad: t('signature.pad'),
              clear: t('signature.clear'),
              undo: t('signature.undo'),
              empty: t('signature.empty'),
              signed: t('signature.signed'),
              watermark: t('signature.watermark', { date: new Date().toLocaleDateString(lang) }),
            }}
            describedBy={describedBy(`${id}-label`, help && hintId, error && errorId)}
            invalid={!!error}
            onChange={onChange}
            onBlur={onBlur}
          />
          {errorLine}
        </div>
      );
    default:
      break;
  }

  let input: ReactNode;
  switch (field.type) {
    case 'long_text':
      input = (
        <textarea
          {...common}
          rows={5}
          className="field__input field__input--multiline"
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'single_choice':
      input = (
        <select
          {...common}
          className="field__input"
          value={text}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">{t('choose')}</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {localized(o.label, lang)}
            </option>
          ))}
        </select>
      );
      break;
    case 'file_upload': {
      const limits = fileFieldLimits(field);
      input = (
        <FileUploadInput
          id={field.id}
          inputId={id}
          describedBy={described}
          invalid={!!error}
          required={required}
          upload={upload}
          limits={limits}
          labels={{
            uploading: t('file.uploading'),
            uploaded: (name) => t('file.uploaded', { name }),
            remove: t('file.remove'),
            failed: t('file.failed'),
            tooLarge: t('file.tooLarge', { max: limits.maxMb }),
            wrongType: t('file.wrongType', { types: fileKindNames(limits.kinds) }),
          }}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
      break;
    }
    default: {
      const kind = INPUTS[field.type as keyof typeof INPUTS] ?? INPUTS.short_text;
      input = (
        <input
          {...common}
          {...kind}
          className="field__input"
          value={text}
          min={field.type === 'date' ? field.rules?.min : undefined}
          max={field.type === 'date' ? field.rules?.max : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
  }
  return (
    <div className={fieldClass} data-testid={`question-${field.id}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {mark}
      </label>
      {hint}
      {input}
      {errorLine}
    </div>
  );
}

/** Input types and phone keyboards per text-like question. */
const INPUTS = {
  short_text: { type: 'text' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  url: { type: 'url', inputMode: 'url' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  // Text, not type=number: the browser would hide what was typed when it is no number.
  number: { type: 'text', inputMode: 'decimal' },
  date: { type: 'date' },
} as const;

/** The kinds of a file question for people: "JPEG, PNG, WebP, PDF". */
const fileKindNames = (kinds: readonly string[]) =>
  kinds.map((k) => (k === 'image' ? 'JPEG, PNG, WebP' : 'PDF')).join(', ');
