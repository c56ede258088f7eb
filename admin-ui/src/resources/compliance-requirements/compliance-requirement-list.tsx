import { Link as RouterLink } from 'react-router';
import { DataTable, ListContextProvider, useGetList, useList, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  COMPLIANCE_SUBJECT_TYPES,
  type TComplianceKind,
  type TComplianceStatus,
} from '@stageplein/contracts/organizations/compliance';
import { adminPath } from '../../app/paths.ts';
import { useAdminPermissions, useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ComplianceChip } from '../compliance-documents/compliance-document-fields.tsx';

/** The included `organization_compliance` of an organization, as the data provider reads it (camelCase). */
interface TComplianceState {
  status: TComplianceStatus;
  mayPublish: boolean;
  kinds: { kind: TComplianceKind; status: TComplianceStatus }[];
}

/** What the selected School or VolunteerCenter requires, with the button to change it. */
function OwnRequirements({ organizationId }: { organizationId: string }) {
  const translate = useTranslate();
  const { data } = useGetList('compliance_requirements', { pagination: { page: 1, perPage: 1000 } });
  const canEdit = useCan('compliance_requirements', 'edit', { id: organizationId });
  const kinds = (data?.find((r) => String(r.id) === organizationId)?.kinds as TComplianceKind[]) ?? [];
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6">{translate('admin.compliance.ourRequirements')}</Typography>
        <Typography sx={{ my: 1 }} data-testid="own-required-kinds">
          {kinds.length
            ? kinds.map((k) => translate(`organizations.compliance.kinds.${k}`)).join(', ')
            : translate('admin.compliance.nothingRequired')}
        </Typography>
        {canEdit && (
          <LinkButton
            to={adminPath.edit('compliance_requirements', organizationId)}
            label="routes.compliance.editRequirements"
            icon={<EditIcon />}
            testId="edit-requirements"
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /compliance_requirements (school and centre admins): their own required kinds, and every
 * NonProfit's and Provider's state per kind the tenant requires, as the server computes it with
 * contracts' `complianceState` (`include=compliance`, the rule it gates publishing with). A school
 * sees the state, not the documents behind it (those are their organization's and the content
 * editors': `complianceRules.viewDocuments`).
 */
export function ComplianceRequirementList() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const permissions = useAdminPermissions();
  const allowed = useCan('compliance_requirements', 'list');
  const organizations = useGetList('organizations', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: { organizationType: [...COMPLIANCE_SUBJECT_TYPES] },
    meta: { include: ['compliance'] },
  });
  const rows = (organizations.data ?? []).map((o) => {
    // No state: nothing is required of it.
    const state = (o.compliance as TComplianceState | null) ?? {
      status: 'compliant',
      mayPublish: true,
      kinds: [],
    };
    return {
      id: o.id,
      name: o.name,
      status: state.status,
      mayPublish: state.mayPublish,
      kinds: state.kinds,
    };
  });
  const list = useList({ data: rows, isPending: organizations.isPending });
  if (!allowed) return <Forbidden />;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {permissions?.organization && <OwnRequirements organizationId={permissions.organization.id} />}
      <ListContextProvider value={list}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="resources.organizations.fields.name"
            render={(r) => (
              <Link component={RouterLink} to={adminPath.show('organizations', r.id)}>
                {String(r.name)}
              </Link>
            )}
          />
          <DataTable.Col
            source="status"
            label="admin.compliance.state"
            render={(r) => <ComplianceChip status={r.status} />}
          />
          <DataTable.Col
            source="kinds"
            label="admin.compliance.perKind"
            render={(r) => (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {(r.kinds as { kind: string; status: 'compliant' }[]).map((k) => (
                  <span key={k.kind}>
                    {translate(`organizations.compliance.kinds.${k.kind}`)}:{' '}
                    <ComplianceChip status={k.status} />
                  </span>
                ))}
              </Box>
            )}
          />
          <DataTable.Col
            source="mayPublish"
            label="admin.compliance.mayPublish"
            render={(r) => translate(r.mayPublish ? 'ra.boolean.true' : 'ra.boolean.false')}
          />
        </DataTable>
      </ListContextProvider>
    </Box>
  );
}
