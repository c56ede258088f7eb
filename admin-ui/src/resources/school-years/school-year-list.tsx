import { DataTable, DateField, List, useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

/** "Current" or "next" (spec §3 isCurrent/isNext), which decide the in-scope periods (spec §4). */
function YearFlag() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (record?.isCurrent)
    return <Chip size="small" color="primary" label={translate('admin.schoolYears.current')} />;
  if (record?.isNext)
    return <Chip size="small" variant="outlined" label={translate('admin.schoolYears.next')} />;
  return null;
}

export function SchoolYearList() {
  const title = useRouteTitle();
  const allowed = useCan('school_years', 'list');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      actions={false}
      sort={{ field: 'startDate', order: 'DESC' }}
      error={<ListError />}
      empty={false}
    >
      <ResponsiveList
        primary={(r) => String(r.name)}
        secondary={() => (
          <>
            <DateField source="startDate" /> – <DateField source="endDate" /> <YearFlag />
          </>
        )}
        table={
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="startDate" field={DateField} />
            <DataTable.Col source="endDate" field={DateField} />
            <DataTable.Col
              source="isCurrent"
              label="admin.filters.status"
              disableSort
              render={() => <YearFlag />}
            />
          </DataTable>
        }
      />
    </List>
  );
}
