import {
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { Chip } from '@mui/material';
import { vacancyKindsFor, type TVacancyStatus } from '@stageplein/contracts/placements/vacancy-kinds';
import { useTenant } from '../../app/tenant-context.ts';
import { RichTextInput } from '../content-shared/rich-text-input.tsx';
import { VacancyContactInput } from './vacancy-contact-input.tsx';
import { VacancyImageInput } from './vacancy-image-input.tsx';
import { useVacancyTexts } from './vacancy-texts.ts';
import { DateInput } from '../../ui/date-input.tsx';

const COLORS: Record<TVacancyStatus, 'success' | 'info' | 'warning' | 'default'> = {
  published: 'success',
  draft: 'info',
  closed: 'warning',
  archived: 'default',
};

/** The record's status as a chip, "hidden" beside it; the text, not the colour, carries it. */
export function VacancyStatus() {
  const record = useRecordContext();
  const texts = useVacancyTexts();
  if (!record) return null;
  const status = record.status as TVacancyStatus;
  const sx = { fontWeight: 600, '& .MuiChip-label': { color: 'text.primary' } };
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[status] ?? 'default'}
        label={texts.status[status] ?? status}
        data-testid={`vacancy-status-${status}`}
        sx={sx}
      />
      {record.hidden === true && (
        <Chip
          size="small"
          variant="outlined"
          color="error"
          label={texts.hidden.yes}
          data-testid="vacancy-hidden"
          sx={{ ...sx, ml: 1 }}
        />
      )}
    </>
  );
}

/** What an organization's admins edit (`ZVacancyInput`); the status changes through the actions. */
export function VacancyInputs() {
  const texts = useVacancyTexts();
  const tenant = useTenant();
  const kinds = vacancyKindsFor(tenant.features).map((id) => ({ id, name: texts.kinds[id] }));
  return (
    <>
      <TextInput source="title" label={texts.fields.title} validate={[required(), maxLength(200)]} />
      <SelectInput source="kind" label={texts.fields.kind} choices={kinds} validate={required()} />
      <NumberInput
        source="places"
        label={texts.fields.places}
        validate={[required(), minValue(1), maxValue(1000)]}
        step={1}
      />
      <NumberInput
        source="hoursPerWeek"
        label={texts.fields.hoursPerWeek}
        validate={[minValue(0), maxValue(80)]}
      />
      <DateInput source="startsOn" label={texts.fields.startsOn} />
      <DateInput source="endsOn" label={texts.fields.endsOn} notBefore="startsOn" />
      <TextInput source="street" label={texts.fields.street} validate={maxLength(200)} />
      <TextInput source="postcode" label={texts.fields.postcode} validate={maxLength(7)} />
      <TextInput source="city" label={texts.fields.city} validate={maxLength(100)} />
      <RichTextInput source="description" label={texts.fields.description} />
      <VacancyContactInput />
      <VacancyImageInput />
    </>
  );
}
