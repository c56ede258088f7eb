import { Link as RouterLink } from 'react-router';
import { DataTable, ListContextProvider, Title, useGetList, useList, useTranslate } from 'react-admin';
import { Box, Chip, Link, Typography } from '@mui/material';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';

const RESOURCE = 'notification_templates';

/** Own or standard text, said in words (the colour only repeats it). */
export function TextChip({ customized }: { customized: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={customized ? 'info' : 'default'}
      label={translate(
        customized ? 'admin.notificationTemplates.own' : 'admin.notificationTemplates.standard',
      )}
      data-testid={customized ? 'template-own' : 'template-standard'}
      sx={{ fontWeight: 600, '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}

/**
 * /notification_templates (school and centre admins): every kind of mail the website sends, whether the
 * tenant uses its own text or the standard one; the name opens the editor.
 */
export function NotificationTemplateList() {
  const title = useRouteTitle();
  const translate = useTranslate();
  const allowed = useCan(RESOURCE, 'list');
  const templates = useGetList(RESOURCE, { pagination: { page: 1, perPage: 100 } }, { enabled: allowed });
  const rows = (templates.data ?? []).map((t) => ({
    id: t.id,
    name: translate(`admin.notificationTemplates.kinds.${String(t.kind)}`),
    subject: String(t.subjectNl ?? ''),
    customized: !!t.customized,
  }));
  const list = useList({ data: rows, isPending: templates.isPending });
  if (!allowed) return <Forbidden />;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '48rem' }}>
        {translate('admin.notificationTemplates.intro')}
      </Typography>
      <ListContextProvider value={list}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="resources.notification_templates.fields.kind"
            render={(r) => (
              <Link
                component={RouterLink}
                to={adminPath.edit(RESOURCE, r.id)}
                data-testid={`template-${String(r.id)}`}
              >
                {String(r.name)}
              </Link>
            )}
          />
          <DataTable.Col source="subject" label="resources.notification_templates.fields.subjectNl" />
          <DataTable.Col
            source="customized"
            label="resources.notification_templates.fields.customized"
            render={(r) => <TextChip customized={!!r.customized} />}
          />
        </DataTable>
      </ListContextProvider>
    </Box>
  );
}
