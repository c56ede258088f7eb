import { useParams } from 'react-router';
import {
  Form,
  SaveButton,
  SelectInput,
  Title,
  required,
  useDataProvider,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
  Loading,
  RecordContextProvider,
} from 'react-admin';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ROLE_CHOICES } from '../../ui/choices.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fullName, RoleChips, rolesHere } from './user-fields.tsx';

/**
 * /users/{id}/add_role: PUT /api/v1/users/{id}/add_role with the role data of spec §7; roles are
 * given on the selected organization only. A refusal (e.g. nuborgh: only students at a School)
 * comes back as a field error or "Access forbidden".
 */
export function UserAddRole() {
  const { id = '' } = useParams();
  const title = useRouteTitle();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const permissions = useAdminPermissions();
  const allowed = useCan('users', 'addRole');
  const { data: user, error, isPending } = useGetOne('users', { id }, { enabled: allowed, retry: false });
  if (!allowed) return <Forbidden />;
  if (error) return <ErrorPanel error={error} />;
  if (isPending || !user) return <Loading />;
  const organization = permissions?.organization;
  const held = rolesHere(user, organization?.id);
  const choices = ROLE_CHOICES.filter((c) => !held.includes(c.id));

  const submit = async (values: Record<string, unknown>) => {
    const role = String(values.name);
    try {
      await dataProvider.addRole(id, role);
      notify('admin.users.roleAdded', {
        type: 'success',
        messageArgs: { role: translate(`admin.roles.${role}`) },
      });
      redirect(adminPath.show('users', id));
      return undefined;
    } catch (failure) {
      const body = (failure as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return { name: Object.values(body.errors)[0] };
      notify((failure as Error).message, { type: 'error' });
      return undefined;
    }
  };

  return (
    <Card sx={{ mt: { xs: 2, sm: 3 } }}>
      <Title title={title} />
      <CardContent>
        <RecordContextProvider value={user}>
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Typography variant="h5" component="h2">
              {fullName(user)}
            </Typography>
            <Typography color="text.secondary">{String(user.email)}</Typography>
            <Typography component="div">
              {translate('admin.users.rolesHere', { organization: organization?.name ?? '' })}:{' '}
              <RoleChips organizationId={organization?.id} />
            </Typography>
          </Stack>
        </RecordContextProvider>
        <Form onSubmit={submit} defaultValues={{ name: choices[0]?.id }}>
          <Stack spacing={2} sx={{ maxWidth: '24rem' }}>
            <SelectInput
              source="name"
              label="resources.users.fields.role"
              choices={choices}
              validate={required()}
              helperText={translate('admin.users.addRoleHint', { organization: organization?.name ?? '' })}
            />
            <div>
              <SaveButton label="admin.users.addRole" alwaysEnable={choices.length > 0} />
            </div>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
