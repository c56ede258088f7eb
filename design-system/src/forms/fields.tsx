import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/icons.tsx';
import { FieldFrame, type TFieldFrame } from './field-frame.tsx';
import type { TFieldBinding } from './use-form.ts';

export function TextField({
  label,
  hint,
  required,
  field,
  type = 'text',
  ...input
}: TFieldFrame & {
  field: TFieldBinding;
  type?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'type'>) {
  return (
    <FieldFrame label={label} hint={hint} required={required} field={field}>
      {(control) => (
        <input
          {...input}
          {...control}
          type={type}
          className="field__input"
          value={typeof field.value === 'string' || typeof field.value === 'number' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/** A multi-line text field (descriptions), with the same frame, hint and error as TextField. */
export function TextAreaField({
  label,
  hint,
  required,
  field,
  rows = 5,
  ...textarea
}: TFieldFrame & { field: TFieldBinding } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'value' | 'onChange' | 'onBlur' | 'name'
  >) {
  return (
    <FieldFrame label={label} hint={hint} required={required} field={field}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          rows={rows}
          className="field__input field__input--multiline"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  hint,
  required,
  field,
  options,
}: TFieldFrame & { field: TFieldBinding; options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame label={label} hint={hint} required={required} field={field}>
      {(control) => (
        <select
          {...control}
          className="field__input"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value)}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  hint,
  field,
}: {
  label: string;
  hint?: string;
  field: TFieldBinding;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={field.name}
        checked={field.value === true}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
        aria-describedby={hint ? hintId : undefined}
      />
      <div>
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

export function RadioGroup({
  legend,
  field,
  options,
}: {
  legend: string;
  field: TFieldBinding;
  options: readonly { value: string; label: string; hint?: string }[];
}) {
  const id = useId();
  return (
    <fieldset className="field radio-group">
      <legend className="field__label">{legend}</legend>
      {options.map((o) => (
        <div key={o.value} className="radio-group__option">
          <input
            id={`${id}-${o.value}`}
            type="radio"
            name={field.name}
            value={o.value}
            checked={field.value === o.value}
            onChange={() => field.onChange(o.value)}
            onBlur={field.onBlur}
          />
          <label htmlFor={`${id}-${o.value}`}>
            {o.label}
            {o.hint && <span className="radio-group__hint">{o.hint}</span>}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** Spec §2 shell element: the submit button, busy while the form is sent. */
export function SubmitButton({
  pending,
  children,
  variant = 'primary',
  testId,
}: {
  pending: boolean;
  children: ReactNode;
  variant?: 'primary' | 'neutral';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={`btn btn--${variant} btn--block-phone`}
      aria-disabled={pending || undefined}
      data-testid={testId}
      onClick={(e) => {
        if (pending) e.preventDefault();
      }}
    >
      {pending && <span className="spinner" aria-hidden="true" />}
      {children}
      {pending && <span className="visually-hidden"> ({t('shell.loading')})</span>}
    </button>
  );
}

/** A message about the whole form; errors are announced at once. */
export function FormAlert({
  tone,
  title,
  children,
  testId = 'form-alert',
}: {
  tone: 'error' | 'success' | 'info' | 'warning';
  title?: string | undefined;
  children?: ReactNode;
  testId?: string;
}) {
  const icon =
    tone === 'error' ? 'error' : tone === 'success' ? 'check' : tone === 'warning' ? 'alert' : 'info';
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span className="alert__icon">
        <Icon name={icon} />
      </span>
      <div>
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__body">{children}</div>}
      </div>
    </div>
  );
}
