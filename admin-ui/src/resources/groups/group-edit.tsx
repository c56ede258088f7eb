import { Edit, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { GroupInputs } from './group-fields.tsx';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';

/** /groups/{id}/edit: PATCH /api/v1/groups/{id} with the changed fields. */
export function GroupEdit() {
  const title = useRouteTitle();
  const allowed = useCan('groups', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={(_resource, id) => adminPath.show('groups', id!)}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <GroupInputs />
      </SimpleForm>
    </Edit>
  );
}
