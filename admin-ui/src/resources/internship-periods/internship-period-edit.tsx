import { Edit, Labeled, SimpleForm, TopToolbar, useRedirect } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { ArchivePeriodButton, PeriodInputs } from './internship-period-fields.tsx';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';

function Actions() {
  const redirect = useRedirect();
  return (
    <TopToolbar>
      <ArchivePeriodButton onDone={() => redirect(adminPath.list('internship_periods'))} />
    </TopToolbar>
  );
}

/** /internship_periods/{id}/edit: PATCH with the changed fields; archiving is the button above the form. */
export function InternshipPeriodEdit() {
  const title = useRouteTitle();
  const allowed = useCan('internship_periods', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.list('internship_periods')}
      actions={<Actions />}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <Labeled source="status">
          <StatusChip prefix="admin.periodStatuses" />
        </Labeled>
        <PeriodInputs />
      </SimpleForm>
    </Edit>
  );
}
