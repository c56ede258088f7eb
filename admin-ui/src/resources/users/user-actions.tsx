import { useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { ActionButton } from '../../ui/action-button.tsx';
import EditIcon from '@mui/icons-material/Edit';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LoginIcon from '@mui/icons-material/Login';
import MailIcon from '@mui/icons-material/Mail';
import SchoolIcon from '@mui/icons-material/School';
import ShieldIcon from '@mui/icons-material/AdminPanelSettings';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPath, portalPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { fullName, rolesHere } from './user-fields.tsx';

/** Resend the invitation (POST …/resend_confirmation_instructions): only for invited users. */
function ResendConfirmationButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  if (!record) return null;
  const send = async () => {
    try {
      const { message } = await dataProvider.resendConfirmation(record.id);
      notify(message ?? 'admin.done', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <ActionButton
      label={translate('admin.users.resendConfirmation')}
      onClick={() => void send()}
      testId="resend-confirmation"
      icon=<MailIcon />
    />
  );
}

/**
 * What may be done with this user, each offered only where the server allows it
 * (providers/access.ts mirrors services/identity users.policy): edit, student screens, roles,
 * resend the invitation, sign in as the user, delete.
 */
export function UserActions() {
  const record = useRecordContext();
  const permissions = useAdminPermissions();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const redirect = useRedirect();
  const canEdit = useCan('users', 'edit', record);
  const canAddRole = useCan('users', 'addRole', record);
  const canResend = useCan('users', 'resendConfirmation', record);
  const canImpersonate = useCan('users', 'impersonate', record);
  const canDelete = useCan('users', 'delete', record);
  const canAssignGroup = useCan('students', 'assignGroup', record);
  const translate = useTranslate();
  if (!record) return null;
  const isStudent = rolesHere(record, permissions?.organization?.id).includes('student');
  const name = fullName(record);
  return (
    <>
      {canEdit && (
        <LinkButton
          to={adminPath.edit('users', record.id)}
          label="ra.action.edit"
          icon={<EditIcon />}
          testId="edit-user"
        />
      )}
      {canEdit && isStudent && (
        <LinkButton
          to={adminPath.editStudent(record.id)}
          label="admin.users.editStudent"
          icon={<SchoolIcon />}
        />
      )}
      {canAssignGroup && isStudent && (
        <LinkButton
          to={adminPath.assignGroup(record.id)}
          label="admin.students.assignGroup"
          icon={<GroupAddIcon />}
          testId="assign-group"
        />
      )}
      {canAddRole && (
        <LinkButton
          to={adminPath.addRole(record.id)}
          label="admin.users.addRole"
          icon={<ShieldIcon />}
          testId="add-role"
        />
      )}
      {canResend && <ResendConfirmationButton />}
      {canImpersonate && (
        <ConfirmAction
          label="admin.users.signInAs"
          icon={<LoginIcon />}
          title="admin.users.signInAsTitle"
          content="admin.users.signInAsContent"
          messageArgs={{ name }}
          success="admin.done"
          testId="sign-in-as"
          // The answer's headers are the user's credentials (stored as the shared cookies): the portal, as them.
          action={() => dataProvider.signInAsUser(record.id)}
          onDone={() => window.location.assign(portalPath.dashboard)}
        />
      )}
      {canDelete && (
        <ConfirmAction
          label="ra.action.delete"
          icon={<DeleteIcon />}
          color="error"
          confirmColor="warning"
          title="ra.message.delete_title"
          content="ra.message.delete_content"
          messageArgs={{
            name: translate('resources.users.name', { smart_count: 1 }),
            recordRepresentation: name,
            smart_count: 1,
          }}
          success="ra.notification.deleted"
          refreshAfter={false}
          testId="delete-user"
          action={() => dataProvider.delete('users', { id: record.id, previousData: record })}
          onDone={() => redirect(adminPath.list('users'))}
        />
      )}
    </>
  );
}
