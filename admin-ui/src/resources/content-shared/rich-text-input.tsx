import { useId } from 'react';
import { useInput, useLocaleState, useTranslate, type InputProps } from 'react-admin';
import { FormControl, FormHelperText, FormLabel } from '@mui/material';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { LazyRichTextEditor } from '@stageplein/design-system/rich-text/lazy-rich-text-editor.tsx';
import { richTextLabels } from '@stageplein/design-system/rich-text/rich-text-messages.ts';

/**
 * The design system's rich-text editor as a react-admin input: the form value is the Tiptap JSON
 * document; field errors (from validators or the API) show under it as for every input.
 */
export function RichTextInput({
  source,
  label,
  validate,
}: Pick<InputProps, 'source' | 'validate'> & { label: string }) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const labelId = useId();
  const helpId = useId();
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <FormControl fullWidth error={!!error} sx={{ mb: 2 }} data-testid={`rich-text-${source}`}>
      <FormLabel id={labelId} sx={{ mb: 0.5 }} required={isRequired}>
        {label}
      </FormLabel>
      <LazyRichTextEditor
        value={field.value as TRichTextDocument | null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        label={label}
        labelledBy={labelId}
        describedBy={error ? helpId : undefined}
        invalid={!!error}
        labels={richTextLabels(locale)}
      />
      {error && <FormHelperText id={helpId}>{translate(error, { _: error })}</FormHelperText>}
    </FormControl>
  );
}
