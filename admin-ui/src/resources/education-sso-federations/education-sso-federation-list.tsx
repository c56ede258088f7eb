import { Link as RouterLink } from 'react-router';
import { DataTable, ListContextProvider, Title, useGetList, useList, useTranslate } from 'react-admin';
import { Box, Link, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

export const RESOURCE = 'education_sso_federations';

/**
 * /education_sso_federations (platform operators): which registration serves the tenant (its own, the
 * installation's or none), its issuer and client id, and whether a secret is set — never the secret.
 */
export function EducationSsoFederationList() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan(RESOURCE, 'list');
  const found = useGetList(RESOURCE, { pagination: { page: 1, perPage: 1 } }, { enabled: allowed });
  const rows = (found.data ?? []).map((r) => ({
    id: r.id,
    source: translate(`admin.educationSso.sources.${String(r.source)}`),
    issuer: r.issuer ? String(r.issuer) : '—',
    clientId: r.clientId ? String(r.clientId) : '—',
    secret: translate(r.clientSecretSet ? 'admin.educationSso.secretSet' : 'admin.educationSso.secretNotSet'),
  }));
  const list = useList({ data: rows, isPending: found.isPending });
  if (!allowed) return <Forbidden />;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
        {translate('admin.educationSso.intro')}
      </Typography>
      <ListContextProvider value={list}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="source"
            label="resources.education_sso_federations.fields.source"
            render={(r) => (
              <Link component={RouterLink} to={adminPath.edit(RESOURCE, r.id)} data-testid="federation-edit">
                {String(r.source)}
              </Link>
            )}
          />
          <DataTable.Col source="issuer" label="resources.education_sso_federations.fields.issuer" />
          <DataTable.Col source="clientId" label="resources.education_sso_federations.fields.clientId" />
          <DataTable.Col source="secret" label="resources.education_sso_federations.fields.clientSecret" />
        </DataTable>
      </ListContextProvider>
    </Box>
  );
}
