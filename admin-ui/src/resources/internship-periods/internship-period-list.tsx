import { Link as RouterLink } from 'react-router';
import {
  BooleanInput,
  DataTable,
  DateField,
  List,
  ReferenceField,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { Box, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/Archive';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ActionButton } from '../../ui/action-button.tsx';
import { PERIOD_STATUS_CHOICES } from '../../ui/choices.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { ArchivePeriodButton } from './internship-period-fields.tsx';
import { BulkBar, SelectAllBox, SelectRowBox } from '../../ui/selection.tsx';

function Actions() {
  const canCreate = useCan('internship_periods', 'create');
  return (
    <TopToolbar>
      {canCreate && (
        <LinkButton
          to={adminPath.add('internship_periods')}
          label="routes.internshipPeriods.add"
          icon={<AddIcon />}
          testId="add-period"
        />
      )}
    </TopToolbar>
  );
}

/** Archive the selected periods at once (PATCH each with status archived). */
function BulkArchive() {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('internship_periods');
  const run = async () => {
    try {
      await dataProvider.updateMany('internship_periods', { ids: selectedIds, data: { status: 'archived' } });
      notify('admin.internshipPeriods.archived', {
        type: 'success',
        messageArgs: { smart_count: selectedIds.length },
      });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
    unselectAll();
    refresh();
  };
  return (
    <ActionButton label="admin.internshipPeriods.archive" icon={<ArchiveIcon />} onClick={() => void run()} />
  );
}

/**
 * GET /api/v1/internship_periods: the in-scope periods of spec §4 (a school user: the school's own,
 * current and next school year); "earlier school years" asks the API for all (`filter[all_years]`).
 */
export function InternshipPeriodList() {
  const title = useRouteTitle();
  const allowed = useCan('internship_periods', 'list');
  const canEdit = useCan('internship_periods', 'edit');
  if (!allowed) return <Forbidden />;
  const filters = [
    <SelectInput
      key="status"
      source="statusEq"
      label="admin.filters.status"
      choices={PERIOD_STATUS_CHOICES}
      alwaysOn
    />,
    ...(canEdit
      ? [<BooleanInput key="allYears" source="allYears" label="admin.filters.allYears" alwaysOn />]
      : []),
  ];
  const link = (id: unknown) => (canEdit ? adminPath.edit('internship_periods', String(id)) : undefined);
  return (
    <List
      title={title}
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'startDate', order: 'ASC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={(r) => String(r.name)}
        secondary={() => (
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <span>
              <DateField source="startDate" /> – <DateField source="endDate" />
            </span>
            <StatusChip prefix="admin.periodStatuses" />
          </Box>
        )}
        link={(r) => link(r.id)}
        trailing={canEdit ? () => <ArchivePeriodButton /> : undefined}
        table={
          <>
            {canEdit && (
              <BulkBar>
                <BulkArchive />
              </BulkBar>
            )}
            <DataTable bulkActionButtons={false} rowClick={canEdit ? (id) => link(id) ?? false : false}>
              {canEdit && (
                <DataTable.Col
                  label={<SelectAllBox />}
                  disableSort
                  render={() => <SelectRowBox name={(r) => String(r.name ?? '')} />}
                />
              )}
              <DataTable.Col
                source="name"
                render={(r) =>
                  canEdit ? (
                    <Link component={RouterLink} to={link(r.id)!} onClick={(e) => e.stopPropagation()}>
                      {String(r.name)}
                    </Link>
                  ) : (
                    String(r.name)
                  )
                }
              />
              <DataTable.Col source="startDate" field={DateField} />
              <DataTable.Col source="endDate" field={DateField} />
              <DataTable.Col source="schoolYearId">
                <ReferenceField source="schoolYearId" reference="school_years" link={false} />
              </DataTable.Col>
              <DataTable.Col source="status" render={() => <StatusChip prefix="admin.periodStatuses" />} />
              {canEdit && (
                <DataTable.Col
                  label="admin.actions"
                  disableSort
                  render={() => (
                    <Box onClick={(e) => e.stopPropagation()}>
                      <ArchivePeriodButton />
                    </Box>
                  )}
                />
              )}
            </DataTable>
          </>
        }
      />
    </List>
  );
}
