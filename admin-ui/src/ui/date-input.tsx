import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import { useInput, useTranslateLabel, ValidationError, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateField, dateFieldRules, toDateInputValue } from '@stageplein/design-system/forms/date-field.tsx';
import { validateField } from '@stageplein/design-system/forms/field-rules.ts';
import { whenPointerReleased } from '@stageplein/design-system/forms/pointer-release.ts';
import '@stageplein/design-system/forms/field.css';

export interface TDateInputProps {
  source: string;
  /** A text; by default react-admin's label of the resource's field. */
  label?: string;
  helperText?: string;
  required?: boolean;
  /** The field holding the start date this one may not lie before ("De einddatum ligt voor de begindatum"). */
  notBefore?: string;
  resource?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/**
 * Every date input of the back office: the design system's `DateField` (the portal's, with its
 * label, required mark, hint, message and the browser's date control) bound to react-admin's form
 * through `useInput`. The rules are the field's own (`dateFieldRules`: required, not before the start
 * date) with the catalogue's messages, checked when the field loses focus (spec §5), not only on
 * saving; an end date is checked again when its start date changes. No "optional" mark: the back
 * office marks only required fields, as react-admin does. Width, spacing and type follow the MUI
 * theme; the colours are the token variables the layout writes for the colour mode.
 */
export function DateInput({
  source,
  label,
  helperText,
  required = false,
  notBefore,
  resource,
  disabled,
  readOnly,
}: TDateInputProps) {
  const fieldRules = dateFieldRules({ required, notBefore });
  const validate: Validator = (value, values) => {
    const message = validateField(value, fieldRules, values);
    return message ? { message: message.key, args: message.vars ?? {} } : undefined;
  };
  const { id, field, fieldState, isRequired } = useInput({
    source,
    resource,
    validate,
    isRequired: required,
    format: toDateInputValue,
    disabled,
    readOnly,
  });
  const translateLabel = useTranslateLabel();
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
  const error = fieldState.error;
  return (
    <Box
      className={`ra-input ra-input-${source}`}
      // The width and spacing of react-admin's inputs (full width, dense margin, room for a message).
      sx={{ width: '100%', mt: 1, mb: 2, typography: 'body1', color: 'text.primary' }}
    >
      <DateField
        id={id}
        inputRef={field.ref}
        label={String(translateLabel({ label, resource, source }))}
        hint={helperText}
        required={isRequired}
        disabled={disabled}
        readOnly={readOnly}
        field={{
          name: field.name,
          value: field.value as string,
          // react-admin's validation messages are encoded; its own component translates them.
          error: error ? <ValidationError error={error.message ?? ''} /> : undefined,
          onChange: (value) => field.onChange(value),
          onBlur: () => {
            field.onBlur();
            whenPointerReleased(() => void trigger(source));
          },
        }}
      />
    </Box>
  );
}
