import { Create, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { PeriodInputs } from './internship-period-fields.tsx';

/** /internship_periods/add: POST /api/v1/internship_periods at the selected School (its admins). */
export function InternshipPeriodCreate() {
  const title = useRouteTitle();
  const allowed = useCan('internship_periods', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create title={title} redirect={() => adminPath.list('internship_periods')}>
      <SimpleForm>
        <PeriodInputs />
      </SimpleForm>
    </Create>
  );
}
