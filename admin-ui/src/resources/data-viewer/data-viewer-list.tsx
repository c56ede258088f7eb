import {
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { Chip, Typography } from '@mui/material';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { internshipScopes } from '@stageplein/contracts/placements/internship-policy';
import { INTERNSHIP_INCLUDES, INTERNSHIP_STATUSES } from '@stageplein/contracts/placements/internships';
import { useAdminPermissions } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { ScrollFrame } from '../../ui/scroll-frame.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { cellOf, COLUMN_KEYS, type TColumnKey, type TDataViewerRecord } from './data-viewer-columns.ts';
import { ExportCsvButton } from './data-viewer-export.tsx';
import { useDataViewerTexts } from './data-viewer-texts.ts';

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton />
    </TopToolbar>
  );
}

/** The relations of spec §7's `include`, asked with every page (the provider resolves `included`). */
const INCLUDE = { meta: { include: INTERNSHIP_INCLUDES } };

/**
 * `/admin/data-viewer`: `GET /api/v1/internships` with all seven spec §7 includes as a table —
 * names, not ids — filtered by status, period, organization and group, exported as a formula-safe
 * CSV. Who sees which internships is the placements policy's (the API scopes the list); the screen
 * is offered to whoever has a scope at all (contracts' `internshipScopes`).
 */
export function DataViewerList() {
  const title = useRouteTitle();
  const texts = useDataViewerTexts();
  const permissions = useAdminPermissions();
  const organization = permissions?.organization;
  const scopes = permissions
    ? internshipScopes({
        userId: permissions.userId,
        permissions,
        current: organization && {
          id: organization.id,
          type: organization.type as TOrganizationType,
          status: organization.status as TOrganizationStatus,
        },
      })
    : [];
  if (!permissions) return null;
  if (scopes.length === 0) return <Forbidden />;
  const school = scopes.some((s) => s.kind === 'school' || s.kind === 'mentor');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={texts.filters.search} />,
    <SelectInput
      key="status"
      source="status"
      label={texts.columns.status}
      choices={INTERNSHIP_STATUSES.map((id) => ({ id, name: texts.status[id] }))}
      alwaysOn
    />,
    <ReferenceInput
      key="period"
      source="internshipPeriodId"
      reference="internship_periods"
      perPage={100}
      alwaysOn
    >
      <SelectInput label={texts.columns.internshipPeriod} optionText="name" />
    </ReferenceInput>,
    ...(school
      ? [
          <ReferenceInput
            key="organization"
            source="organizationId"
            reference="organizations"
            perPage={100}
            sort={{ field: 'name', order: 'ASC' }}
            filter={{ typeIn: ['Provider', 'NonProfit'] }}
          >
            <SelectInput label={texts.columns.organization} optionText="name" />
          </ReferenceInput>,
          <ReferenceInput key="group" source="groupId" reference="groups" perPage={100}>
            <SelectInput label={texts.filters.group} optionText="name" />
          </ReferenceInput>,
        ]
      : []),
  ];
  const value = (key: TColumnKey) => (r: TDataViewerRecord) => cellOf(r, key, texts);
  return (
    <List
      resource="internships"
      title={title}
      actions={<Actions />}
      filters={filters}
      queryOptions={INCLUDE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      error={<ListError />}
      empty={false}
      exporter={false}
      disableSyncWithLocation
    >
      <Typography color="text.secondary" sx={{ px: 2, pt: 2 }} data-testid="data-viewer-intro">
        {texts.intro}
      </Typography>
      <ResponsiveList
        listBelow="lg"
        primary={(r) => String(r.title ?? '')}
        secondary={(r) =>
          [value('student')(r), value('organization')(r), value('status')(r)].filter(Boolean).join(' · ')
        }
        table={
          // Fourteen columns do not fit beside the menu: they scroll inside their frame, never the page.
          <ScrollFrame label={title} testId="data-viewer-frame">
            <DataTable
              bulkActionButtons={false}
              rowClick={false}
              empty={
                <Typography sx={{ p: 2 }} color="text.secondary" data-testid="no-results">
                  {texts.empty}
                </Typography>
              }
            >
              {COLUMN_KEYS.map((key) => (
                <DataTable.Col
                  key={key}
                  source={key}
                  label={texts.columns[key]}
                  disableSort
                  render={(r: TDataViewerRecord) =>
                    key === 'status' ? (
                      <Chip size="small" variant="outlined" label={value(key)(r)} />
                    ) : (
                      value(key)(r)
                    )
                  }
                />
              ))}
            </DataTable>
          </ScrollFrame>
        }
      />
    </List>
  );
}
