import type { InputHTMLAttributes } from 'react';
import { TextField } from './fields.tsx';
import type { TFieldBinding } from './use-form.ts';

/**
 * The date picker: the browser's own (`type="date"`: a calendar on every platform, the keyboard,
 * the locale's format) with the fields' spec §5 behaviour (label, hint, message on blur). Pair an
 * end date with `rules.notBefore('<startField>')` for "De einddatum ligt voor de begindatum".
 */
export function DateField(
  props: {
    label: string;
    hint?: string;
    required?: boolean;
    field: TFieldBinding;
  } & Pick<InputHTMLAttributes<HTMLInputElement>, 'min' | 'max' | 'autoComplete'>,
) {
  return <TextField {...props} type="date" />;
}
