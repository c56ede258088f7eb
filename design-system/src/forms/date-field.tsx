import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, type TFieldFrame, type TFrameBinding } from './field-frame.tsx';
import { rules, type TFieldValue, type TRule } from './field-rules.ts';

/**
 * The date field of both apps (spec §5): the browser's own date control (`type="date"`: its calendar
 * popup, the keyboard — digits per part, ↑/↓ to step a part — and the browser's date format) in the
 * field frame (label, required mark, hint, message with `aria-invalid`/`aria-describedby`). Free of
 * either app's translation library and stylesheet: the frame's words come from `FieldTextsContext`,
 * the message arrives translated, the look is `field.css` (token variables).
 *
 * Its rules are `dateFieldRules` below: the portal puts them (or the same `rules`) in `useForm`'s
 * schema, the back office's react-admin adapter (`admin-ui/src/ui/date-input.tsx`) validates with them;
 * both check on blur, stop at the first failing rule and show the catalogue's message.
 */
export function DateField({
  field,
  id,
  inputRef,
  ...props
}: TFieldFrame & {
  field: TFrameBinding;
  /** The control's id when the caller has one (react-admin's). */
  id?: string | undefined;
  /** The input element, e.g. for react-hook-form to focus the first invalid field on submit. */
  inputRef?: Ref<HTMLInputElement> | undefined;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'autoComplete' | 'disabled' | 'readOnly'>) {
  const { label, hint, required, ...input } = props;
  return (
    <FieldFrame label={label} hint={hint} required={required} field={field} id={id}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={inputRef}
          type="date"
          className="field__input"
          value={toDateInputValue(field.value)}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A date field's rules in their order: required first, then "not before the start date"
 * (`rules.notBefore`, the contracts rule the API applies: "De einddatum ligt voor de begindatum").
 */
export function dateFieldRules({
  required = false,
  notBefore,
}: {
  required?: boolean;
  /** The field holding the start date this one may not lie before. */
  notBefore?: string | undefined;
}): TRule[] {
  return [...(required ? [rules.required()] : []), ...(notBefore ? [rules.notBefore(notBefore)] : [])];
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * What the date control takes: `yyyy-mm-dd`. A record's timestamp (`2026-10-31T00:00:00Z`) keeps its
 * day; anything else (empty, a partly typed date the browser reports as '') is ''.
 */
export function toDateInputValue(value: TFieldValue | Date): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return typeof value === 'string' ? (DAY.exec(value)?.[0] ?? '') : '';
}
