import {
  Edit,
  PasswordInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useDelete,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { isFederationIssuer } from '@stageplein/contracts/identity/education-sso-policy';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { RESOURCE } from './education-sso-federation-list.tsx';

/** The issuer rule of contracts (the server's own; it also checks the federation's hosts). */
const issuerRule = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isFederationIssuer(value)
    ? 'admin.educationSso.issuerInvalid'
    : undefined;

/** Which registration serves the tenant now, and whether a secret is set. */
function Heading() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography sx={{ mb: 2 }} data-testid="federation-source">
      {translate(`admin.educationSso.sources.${String(record.source)}`)} ·{' '}
      {translate(record.clientSecretSet ? 'admin.educationSso.secretSet' : 'admin.educationSso.secretNotSet')}
    </Typography>
  );
}

/** Back to the installation's registration: offered only while the tenant has its own. */
function RemoveAction() {
  const record = useRecordContext();
  const [remove] = useDelete();
  const allowed = useCan(RESOURCE, 'delete');
  if (record?.source !== 'tenant' || !allowed) return null;
  return (
    <ConfirmAction
      label="admin.educationSso.remove"
      icon={<DeleteIcon />}
      title="admin.educationSso.removeTitle"
      content="admin.educationSso.removeContent"
      action={() =>
        remove(
          RESOURCE,
          { id: record.id, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        )
      }
      success="admin.educationSso.removed"
      testId="federation-remove"
    />
  );
}

/**
 * /education_sso_federations/{tenant}/edit: the issuer and client id; the secret is typed only to set
 * it (required the first time, kept when left empty) and never shown.
 */
export function EducationSsoFederationEdit() {
  const title = useRouteTitle();
  const allowed = useCan(RESOURCE, 'edit');
  if (!allowed) return <Forbidden />;
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.list(RESOURCE)}
      actions={
        <TopToolbar>
          <RemoveAction />
        </TopToolbar>
      }
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <Heading />
        <TextInput source="issuer" validate={[required(), issuerRule]} fullWidth />
        <TextInput source="clientId" validate={required()} fullWidth />
        <PasswordInput
          source="clientSecret"
          helperText="admin.educationSso.secretHint"
          autoComplete="new-password"
          fullWidth
        />
      </SimpleForm>
    </Edit>
  );
}
