import { Edit, SimpleForm, TopToolbar } from 'react-admin';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useParams } from 'react-router';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { UserFormFields } from '../users/user-edit.tsx';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';

/**
 * /students/{id}/edit: a student's details (PATCH /api/v1/users/{id}); from here the group is one
 * click away. Students are identity users, so the form is the user form.
 */
export function StudentEdit() {
  const { id = '' } = useParams();
  const title = useRouteTitle();
  const allowed = useCan('students', 'edit');
  const canAssign = useCan('students', 'assignGroup');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      resource="students"
      id={id}
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.show('users', id)}
      actions={
        canAssign ? (
          <TopToolbar>
            <LinkButton
              to={adminPath.assignGroup(id)}
              label="admin.students.assignGroup"
              icon={<GroupAddIcon />}
            />
          </TopToolbar>
        ) : (
          false
        )
      }
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <UserFormFields />
      </SimpleForm>
    </Edit>
  );
}
