import { Create, email, required, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { LOCALE_CHOICES, ORGANIZATION_TYPE_CHOICES } from '../../ui/choices.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ProfileInputs } from './organization-fields.tsx';

/**
 * /organizations/add: POST /api/v1/organizations (approved at once) of a type this user moderates,
 * optionally inviting its first admin.
 */
export function OrganizationCreate() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const permissions = useAdminPermissions();
  const allowed = useCan('organizations', 'create');
  if (!allowed) return <Forbidden />;
  const types = ORGANIZATION_TYPE_CHOICES.filter((c) => permissions?.moderatedTypes.includes(c.id as never));
  return (
    <Create title={title} redirect={(_resource, id) => adminPath.show('organizations', id!)}>
      <SimpleForm defaultValues={{ organizationType: types[0]?.id, adminLocale: 'nl' }}>
        <SelectInput source="organizationType" choices={types} validate={required()} />
        <ProfileInputs />
        <Typography variant="subtitle1" component="h2" sx={{ mt: 1, fontWeight: 600 }}>
          {translate('admin.organizations.firstAdmin')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('admin.organizations.firstAdminHint')}
        </Typography>
        <TextInput source="adminEmail" type="email" validate={email()} />
        <TextInput source="adminFirstName" />
        <TextInput source="adminLastName" />
        <SelectInput source="adminLocale" label="resources.users.fields.locale" choices={LOCALE_CHOICES} />
      </SimpleForm>
    </Create>
  );
}
