import { Link as RouterLink } from 'react-router';
import {
  DataTable,
  DateField,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { Box, Link } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { ADMIN_USER_PAGE_SIZE } from '@stageplein/contracts/jsonapi/jsonapi';
import { OrganizationSwitcher } from '../../app/organization-switcher.tsx';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { ROLE_CHOICES, USER_STATUS_CHOICES } from '../../ui/choices.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { fullName, RoleChips } from './user-fields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="withRole" source="withRole" label="admin.filters.role" choices={ROLE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="admin.filters.status" choices={USER_STATUS_CHOICES} />,
];

function Actions() {
  const canInvite = useCan('users', 'create');
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {/* The organization filter: users are always those of the selected organization (spec §7). */}
      <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
        <OrganizationSwitcher variant="menu" />
      </Box>
      <FilterButton />
      {canInvite && (
        <LinkButton
          to={adminPath.add('users')}
          label="admin.users.invite"
          icon={<PersonAddIcon />}
          testId="invite-user"
        />
      )}
    </TopToolbar>
  );
}

/**
 * GET /api/v1/users of the selected organization: `filter[organization_id_eq]` (spec §7), role
 * (`filter[with_role]`), status and search, sorted and paged by the API (at most the spec's 1000).
 */
export function UserList() {
  const title = useRouteTitle();
  const permissions = useAdminPermissions();
  const allowed = useCan('users', 'list');
  const organizationId = permissions?.organization?.id;
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      filter={{ organizationIdEq: organizationId }}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 100, ADMIN_USER_PAGE_SIZE]} />}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={fullName}
        secondary={(record) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <span>{String(record.email)}</span>
            <span>
              <RoleChips organizationId={organizationId} /> <StatusChip prefix="admin.userStatuses" />
            </span>
          </Box>
        )}
        link={(record) => adminPath.show('users', record.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.show('users', id)}>
            <DataTable.Col
              source="lastName"
              label="resources.users.fields.fullName"
              render={(record) => (
                <Link
                  component={RouterLink}
                  to={adminPath.show('users', record.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {fullName(record)}
                </Link>
              )}
            />
            <DataTable.Col source="email" />
            <DataTable.Col
              source="roleNames"
              disableSort
              render={() => <RoleChips organizationId={organizationId} />}
            />
            <DataTable.Col
              source="status"
              disableSort
              render={() => <StatusChip prefix="admin.userStatuses" />}
            />
            <DataTable.Col source="lastSignInAt" disableSort field={DateField} />
          </DataTable>
        }
      />
    </List>
  );
}
