import { useState } from 'react';
import { TextInput, maxLength, useDataProvider, useGetList, useInput, type RaRecord } from 'react-admin';
import { Alert, Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { FileButton } from '../content-media/upload-list.tsx';
import { useVacancyTexts } from './vacancy-texts.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One picture as a radio choice: the title names it, the picture adds nothing for a screen reader. */
function Choice({ value, url, label }: { value: string; url?: string; label: string }) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio />}
      data-testid="vacancy-image-choice"
      sx={{ m: 0, alignItems: 'center', gap: 1 }}
      label={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {url && (
            <img
              src={url}
              alt=""
              width={96}
              height={72}
              loading="lazy"
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
          <span>{label}</span>
        </Box>
      }
    />
  );
}

/**
 * The vacancy's image (`imageUploadId`): one of the tenant's stock images or an image of the vacancy's
 * organization, uploaded here (content's uploads; an organization admin sees only its own). Placements
 * checks the same; an own upload gets the vacancy's alt text (`imageAlt`).
 */
export function VacancyImageInput() {
  const texts = useVacancyTexts();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const { field } = useInput({ source: 'imageUploadId' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const page = { pagination: { page: 1, perPage: 100 } };
  const stock = useGetList('stock_images', page);
  const own = useGetList('uploads', { ...page, filter: { kind_eq: 'image' } });
  const value = typeof field.value === 'string' ? field.value : '';
  const isStock = (stock.data ?? []).some((s: RaRecord) => s.uploadId === value);

  const upload = async (file: File) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const { data } = await dataProvider.upload(file);
      await own.refetch();
      field.onChange(String(data.id));
    } catch (error) {
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} data-testid="vacancy-image-picker">
      <Typography component="legend" variant="subtitle1">
        {texts.image.label}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        {texts.image.hint}
      </Typography>
      <RadioGroup
        name="imageUploadId"
        value={value}
        onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
      >
        <Choice value="" label={texts.image.none} />
        {(stock.data ?? []).map((s) => (
          <Choice key={s.id} value={String(s.uploadId)} url={String(s.url)} label={String(s.title)} />
        ))}
        {(own.data ?? []).map((u) => (
          <Choice key={u.id} value={String(u.id)} url={String(u.url)} label={String(u.name)} />
        ))}
      </RadioGroup>
      <Box sx={{ mt: 1 }}>
        <FileButton
          label={busy ? texts.image.uploading : texts.image.upload}
          accept={ACCEPT}
          disabled={busy}
          testId="vacancy-image-file"
          onFile={(file) => void upload(file)}
        />
      </Box>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
      {value !== '' && !isStock && (
        <TextInput
          source="imageAlt"
          label={texts.image.alt}
          helperText={texts.image.altHint}
          validate={maxLength(300)}
          sx={{ mt: 2 }}
        />
      )}
    </Box>
  );
}
