import { Link as RouterLink } from 'react-router';
import { DataTable, List, NumberField, ReferenceField, TextField, TopToolbar } from 'react-admin';
import { Link } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

function Actions() {
  const canCreate = useCan('groups', 'create');
  return (
    <TopToolbar>
      {canCreate && (
        <LinkButton
          to={adminPath.add('groups')}
          label="routes.groups.add"
          icon={<GroupAddIcon />}
          testId="add-group"
        />
      )}
    </TopToolbar>
  );
}

/** GET /api/v1/groups: the selected School's groups (the API answers them all; paged here). */
export function GroupList() {
  const title = useRouteTitle();
  const allowed = useCan('groups', 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={(r) => String(r.name)}
        secondary={() => (
          <>
            <ReferenceField source="levelId" reference="levels" link={false} emptyText="–" /> ·{' '}
            <ReferenceField source="schoolYearId" reference="school_years" link={false} emptyText="–" /> ·{' '}
            <NumberField source="studentsCount" />
          </>
        )}
        link={(r) => adminPath.show('groups', r.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.show('groups', id)}>
            <DataTable.Col
              source="name"
              render={(r) => (
                <Link
                  component={RouterLink}
                  to={adminPath.show('groups', r.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {String(r.name)}
                </Link>
              )}
            />
            <DataTable.Col source="levelId" disableSort>
              <ReferenceField source="levelId" reference="levels" link={false} emptyText="–">
                <TextField source="name" />
              </ReferenceField>
            </DataTable.Col>
            <DataTable.Col source="schoolYearId" disableSort>
              <ReferenceField source="schoolYearId" reference="school_years" link={false} emptyText="–">
                <TextField source="name" />
              </ReferenceField>
            </DataTable.Col>
            <DataTable.NumberCol source="studentsCount" />
          </DataTable>
        }
      />
    </List>
  );
}
