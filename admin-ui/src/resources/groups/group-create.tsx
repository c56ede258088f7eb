import { Create, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { GroupInputs } from './group-fields.tsx';

/** /groups/add: POST /api/v1/groups at the selected School (its admins). */
export function GroupCreate() {
  const title = useRouteTitle();
  const allowed = useCan('groups', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create title={title} redirect={(_resource, id) => adminPath.show('groups', id!)}>
      <SimpleForm>
        <GroupInputs />
      </SimpleForm>
    </Create>
  );
}
