import { required, SelectInput, TextInput } from 'react-admin';
import { useContentTexts } from '../content-shared/content-texts.ts';
import { RichTextInput } from '../content-shared/rich-text-input.tsx';
import { DateInput } from '../../ui/date-input.tsx';

/** A news article: written in one language, draft or published (no revisions). */
export function NewsInputs() {
  const texts = useContentTexts();
  return (
    <>
      <TextInput source="title" label={texts.fields.title} validate={required()} />
      <TextInput source="slug" label={texts.fields.slug} validate={required()} />
      <SelectInput
        source="locale"
        label={texts.fields.locale}
        choices={[
          { id: 'nl', name: texts.languages.nl },
          { id: 'en', name: texts.languages.en },
        ]}
        validate={required()}
      />
      <DateInput source="date" label={texts.fields.date} required />
      <SelectInput
        source="status"
        label={texts.fields.status}
        choices={[
          { id: 'draft', name: texts.status.draft },
          { id: 'published', name: texts.status.published },
        ]}
        validate={required()}
      />
      <TextInput source="author" label={texts.fields.author} />
      <TextInput source="imageUrl" label={texts.fields.imageUrl} />
      <TextInput source="summary" label={texts.fields.summary} multiline minRows={2} />
      <RichTextInput source="body" label={texts.fields.body} />
    </>
  );
}
