import { Link as RouterLink } from 'react-router';
import {
  Labeled,
  ReferenceArrayField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useListContext,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Link, List as MuiList, ListItem, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Forbidden, ShowError, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fullName } from '../users/user-fields.tsx';

function Actions() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const redirect = useRedirect();
  const translate = useTranslate();
  const canEdit = useCan('groups', 'edit');
  const canDelete = useCan('groups', 'delete');
  if (!record) return null;
  return (
    <TopToolbar>
      {canEdit && (
        <LinkButton to={adminPath.edit('groups', record.id)} label="ra.action.edit" icon={<EditIcon />} />
      )}
      {canDelete && (
        <ConfirmAction
          label="ra.action.delete"
          icon={<DeleteIcon />}
          color="error"
          confirmColor="warning"
          title="ra.message.delete_title"
          content="ra.message.delete_content"
          messageArgs={{
            name: translate('resources.groups.name', { smart_count: 1 }),
            recordRepresentation: String(record.name),
            smart_count: 1,
          }}
          success="ra.notification.deleted"
          refreshAfter={false}
          action={() => dataProvider.delete('groups', { id: record.id, previousData: record })}
          onDone={() => redirect(adminPath.list('groups'))}
        />
      )}
    </TopToolbar>
  );
}

/** The group's students (user ids; identity owns the users), as links to their pages. */
function StudentLinks() {
  const { data } = useListContext();
  if (!data?.length) return <Typography color="text.secondary">–</Typography>;
  return (
    <MuiList dense disablePadding>
      {data.map((user) => (
        <ListItem key={user.id} disableGutters>
          <Link component={RouterLink} to={adminPath.show('users', user.id)}>
            {fullName(user)}
          </Link>
        </ListItem>
      ))}
    </MuiList>
  );
}

function Students() {
  const record = useRecordContext();
  const translate = useTranslate();
  const ids = Array.isArray(record?.students)
    ? (record.students as { id: string }[]).map((s) => s.id)
    : undefined;
  if (!ids) return <Typography color="text.secondary">{translate('admin.groups.studentsHidden')}</Typography>;
  return (
    <Labeled source="students">
      <ReferenceArrayField source="studentIds" reference="users" record={{ ...record!, studentIds: ids }}>
        <StudentLinks />
      </ReferenceArrayField>
    </Labeled>
  );
}

/** GET /api/v1/groups/{id}: the group and (for the school's admins and mentors) its students. */
export function GroupShow() {
  const title = useRouteTitle();
  const allowed = useCan('groups', 'show');
  if (!allowed) return <Forbidden />;
  return (
    <Show title={title} actions={<Actions />} error={<ShowError />} {...STAY_ON_ERROR}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="description" emptyText="–" />
        <ReferenceField source="levelId" reference="levels" link={false} emptyText="–" />
        <ReferenceField source="schoolYearId" reference="school_years" link={false} emptyText="–" />
        <Students />
      </SimpleShowLayout>
    </Show>
  );
}
