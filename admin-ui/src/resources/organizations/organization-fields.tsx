import { email, maxLength, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { phoneNumber } from '../../ui/field-validators.ts';

/** Profile fields (`ZProfileInput`); the API validates the rest and answers per field. */
export function ProfileInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} />
      <TextInput source="description" multiline minRows={3} validate={maxLength(5000)} />
      <TextInput source="website" type="url" helperText="https://…" />
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1, fontWeight: 600 }}>
        {translate('admin.organizations.contact')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 0, sm: 2 },
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' },
          width: '100%',
          maxWidth: '40rem',
        }}
      >
        <TextInput source="address" />
        <TextInput source="postcode" helperText="1234 AB" />
      </Box>
      <TextInput source="city" />
      <TextInput source="phone" type="tel" validate={phoneNumber} />
      <TextInput source="email" type="email" validate={email()} />
      <TextInput source="contactName" />
      <TextInput source="contactEmail" type="email" validate={email()} />
      <TextInput source="contactPhone" type="tel" validate={phoneNumber} />
    </>
  );
}

export function OrganizationTypeField() {
  const record = useRecordContext();
  const translate = useTranslate();
  const type = record?.organizationType ?? record?.type;
  return <>{type ? translate(`admin.organizationTypes.${String(type)}`) : ''}</>;
}
