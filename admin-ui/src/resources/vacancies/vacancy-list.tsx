import { Link as RouterLink } from 'react-router';
import {
  DataTable,
  DateField,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { Link } from '@mui/material';
import { VACANCY_STATUSES } from '@stageplein/contracts/placements/vacancy-kinds';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { useVacancyTexts } from './vacancy-texts.ts';
import { VacancyStatus } from './vacancy-fields.tsx';

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
    </TopToolbar>
  );
}

/**
 * `/admin/vacancies`: GET /api/v1/vacancies (the search, newest first). Moderators see every
 * organization's vacancies in every status; an organization's admins their own
 * (`filter[organization_id_eq]`, which lets the API show their drafts, closed and hidden ones).
 */
export function VacancyList() {
  const title = useRouteTitle();
  const texts = useVacancyTexts();
  const permissions = useAdminPermissions();
  const allowed = useCan('vacancies', 'list');
  const moderates = useCan('vacancies', 'hide');
  if (!allowed) return <Forbidden />;
  const statusChoices = VACANCY_STATUSES.map((id) => ({ id, name: texts.status[id] }));
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput
      key="status"
      source="statusIn"
      label={texts.fields.status}
      choices={statusChoices}
      alwaysOn
    />,
    ...(moderates
      ? [
          <ReferenceInput
            key="organization"
            source="organizationIdEq"
            reference="organizations"
            perPage={100}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput label={texts.fields.organization} optionText="name" />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <List
      resource="vacancies"
      title={title}
      actions={<Actions />}
      filters={filters}
      // Its own admins: the selected organization's vacancies (the API shows them every status then).
      filter={moderates ? {} : { organizationIdEq: permissions?.organization?.id }}
      sort={{ field: 'newest', order: 'ASC' }}
      error={<ListError />}
      empty={false}
      disableSyncWithLocation
    >
      <ResponsiveList
        primary={(r) => String(r.title)}
        secondary={(r) =>
          [r.organizationName, r.city, texts.status[r.status as 'draft'], r.hidden ? texts.hidden.yes : null]
            .filter(Boolean)
            .join(' · ')
        }
        link={(r) => adminPath.vacancy(r.id)}
        table={
          <DataTable bulkActionButtons={false} rowClick={(id) => adminPath.vacancy(id)}>
            <DataTable.Col
              source="title"
              label={texts.fields.title}
              disableSort
              render={(r) => (
                <Link
                  component={RouterLink}
                  to={adminPath.vacancy(r.id)}
                  onClick={(e) => e.stopPropagation()}
                >
                  {String(r.title)}
                </Link>
              )}
            />
            <DataTable.Col source="organizationName" label={texts.fields.organization} disableSort />
            <DataTable.Col source="city" label={texts.fields.city} disableSort />
            <DataTable.Col source="status" label={texts.fields.status} disableSort>
              <VacancyStatus />
            </DataTable.Col>
            <DataTable.Col source="publishedAt" label={texts.fields.publishedAt} disableSort>
              <DateField source="publishedAt" />
            </DataTable.Col>
            <DataTable.Col
              source="hidden"
              label={texts.fields.hidden}
              disableSort
              render={(r) => (r.hidden ? texts.hidden.yes : texts.hidden.no)}
            />
          </DataTable>
        }
      />
    </List>
  );
}
