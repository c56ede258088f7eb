import { useContext, useId, type ReactNode } from 'react';
import { Icon } from '../components/icons.tsx';
import { FieldTextsContext } from './field-texts.ts';
import type { TFieldBinding } from './use-form.ts';

/**
 * Label, hint and message around one control, wired for screen readers the same way for every field
 * (spec §5). Free of either app's translation library: its own words come from `FieldTextsContext`,
 * the message arrives translated. Its look is `field.css` (token variables only), which each app
 * loads once: the portal with its base styles, the back office with its date input.
 */
export interface TFieldFrame {
  label: string;
  hint?: ReactNode;
  required?: boolean | undefined;
}

/** A field's state as the frame shows it; the message may be an element (react-admin's translated one). */
export type TFrameBinding = Omit<TFieldBinding, 'error'> & { error: ReactNode };

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function FieldError({ id, error }: { id: string; error: ReactNode }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" data-testid="field-error">
      <Icon name="error" size={16} />
      {error}
    </p>
  );
}

export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  const { optional } = useContext(FieldTextsContext);
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        optional && <span className="field__optional"> ({optional})</span>
      )}
    </label>
  );
}

/** What every control inside a FieldFrame carries: its id, name, blur and the frame's ARIA wiring. */
export interface TControlProps {
  id: string;
  name: string;
  onBlur: () => void;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function FieldFrame({
  label,
  hint,
  required,
  field,
  id: givenId,
  children,
}: TFieldFrame & {
  field: TFrameBinding;
  /** The control's id when the caller has one (react-admin's input id); else a new one. */
  id?: string | undefined;
  children: (control: TControlProps) => ReactNode;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(field.error);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        name: field.name,
        onBlur: field.onBlur,
        'aria-required': required || undefined,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy(hint ? hintId : undefined, invalid && errorId),
      })}
      <FieldError id={errorId} error={field.error} />
    </div>
  );
}
