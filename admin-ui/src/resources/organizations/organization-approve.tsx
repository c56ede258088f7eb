import { Link as RouterLink } from 'react-router';
import { DataTable, DateField, List, useRecordContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden, ListError } from '../../ui/error-panel.tsx';
import { ResponsiveList } from '../../ui/responsive-list.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { OrganizationTypeField } from './organization-fields.tsx';
import { BulkStatusButton, OrganizationStatusActions } from './organization-status-actions.tsx';
import { BulkBar, SelectAllBox, SelectRowBox } from '../../ui/selection.tsx';

/** Who signed up (include=signup: shown to the organization's moderators only). */
function Applicant() {
  const record = useRecordContext();
  const signup = record?.signup as
    { adminFirstName?: string; adminLastName?: string; adminEmail?: string } | null | undefined;
  if (!signup?.adminEmail) return null;
  return (
    <>
      {[signup.adminFirstName, signup.adminLastName].filter(Boolean).join(' ')}{' '}
      <Box component="span" sx={{ color: 'text.secondary' }}>
        ({signup.adminEmail})
      </Box>
    </>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography data-testid="queue-empty">{translate('admin.organizations.queueEmpty')}</Typography>
      </CardContent>
    </Card>
  );
}

const nameOf = (r: Record<string, unknown>) => String(r.name ?? '');

/**
 * /organizations/approve: the organizations waiting for this moderator (filter[status_eq]=pending,
 * include=profile,signup), each with approve / deny / archive, and the same as bulk actions.
 */
export function OrganizationApprove() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan('organizations', 'approve');
  if (!allowed) return <Forbidden />;
  return (
    <List
      resource="organizations"
      title={title}
      filter={{ statusEq: 'pending' }}
      queryOptions={{ meta: { include: ['profile', 'signup'] } }}
      sort={{ field: 'createdAt', order: 'ASC' }}
      disableSyncWithLocation
      storeKey="organizations.approve"
      actions={false}
      empty={<Empty />}
      error={<ListError />}
    >
      {/* Seven columns beside the menu do not fit below 1200 px: the list is shown there, and the
          table's long texts wrap and its actions stack, so it never scrolls sideways (issue #13). */}
      <ResponsiveList
        listBelow="lg"
        primary={(r) => String(r.name)}
        secondary={(r) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
            <span>
              <OrganizationTypeField /> · {String(r.city ?? '')}
            </span>
            <span>
              {translate('admin.organizations.applicant')}: <Applicant />
            </span>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', ml: -1 }}>
              <OrganizationStatusActions targets={['approved', 'denied', 'archived']} />
            </Box>
          </Box>
        )}
        table={
          <>
            <BulkBar>
              <BulkStatusButton to="approved" />
              <BulkStatusButton to="denied" />
              <BulkStatusButton to="archived" />
            </BulkBar>
            <DataTable
              bulkActionButtons={false}
              rowClick={false}
              sx={{ '& td': { overflowWrap: 'anywhere' } }}
            >
              <DataTable.Col
                label={<SelectAllBox />}
                disableSort
                render={() => <SelectRowBox name={nameOf} />}
              />
              <DataTable.Col
                source="name"
                render={(r) => (
                  <Link component={RouterLink} to={adminPath.show('organizations', r.id)}>
                    {String(r.name)}
                  </Link>
                )}
              />
              <DataTable.Col source="organizationType" disableSort render={() => <OrganizationTypeField />} />
              <DataTable.Col source="city" />
              <DataTable.Col
                source="adminEmail"
                label="admin.organizations.applicant"
                disableSort
                render={() => <Applicant />}
              />
              <DataTable.Col source="createdAt" field={DateField} />
              <DataTable.Col
                label="admin.actions"
                disableSort
                render={() => (
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                    <OrganizationStatusActions targets={['approved', 'denied', 'archived']} />
                  </Box>
                )}
              />
            </DataTable>
          </>
        }
      />
    </List>
  );
}
