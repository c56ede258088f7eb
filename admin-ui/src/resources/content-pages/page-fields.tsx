import { required, TextInput, useRecordContext } from 'react-admin';
import { Alert } from '@mui/material';
import type { TContentLocale } from '@stageplein/contracts/content/content';
import { useContentTexts } from '../content-shared/content-texts.ts';
import { RichTextInput } from '../content-shared/rich-text-input.tsx';

/** Title, address, SEO description and the rich text of one language of a page. */
export function PageInputs({ language }: { language?: TContentLocale }) {
  const texts = useContentTexts();
  const record = useRecordContext();
  const fallback = language && record?.locale && record.locale !== language;
  return (
    <>
      {fallback && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="page-fallback">
          {texts.page.fallback}
        </Alert>
      )}
      <TextInput source="title" label={texts.fields.title} validate={required()} />
      <TextInput
        source="slug"
        label={texts.fields.slug}
        helperText={texts.fields.slugHelp}
        validate={required()}
      />
      <TextInput source="seoDescription" label={texts.fields.seoDescription} multiline minRows={2} />
      <RichTextInput source="body" label={texts.fields.body} />
    </>
  );
}
