import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  TopToolbar,
  useGetList,
  useListContext,
  useTranslate,
} from 'react-admin';
import AddIcon from '@mui/icons-material/Add';
import type { TComplianceKind } from '@stageplein/contracts/organizations/compliance';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ComplianceSummary, documentFacts } from './compliance-document-fields.tsx';

function Actions() {
  const canCreate = useCan('compliance_documents', 'create');
  return (
    <TopToolbar>
      {canCreate && (
        <LinkButton
          to={adminPath.add('compliance_documents')}
          label="routes.compliance.addDocument"
          icon={<AddIcon />}
          testId="add-compliance-document"
        />
      )}
    </TopToolbar>
  );
}

/** Every kind the tenant's schools and centres require (GET /api/v1/compliance_requirements). */
export function useRequiredKinds(): TComplianceKind[] {
  const { data } = useGetList('compliance_requirements', { pagination: { page: 1, perPage: 1000 } });
  return [...new Set((data ?? []).flatMap((r) => (r.kinds as TComplianceKind[]) ?? []))];
}

/** The selected organization's state, above its documents (its own admins). */
function OwnSummary() {
  const { data } = useListContext();
  const required = useRequiredKinds();
  return <ComplianceSummary required={required} documents={(data ?? []).map(documentFacts)} />;
}

/**
 * GET /api/v1/compliance_documents: an organization's admins see and manage their own documents
 * (with their state); school and centre admins read every organization's.
 */
export function ComplianceDocumentList() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const permissions = useAdminPermissions();
  const allowed = useCan('compliance_documents', 'list');
  const canEdit = useCan('compliance_documents', 'create');
  if (!allowed) return <Forbidden />;
  return (
    <List
      title={title}
      actions={<Actions />}
      sort={{ field: 'kind', order: 'ASC' }}
      // Its own admins see their organization's; school and centre admins every organization's.
      filter={canEdit ? { organizationIdEq: permissions?.organization?.id } : {}}
      error={<ListError />}
      empty={false}
      pagination={false}
      perPage={1000}
    >
      {canEdit && <OwnSummary />}
      <DataTable
        bulkActionButtons={false}
        rowClick={canEdit ? (id) => adminPath.edit('compliance_documents', id) : false}
      >
        {!canEdit && (
          <DataTable.Col source="organizationId">
            <ReferenceField source="organizationId" reference="organizations" link="show" />
          </DataTable.Col>
        )}
        <DataTable.Col
          source="kind"
          render={(r) => translate(`organizations.compliance.kinds.${String(r.kind)}`)}
        />
        <DataTable.Col source="reference" />
        <DataTable.Col source="issuedOn" field={DateField} />
        <DataTable.Col
          source="expiresOn"
          render={(r) =>
            r.expiresOn ? <DateField source="expiresOn" /> : translate('admin.compliance.noExpiry')
          }
        />
      </DataTable>
    </List>
  );
}
