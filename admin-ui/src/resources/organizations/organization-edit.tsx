import { Edit, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ProfileInputs } from './organization-fields.tsx';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';

/**
 * /organizations/{id}/edit: the profile (PUT /api/v1/organizations/{id}, only the changed fields);
 * its own admin or a moderator. Status changes are the approve/deny/archive buttons.
 */
export function OrganizationEdit() {
  const title = useRouteTitle();
  const allowed = useCan('organizations', 'show');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={(_resource, id) => adminPath.show('organizations', id!)}
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <ProfileInputs />
      </SimpleForm>
    </Edit>
  );
}
