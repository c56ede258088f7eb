import {
  DateField,
  EmailField,
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, AlertTitle, Box, Chip, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { GENDER_CHOICES, LOCALE_CHOICES } from '../../ui/choices.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Forbidden, ShowError, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { UserActions } from './user-actions.tsx';
import { fullName, rolesHere } from './user-fields.tsx';

/** One role on the selected organization, with "remove" where the server allows it. */
function RoleRow({ role }: { role: string }) {
  const record = useRecordContext();
  const permissions = useAdminPermissions();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const translate = useTranslate();
  const canRemove = useCan('users', 'removeRole', record, { role });
  if (!record) return null;
  const roleName = translate(`admin.roles.${role}`);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
      data-testid={`role-${role}`}
    >
      <Chip label={roleName} />
      {canRemove && (
        <ConfirmAction
          label="admin.users.removeRole"
          icon={<RemoveCircleIcon />}
          color="error"
          confirmColor="warning"
          title="admin.users.removeRoleTitle"
          content="admin.users.removeRoleContent"
          messageArgs={{
            role: roleName,
            name: fullName(record),
            organization: permissions?.organization?.name ?? '',
          }}
          success="admin.users.roleRemoved"
          testId={`remove-role-${role}`}
          action={() => dataProvider.removeRole(record.id, role)}
        />
      )}
    </Box>
  );
}

function RolesHere() {
  const record = useRecordContext();
  const permissions = useAdminPermissions();
  const translate = useTranslate();
  const organization = permissions?.organization;
  const roles = rolesHere(record, organization?.id);
  return (
    <Box component="section" aria-labelledby="roles-here" sx={{ width: '100%' }}>
      <Divider sx={{ my: 1 }} />
      <Typography id="roles-here" variant="h6" component="h2" gutterBottom>
        {translate('admin.users.rolesHere', { organization: organization?.name ?? '' })}
      </Typography>
      {roles.length ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {roles.map((role) => (
            <RoleRow key={role} role={role} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">{translate('admin.users.noRoles')}</Typography>
      )}
    </Box>
  );
}

/**
 * Mail to the person's address bounces (a hard bounce, or soft ones up to the threshold): what the
 * server said, since when, and the fix. The server answers only the admin of an organization where the
 * person has a role; anyone else sees nothing here.
 */
function MailBounceWarning() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const translate = useTranslate();
  const locale = useLocale();
  const bounce = useQuery({
    queryKey: ['mailBounce', record?.id],
    queryFn: () => dataProvider.mailBounce(record!.id),
    enabled: !!record,
    retry: false,
  });
  if (!bounce.data) return null;
  const { address, reason, response, since } = bounce.data;
  const sinceText = new Date(since).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <Alert severity="warning" data-testid="mail-bounce" sx={{ width: '100%', boxSizing: 'border-box' }}>
      <AlertTitle component="h2">{translate('admin.users.bounceTitle', { address })}</AlertTitle>
      <Typography variant="body2">
        {translate(reason === 'hard_bounce' ? 'admin.users.bounceHard' : 'admin.users.bounceSoft', {
          since: sinceText,
        })}
      </Typography>
      {response && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {translate('admin.users.bounceResponse', { response })}
        </Typography>
      )}
      <Typography variant="body2">{translate('admin.users.bounceFix')}</Typography>
    </Alert>
  );
}

function Status() {
  return (
    <Labeled source="status">
      <StatusChip prefix="admin.userStatuses" />
    </Labeled>
  );
}

/** GET /api/v1/users/{id}?include=roles,organizations (spec §7): the user and their roles here. */
export function UserShow() {
  const title = useRouteTitle();
  const allowed = useCan('users', 'show');
  if (!allowed) return <Forbidden />;
  return (
    <Show
      title={title}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          <UserActions />
        </TopToolbar>
      }
      error={<ShowError />}
      {...STAY_ON_ERROR}
    >
      <SimpleShowLayout>
        <MailBounceWarning />
        <TextField source="firstName" emptyText="–" />
        <TextField source="lastName" emptyText="–" />
        <EmailField source="email" />
        <Status />
        <TextField source="phoneNumber" emptyText="–" />
        <SelectField source="gender" choices={GENDER_CHOICES} emptyText="–" />
        <SelectField source="locale" choices={LOCALE_CHOICES} />
        <DateField source="confirmedAt" showTime emptyText="–" />
        <DateField source="lastSignInAt" showTime emptyText="–" />
        <RolesHere />
      </SimpleShowLayout>
    </Show>
  );
}
