import { Create, SimpleForm } from 'react-admin';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { DocumentInputs } from './compliance-document-fields.tsx';

/** /compliance_documents/add: POST /api/v1/compliance_documents for the selected organization (its admins). */
export function ComplianceDocumentCreate() {
  const title = useRouteTitle();
  const allowed = useCan('compliance_documents', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <Create title={title} redirect={() => adminPath.list('compliance_documents')}>
      <SimpleForm>
        <DocumentInputs />
      </SimpleForm>
    </Create>
  );
}
