import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Edit,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useDataProvider,
  useDelete,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import PreviewIcon from '@mui/icons-material/Preview';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  MAIL_TEMPLATE_FIELDS,
  mailKindBlocks,
  type TMailKind,
} from '@stageplein/contracts/notifications/mail-templates';
import { camelCase } from '@stageplein/contracts/client/case-keys';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import type { TAdminDataProvider } from '../../providers/jsonapi-data-provider.ts';
import { ConfirmAction } from '../../ui/confirm-action.tsx';
import { EditError, Forbidden, STAY_ON_ERROR } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { SAVE_ONLY } from '../../ui/save-toolbar.tsx';
import { TextChip } from './notification-template-list.tsx';

const RESOURCE = 'notification_templates';
/** The form's names of the four texts (`subjectNl`…), as the data provider reads them. */
const FIELDS = MAIL_TEMPLATE_FIELDS.map(camelCase);

interface TRendered {
  subject: string;
  text: string;
}

/** The kind's name, whether its text is the tenant's own, and the variables it may use. */
function Heading() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }} data-testid="template-kind">
        {translate(`admin.notificationTemplates.kinds.${String(record.kind)}`)}{' '}
        <TextChip customized={!!record.customized} />
      </Typography>
      <Typography id="template-variables" sx={{ mb: 0.5 }}>
        {translate('admin.notificationTemplates.variables')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby="template-variables"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {(record.variables as string[]).map((v) => (
          <li key={v}>
            <Chip size="small" label={`{{${v}}}`} sx={{ fontFamily: 'monospace' }} />
          </li>
        ))}
      </Box>
      {mailKindBlocks(record.id as TMailKind).length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="template-blocks-hint">
          {translate('admin.notificationTemplates.blocksHint', { items: '{{items}}' })}
        </Typography>
      )}
    </Box>
  );
}

/** One language's rendering: subject and text, as the recipient would read them. */
function Rendering({ label, mail }: { label: string; mail: TRendered }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 20rem' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography sx={{ mb: 1 }}>
          {translate('admin.notificationTemplates.previewSubject')}:{' '}
          <span data-testid="preview-subject">{mail.subject}</span>
        </Typography>
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }} data-testid="preview-text">
          {mail.text}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The texts as typed (saved or not) rendered by the server with sample details, in both languages; an
 * unknown variable is refused as on saving, its message shown here.
 */
function Preview() {
  const translate = useTranslate();
  const record = useRecordContext();
  const form = useFormContext();
  const dataProvider = useDataProvider<TAdminDataProvider>();
  const [shown, setShown] = useState<{ nl: TRendered; en: TRendered } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const show = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const values = form.getValues() as Record<string, unknown>;
      const texts: Record<string, string> = {};
      for (const f of FIELDS) if (typeof values[f] === 'string') texts[f] = values[f];
      const { data } = await dataProvider.previewTemplate(record.id, texts);
      setShown({ nl: data.nl as TRendered, en: data.en as TRendered });
    } catch (error) {
      setShown(null);
      setFailure(translate((error as Error).message || 'errors.generic.title'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 2, width: '100%' }} data-testid="template-preview">
      <Button variant="outlined" startIcon={<PreviewIcon />} onClick={show} disabled={busy}>
        {translate('admin.notificationTemplates.preview')}
      </Button>
      <div aria-live="polite">
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="preview-error">
            {failure}
          </Alert>
        )}
        {shown && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('admin.notificationTemplates.previewTitle')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Rendering label={translate('admin.notificationTemplates.previewNl')} mail={shown.nl} />
              <Rendering label={translate('admin.notificationTemplates.previewEn')} mail={shown.en} />
            </Box>
          </Box>
        )}
      </div>
    </Box>
  );
}

/** Back to the standard text: offered only while the tenant has its own. */
function ResetAction() {
  const record = useRecordContext();
  const [remove] = useDelete();
  const allowed = useCan(RESOURCE, 'delete');
  if (!record?.customized || !allowed) return null;
  return (
    <ConfirmAction
      label="admin.notificationTemplates.reset"
      icon={<RestoreIcon />}
      title="admin.notificationTemplates.resetTitle"
      content="admin.notificationTemplates.resetContent"
      action={() =>
        remove(
          RESOURCE,
          { id: record.id, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        )
      }
      success="admin.notificationTemplates.resetDone"
      testId="template-reset"
    />
  );
}

/**
 * /notification_templates/{kind}/edit: the kind's Dutch and English subject and text, the variables it
 * may use, a preview with sample details, and back to the standard text. Saving sends the changed texts;
 * the server refuses a variable the kind does not have (the field shows why).
 */
export function NotificationTemplateEdit() {
  const title = useRouteTitle();
  const allowed = useCan(RESOURCE, 'edit');
  if (!allowed) return <Forbidden />;
  const multiline = { multiline: true, minRows: 5, helperText: 'admin.notificationTemplates.bodyHint' };
  return (
    <Edit
      title={title}
      mutationMode="pessimistic"
      redirect={() => adminPath.list(RESOURCE)}
      actions={
        <TopToolbar>
          <ResetAction />
        </TopToolbar>
      }
      error={<EditError />}
      {...STAY_ON_ERROR}
    >
      <SimpleForm toolbar={SAVE_ONLY}>
        <Heading />
        <TextInput source="subjectNl" validate={required()} fullWidth />
        <TextInput source="bodyNl" validate={required()} fullWidth {...multiline} />
        <TextInput source="subjectEn" validate={required()} fullWidth />
        <TextInput source="bodyEn" validate={required()} fullWidth {...multiline} />
        <Preview />
      </SimpleForm>
    </Edit>
  );
}
