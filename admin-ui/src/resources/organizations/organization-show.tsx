import {
  EmailField,
  Labeled,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  UrlField,
  useDataProvider,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { Forbidden, ShowError, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { StatusChip } from '../../ui/status-chip.tsx';
import { OrganizationTypeField } from './organization-fields.tsx';
import { OrganizationStatusActions } from './organization-status-actions.tsx';

/** DELETE /api/v1/organizations/{id} after a confirmation that says what goes with it. */
function DeleteOrganization() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const redirect = useRedirect();
  const allowed = useCan('organizations', 'delete', record);
  if (!record || !allowed) return null;
  return (
    <ConfirmAction
      label="ra.action.delete"
      icon={<DeleteIcon />}
      color="error"
      confirmColor="warning"
      title="admin.organizations.deleteTitle"
      content="admin.organizations.deleteContent"
      messageArgs={{ name: String(record.name), smart_count: 1 }}
      success="ra.notification.deleted"
      refreshAfter={false}
      testId="delete-organization"
      action={() => dataProvider.delete('organizations', { id: record.id, previousData: record })}
      onDone={() => redirect(adminPath.list('organizations'))}
    />
  );
}

function Actions() {
  const record = useRecordContext();
  const canEdit = useCan('organizations', 'edit', record);
  if (!record) return null;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      {canEdit && (
        <LinkButton
          to={adminPath.edit('organizations', record.id)}
          label="ra.action.edit"
          icon={<EditIcon />}
          testId="edit-organization"
        />
      )}
      <OrganizationStatusActions />
      <DeleteOrganization />
    </TopToolbar>
  );
}

function Status() {
  return (
    <Labeled source="status">
      <StatusChip prefix="organizations.statuses" />
    </Labeled>
  );
}

function TypeField() {
  return (
    <Labeled source="organizationType">
      <OrganizationTypeField />
    </Labeled>
  );
}

/** GET /api/v1/organizations/{id}?include=profile (spec §7): the organization with its profile. */
export function OrganizationShow() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan('organizations', 'show');
  if (!allowed) return <Forbidden />;
  return (
    <Show title={title} actions={<Actions />} error={<ShowError />} {...STAY_ON_ERROR}>
      <TabbedShowLayout syncWithLocation={false}>
        <TabbedShowLayout.Tab label={translate('admin.organizations.profile')}>
          <TextField source="name" />
          <TypeField />
          <Status />
          <TextField source="description" emptyText="–" />
          <UrlField source="website" emptyText="–" target="_blank" rel="noopener" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label={translate('admin.organizations.contact')} path="contact">
          <TextField source="address" emptyText="–" />
          <TextField source="postcode" emptyText="–" />
          <TextField source="city" emptyText="–" />
          <TextField source="phone" emptyText="–" />
          <EmailField source="email" emptyText="–" />
          <TextField source="contactName" emptyText="–" />
          <EmailField source="contactEmail" emptyText="–" />
          <TextField source="contactPhone" emptyText="–" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
