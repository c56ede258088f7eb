import { Edit, SimpleForm, TopToolbar, useDataProvider, useRecordContext, useRedirect } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { DocumentInputs } from './compliance-document-fields.tsx';

/** DELETE /api/v1/compliance_documents/{id}, confirmed. */
function RemoveButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const allowed = useCan('compliance_documents', 'delete', record);
  if (!record || !allowed) return null;
  return (
    <ConfirmAction
      label="ra.action.delete"
      icon={<DeleteIcon />}
      title="admin.compliance.removeTitle"
      content="admin.compliance.removeContent"
      success="ra.notification.deleted"
      messageArgs={{ smart_count: 1 }}
      testId={`remove-${record.id}`}
      action={() => dataProvider.delete('compliance_documents', { id: record.id, previousData: record })}
      onDone={() => redirect(adminPath.list('compliance_documents'))}
      refreshAfter={false}
    />
  );
}

/** /compliance_documents/{id}/edit: PATCH the changed fields (the organization's admins). */
export function ComplianceDocumentEdit() {
  const title = useRouteTitle();
  const allowed = useCan('compliance_documents', 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.list('compliance_documents')}
      actions={
        <TopToolbar>
          <RemoveButton />
        </TopToolbar>
      }
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <DocumentInputs />
      </SimpleForm>
    </Edit>
  );
}
