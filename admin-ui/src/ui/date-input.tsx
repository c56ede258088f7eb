import { useEffect, useRef } from 'react';
import { DateInput as RaDateInput, type DateInputProps, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { rules, validateField, type TRule } from '@stageplein/design-system/forms/field-rules.ts';

export interface TDateInputProps extends Omit<DateInputProps, 'validate'> {
  required?: boolean;
  /** The field holding the start date this one may not lie before ("De einddatum ligt voor de begindatum"). */
  notBefore?: string;
}

/**
 * The design system's date field (design-system/src/forms/date-field.tsx) in the back office: the
 * browser's own date control (react-admin's DateInput, in the MUI skin of the back office) with the
 * field rules and spec §5 behaviour of the portal's: the design system's `rules` and their catalogue
 * messages, checked when the field loses focus (not only on submit), and an end date checked again
 * when its start date changes.
 */
export function DateInput({ required = false, notBefore, source, onBlur, ...props }: TDateInputProps) {
  const fieldRules: TRule[] = [
    ...(required ? [rules.required()] : []),
    ...(notBefore ? [rules.notBefore(notBefore)] : []),
  ];
  const validate: Validator & { isRequired?: boolean } = (value, values) => {
    const message = validateField(value, fieldRules, values);
    return message ? { message: message.key, args: message.vars ?? {} } : undefined;
  };
  // react-admin shows the required mark from this flag (as its own `required()` sets it).
  validate.isRequired = required;
  const { trigger, getValues } = useFormContext();
  const start = useWatch({ name: notBefore ?? source });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A new start date: the end date's message (if it has a date) follows at once.
    if (notBefore && getValues(source)) void trigger(source);
  }, [start, notBefore, source, trigger, getValues]);
  return (
    <RaDateInput
      {...props}
      source={source}
      validate={validate}
      onBlur={(event) => {
        onBlur?.(event);
        void trigger(source);
      }}
    />
  );
}
