import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  TopToolbar,
  useDataProvider,
  useGetMany,
  useRecordContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fullName } from '../users/user-fields.tsx';

function Actions() {
  const canCreate = useCan('mentorships', 'create');
  return (
    <TopToolbar>
      {canCreate && (
        <LinkButton
          to={adminPath.add('mentorships')}
          label="routes.mentorships.add"
          icon={<AddIcon />}
          testId="add-mentorship"
        />
      )}
    </TopToolbar>
  );
}

/** DELETE /api/v1/mentorships/{id}: the school's admins, or the mentor themselves. */
function RemoveMentorship() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const allowed = useCan('mentorships', 'delete', record);
  const { data: users } = useGetMany(
    'users',
    { ids: record ? [record.mentorId, record.studentId] : [] },
    { enabled: allowed },
  );
  if (!record || !allowed) return null;
  const name = (id: unknown) => fullName(users?.find((u) => u.id === id)) || '…';
  return (
    <ConfirmAction
      label="admin.mentorships.remove"
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title="admin.mentorships.removeTitle"
      content="admin.mentorships.removeContent"
      messageArgs={{ mentor: name(record.mentorId), student: name(record.studentId) }}
      success="ra.notification.deleted"
      testId={`remove-mentorship-${record.id}`}
      action={() => dataProvider.delete('mentorships', { id: record.id, previousData: record })}
    />
  );
}

const UserName = ({ source }: { source: 'mentorId' | 'studentId' }) => (
  <ReferenceField
    source={source}
    reference="users"
    link={(record) => adminPath.show('users', record.id)}
    emptyText="–"
  >
    <WrapperField>
      <NameOf />
    </WrapperField>
  </ReferenceField>
);

function NameOf() {
  return <>{fullName(useRecordContext())}</>;
}

/** GET /api/v1/mentorships: all of the school's for its admins, their own for mentors. */
export function MentorshipList() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan('mentorships', 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      actions={<Actions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={() => <UserName source="studentId" />}
        secondary={() => (
          <>
            {translate('resources.mentorships.fields.mentorId')}: <UserName source="mentorId" />
          </>
        )}
        trailing={() => <RemoveMentorship />}
        table={
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="studentId" disableSort render={() => <UserName source="studentId" />} />
            <DataTable.Col source="mentorId" disableSort render={() => <UserName source="mentorId" />} />
            <DataTable.Col source="createdAt" field={DateField} />
            <DataTable.Col
              label="admin.actions"
              disableSort
              render={() => (
                <Box>
                  <RemoveMentorship />
                </Box>
              )}
            />
          </DataTable>
        }
      />
    </List>
  );
}
