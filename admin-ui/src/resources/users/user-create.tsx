import {
  Create,
  email,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { GENDER_CHOICES, LOCALE_CHOICES, ROLE_CHOICES } from '../../ui/choices.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { phoneNumber } from '../../ui/field-validators.ts';

/**
 * /users/add: invite a user to the selected organization (POST /api/v1/users, data{type,
 * attributes}); they get status invited and a confirmation mail. The role is required here: a user
 * without a role at this organization would not be in its list.
 */
export function UserCreate() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const permissions = useAdminPermissions();
  const allowed = useCan('users', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create
      title={title}
      mutationOptions={{
        onSuccess: (data: { id: string; email?: string }) => {
          notify('admin.users.invited', { type: 'success', messageArgs: { email: data.email ?? '' } });
          redirect(adminPath.show('users', data.id));
        },
      }}
    >
      <SimpleForm defaultValues={{ role: 'student', locale: 'nl' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.users.inviteHint')}
        </Typography>
        <TextInput source="email" type="email" validate={[required(), email()]} autoComplete="off" />
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <SelectInput
          source="role"
          choices={ROLE_CHOICES}
          validate={required()}
          helperText={translate('admin.users.addRoleHint', {
            organization: permissions?.organization?.name ?? '',
          })}
        />
        <SelectInput source="gender" choices={GENDER_CHOICES} emptyText="–" />
        <TextInput source="phoneNumber" type="tel" validate={phoneNumber} />
        <SelectInput source="locale" choices={LOCALE_CHOICES} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
