import { Link as RouterLink } from 'react-router';
import { DataTable, List, SearchInput, SelectInput, TopToolbar, FilterButton } from 'react-admin';
import { Link } from '@mui/material';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ORGANIZATION_STATUS_CHOICES, ORGANIZATION_TYPE_CHOICES } from '../../ui/choices.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { OrganizationTypeField } from './organization-fields.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="organizationTypeEq"
    label="admin.filters.type"
    choices={ORGANIZATION_TYPE_CHOICES}
    alwaysOn
  />,
  <SelectInput
    key="status"
    source="statusEq"
    label="admin.filters.status"
    choices={ORGANIZATION_STATUS_CHOICES}
  />,
];

function Actions() {
  const canCreate = useCan('organizations', 'create');
  const canApprove = useCan('organizations', 'approve');
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {canApprove && (
        <LinkButton to={adminPath.approve} label="routes.organizations.approve" icon={<FactCheckIcon />} />
      )}
      {canCreate && (
        <LinkButton
          to={adminPath.add('organizations')}
          label="routes.organizations.add"
          icon={<AddBusinessIcon />}
          testId="add-organization"
        />
      )}
    </TopToolbar>
  );
}

/**
 * GET /api/v1/organizations?include=vacancies (spec §7) with the API's filters: approved ones for
 * everyone, the user's own, and every organization they moderate.
 */
export function OrganizationList() {
  const title = useRouteTitle();
  const allowed = useCan('organizations', 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'name', order: 'ASC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={(r) => String(r.name)}
        secondary={(r) => (
          <>
            <OrganizationTypeField /> · {String(r.city ?? '')} <StatusChip prefix="organizations.statuses" />
          </>
        )}
        link={(r) => adminPath.show('organizations', r.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.show('organizations', id)}>
            <DataTable.Col
              source="name"
              render={(r) => (
                <Link
                  component={RouterLink}
                  to={adminPath.show('organizations', r.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {String(r.name)}
                </Link>
              )}
            />
            <DataTable.Col source="organizationType" render={() => <OrganizationTypeField />} />
            <DataTable.Col source="city" />
            <DataTable.Col source="status" render={() => <StatusChip prefix="organizations.statuses" />} />
          </DataTable>
        }
      />
    </List>
  );
}
