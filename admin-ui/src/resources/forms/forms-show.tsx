import { useParams } from 'react-router';
import { Title, useGetList, useGetOne, useLocaleState } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { publicFormPath } from '@stageplein/contracts/forms/forms-api';
import { portalPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { formTitle, useFormsTexts } from './forms-texts.ts';
import { ScrollFrame } from '../../ui/scroll-frame.tsx';

const when = (iso: unknown, locale: string) =>
  typeof iso === 'string' ? new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL') : '–';

/**
 * `/content/forms/{id}`: one form for its content editors — status, public address, submissions and
 * every published version with the submissions it received. Building, publishing and reading the
 * submissions happen in the portal's form builder, which the buttons open (full page loads).
 */
export function FormShow() {
  const routeTitle = useRouteTitle();
  const texts = useFormsTexts();
  const [locale] = useLocaleState();
  const { id = '' } = useParams();
  const allowed = useCan('forms', 'list');
  const form = useGetOne('forms', { id }, { enabled: allowed, retry: false });
  const versions = useGetList(
    'form_versions',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'version', order: 'DESC' },
      meta: { formId: id },
    },
    { enabled: allowed },
  );
  const record = form.data;
  useDocumentTitle(record ? formTitle(record.title, locale) : routeTitle);
  if (!allowed) return <Forbidden />;
  if (form.error) return <ErrorPanel error={form.error} />;
  const status = record ? (texts.statuses[record.status as keyof typeof texts.statuses] ?? '') : '';
  const token = record?.publicToken ? String(record.publicToken) : undefined;
  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="form-show">
      <Title title={routeTitle} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        {/* The builder is the portal's: full page loads (the gateway serves it with the portal). */}
        <Button variant="contained" href={portalPath.form(id)} data-testid="form-open-builder">
          {texts.openInBuilder}
        </Button>
        <Button href={`${portalPath.form(id)}/edit`} startIcon={<EditIcon />} data-testid="form-edit">
          {texts.edit}
        </Button>
      </Stack>
      <Card>
        <CardContent>
          {record && (
            <>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mb: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Typography variant="h5" component="h2" data-testid="form-title">
                  {formTitle(record.title, locale)}
                </Typography>
                <Chip size="small" variant="outlined" label={status} data-testid="form-status" />
                {record.purpose === 'contact' && (
                  <Chip size="small" variant="outlined" label={texts.contact} />
                )}
                {record.hasUnpublishedChanges === true && (
                  <Chip size="small" variant="outlined" label={texts.changed} />
                )}
              </Stack>
              <Typography color="text.secondary">
                {texts.submissions}:{' '}
                <Link href={portalPath.form(id)} data-testid="form-submission-count">
                  {String(record.submissionCount ?? 0)}
                </Link>
              </Typography>
              <Typography color="text.secondary">
                {texts.publicAddress}:{' '}
                {token && record.status === 'published' ? (
                  <Link href={publicFormPath(token)} data-testid="form-public-link">
                    {publicFormPath(token)}
                  </Link>
                ) : (
                  texts.notPublic
                )}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {texts.versions}
          </Typography>
          {versions.data?.length ? (
            <ScrollFrame label={texts.versions}>
              <Table size="small" data-testid="form-versions">
                <TableHead>
                  <TableRow>
                    <TableCell>{texts.version}</TableCell>
                    <TableCell>{texts.publishedAt}</TableCell>
                    <TableCell>{texts.submissions}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {versions.data.map((v) => (
                    <TableRow key={v.id} data-testid="form-version-row">
                      <TableCell>{String(v.version)}</TableCell>
                      <TableCell>{when(v.publishedAt, locale)}</TableCell>
                      <TableCell>{String(v.submissionCount ?? 0)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollFrame>
          ) : (
            <Typography color="text.secondary">{texts.noVersions}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
