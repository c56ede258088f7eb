import { Link as RouterLink, useParams } from 'react-router';
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
import { adminPath, portalPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ScrollFrame } from '../../ui/scroll-frame.tsx';
import { dateIn, fill, textIn, useWorkflowTexts } from './workflow-texts.ts';

/**
 * `/admin/workflows/{id}` (issue #33), read-only: one definition — kind, default, its published version
 * and draft (each to its page), and the school's internships running it with their version, current
 * phase and last logged migration (GET /api/v1/phase_runs). Changes happen in the portal's designer.
 */
export function WorkflowDefinitionShow() {
  const routeTitle = useRouteTitle();
  const texts = useWorkflowTexts();
  const [locale] = useLocaleState();
  const { id = '' } = useParams();
  const allowed = useCan('workflow_definitions', 'show');
  const definition = useGetOne('workflow_definitions', { id }, { enabled: allowed, retry: false });
  const runs = useGetList(
    'phase_runs',
    { pagination: { page: 1, perPage: 500 }, filter: { definitionId: id } },
    { enabled: allowed },
  );
  const record = definition.data;
  useDocumentTitle(record ? String(record.name) : routeTitle);
  if (!allowed) return <Forbidden />;
  if (definition.error) return <ErrorPanel error={definition.error} />;
  const versionLink = (versionId: unknown, version: unknown) =>
    typeof versionId === 'string' ? (
      <Link
        component={RouterLink}
        to={adminPath.workflowVersion(versionId)}
        data-testid="workflow-version-link"
      >
        {fill(texts.versionLabel, { version: String(version) })}
      </Link>
    ) : (
      texts.none
    );
  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="workflow-show">
      <Title title={routeTitle} />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        {/* The designer is the portal's: a full page load (the gateway serves it with the portal). */}
        <Button variant="contained" href={portalPath.workflow(id)} data-testid="workflow-open-designer">
          {texts.openDesigner}
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
                <Typography variant="h5" component="h2" data-testid="workflow-name">
                  {String(record.name)}
                </Typography>
                {record.isDefault === true && (
                  <Chip size="small" variant="outlined" label={texts.isDefault} />
                )}
              </Stack>
              <Typography color="text.secondary">
                {texts.kind}: {texts.kinds[record.contractType as keyof typeof texts.kinds]}
              </Typography>
              <Typography color="text.secondary">
                {texts.published}: {versionLink(record.publishedVersionId, record.publishedVersion)}
                {typeof record.publishedAt === 'string' && ` (${dateIn(record.publishedAt, locale)})`}
              </Typography>
              <Typography color="text.secondary">
                {texts.draft}: {versionLink(record.draftVersionId, record.draftVersion)}
              </Typography>
            </>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {texts.runs}
          </Typography>
          {runs.error ? (
            <ErrorPanel error={runs.error} />
          ) : runs.data?.length ? (
            <ScrollFrame label={texts.runs}>
              <Table size="small" data-testid="workflow-runs">
                <TableHead>
                  <TableRow>
                    <TableCell>{texts.student}</TableCell>
                    <TableCell>{texts.internship}</TableCell>
                    <TableCell>{texts.version}</TableCell>
                    <TableCell>{texts.currentPhase}</TableCell>
                    <TableCell>{texts.runState}</TableCell>
                    <TableCell>{texts.lastMigration}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {runs.data.map((r) => {
                    const migration = r.lastMigration as {
                      at: string;
                      fromVersion: number | null;
                      toVersion: number | null;
                    } | null;
                    const phase = r.currentPhase as { name: unknown } | null;
                    return (
                      <TableRow key={r.id} data-testid="workflow-run-row">
                        <TableCell>{String(r.studentName)}</TableCell>
                        <TableCell>{String(r.internshipTitle)}</TableCell>
                        <TableCell>{versionLink(r.versionId, r.version)}</TableCell>
                        <TableCell>{phase ? textIn(phase.name, locale) : texts.none}</TableCell>
                        <TableCell>{texts.runStates[r.state as keyof typeof texts.runStates]}</TableCell>
                        <TableCell>
                          {migration
                            ? fill(texts.migration, {
                                from: migration.fromVersion ?? '?',
                                to: migration.toVersion ?? '?',
                                date: dateIn(migration.at, locale),
                              })
                            : texts.none}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </ScrollFrame>
          ) : (
            runs.data && <Typography color="text.secondary">{texts.noRuns}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
