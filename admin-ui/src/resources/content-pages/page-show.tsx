import { Link as RouterLink, useParams } from 'react-router';
import {
  DeleteWithConfirmButton,
  Title,
  useGetList,
  useGetOne,
  useNotify,
  useUpdate,
  type RaRecord,
} from 'react-admin';
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
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { fill, useContentTexts } from '../content-shared/content-texts.ts';
import { LanguageSwitch } from '../content-shared/language-switch.tsx';
import { pageState } from '../content-shared/page-status.ts';
import { useLanguageParam } from './page-edit.tsx';

const when = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleString() : '–');

/**
 * `/content/pages/{id}?lang=en`: the preview of one language's latest save (the server's sanitised
 * HTML), whether it is live, publish / take offline, and every revision (newest first, live marked).
 */
export function PageShow() {
  const routeTitle = useRouteTitle();
  const texts = useContentTexts();
  const notify = useNotify();
  const { id = '' } = useParams();
  const [language, setLanguage] = useLanguageParam();
  const allowed = useCan('pages', 'show');
  const page = useGetOne('pages', { id, meta: { language } }, { enabled: allowed, retry: false });
  const revisions = useGetList(
    'page_revisions',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'createdAt', order: 'DESC' },
      meta: { pageId: id },
    },
    { enabled: allowed },
  );
  const [update, { isPending: saving }] = useUpdate();
  useDocumentTitle(page.data ? String(page.data.title) : routeTitle);
  if (!allowed) return <Forbidden />;
  if (page.error) return <ErrorPanel error={page.error} />;
  const record = page.data;
  const state = record ? pageState(record) : undefined;

  const setStatus = (status: 'published' | 'draft') =>
    update(
      'pages',
      // No previous data: status and locale always travel (taking a changed page offline too).
      { id, data: { status, locale: language }, previousData: {} as RaRecord },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(status === 'published' ? texts.page.published : texts.page.unpublished, { type: 'success' });
          void page.refetch();
          void revisions.refetch();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="page-show">
      <Title title={routeTitle} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <LanguageSwitch value={language} onChange={setLanguage} />
        <Button
          component={RouterLink}
          to={`${adminPath.contentPageEdit(id)}?lang=${language}`}
          startIcon={<EditIcon />}
          data-testid="page-edit"
        >
          {texts.page.edit}
        </Button>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          disabled={!record || saving || state === 'published' || record.locale !== language}
          onClick={() => setStatus('published')}
          data-testid="page-publish"
        >
          {texts.page.publish}
        </Button>
        <Button
          startIcon={<UnpublishedIcon />}
          disabled={!record || saving || state === 'offline' || record.locale !== language}
          onClick={() => setStatus('draft')}
          data-testid="page-unpublish"
        >
          {texts.page.unpublish}
        </Button>
        {record && (
          <DeleteWithConfirmButton
            resource="pages"
            record={record}
            label={texts.page.delete}
            confirmTitle={texts.page.delete}
            confirmContent={texts.page.deleteConfirm}
            redirect={adminPath.content}
            mutationMode="pessimistic"
          />
        )}
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
                <Typography variant="h5" component="h2" data-testid="page-title">
                  {String(record.title)}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={texts.status[state!]}
                  data-testid="page-state"
                  data-state={state}
                />
              </Stack>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                <Link href={record.slug === 'home' ? '/' : `/${String(record.slug)}`} data-testid="page-view">
                  {texts.page.view}: /{String(record.slug)}
                </Link>
              </Typography>
              {record.seoDescription ? (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {texts.fields.seoDescription}: {String(record.seoDescription)}
                </Typography>
              ) : null}
              <Typography variant="overline" component="h3">
                {texts.page.preview}
              </Typography>
              {/* The server's rendering, sanitised there (services/content/src/shared/rich-text.ts). */}
              <Box
                className="page-preview"
                data-testid="page-preview"
                lang={String(record.locale)}
                sx={{ '& a': { color: 'primary.dark' }, maxWidth: '48rem' }}
                dangerouslySetInnerHTML={{ __html: String(record.bodyHtml ?? '') }}
              />
            </>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {texts.page.revisions}
          </Typography>
          {revisions.data?.length ? (
            <Table size="small" data-testid="page-revisions">
              <TableHead>
                <TableRow>
                  <TableCell>{texts.fields.updatedAt}</TableCell>
                  <TableCell>{texts.fields.locale}</TableCell>
                  <TableCell>{texts.fields.title}</TableCell>
                  <TableCell>{texts.fields.status}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {revisions.data.map((rev) => (
                  <TableRow key={rev.id} data-live={rev.live ? 'true' : undefined}>
                    <TableCell>{when(rev.createdAt)}</TableCell>
                    <TableCell>{texts.languages[rev.locale as 'nl' | 'en'] ?? String(rev.locale)}</TableCell>
                    <TableCell>{String(rev.title)}</TableCell>
                    <TableCell>{rev.live ? fill('{live}', { live: texts.page.live }) : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary">{texts.page.noRevisions}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
