import { Link as RouterLink, useParams } from 'react-router';
import { Title, useGetOne, useLocaleState } from 'react-admin';
import {
  Box,
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
import { adminPath } from '../../app/paths.ts';
import { useCan } from '../../app/session-context.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { ErrorPanel, Forbidden } from '../../ui/error-panel.tsx';
import { useRouteTitle } from '../../ui/route-title.ts';
import { ScrollFrame } from '../../ui/scroll-frame.tsx';
import { dateIn, fill, textIn, useWorkflowTexts } from '../workflow-definitions/workflow-texts.ts';

interface TTask {
  id: string;
  title: unknown;
  actor: string;
  kind: string;
  required: boolean;
  deadline: { from: 'phase_start' | 'period_start' | 'period_end'; days: number } | null;
}
interface TPhase {
  id: string;
  name: unknown;
  status: string;
  completion: string;
  tasks: TTask[];
}

/**
 * `/admin/workflow_versions/{id}` (issue #33), read-only: a version's phases in order with status and
 * completion rule, and each phase's tasks — who, what, required, deadline — as the designer saved them.
 */
export function WorkflowVersionShow() {
  const routeTitle = useRouteTitle();
  const texts = useWorkflowTexts();
  const [locale] = useLocaleState();
  const { id = '' } = useParams();
  const allowed = useCan('workflow_versions', 'show');
  const version = useGetOne('workflow_versions', { id }, { enabled: allowed, retry: false });
  const record = version.data;
  const heading = record
    ? `${String(record.name)} · ${fill(texts.versionLabel, { version: String(record.version) })}`
    : routeTitle;
  useDocumentTitle(heading);
  if (!allowed) return <Forbidden />;
  if (version.error) return <ErrorPanel error={version.error} />;
  const phases = (record?.phases ?? []) as TPhase[];
  const deadline = (d: TTask['deadline']) =>
    d ? fill(texts.deadlines[d.from], { days: d.days }) : texts.noDeadline;
  return (
    <Box sx={{ mt: { xs: 2, sm: 3 } }} data-testid="workflow-version-show">
      <Title title={routeTitle} />
      {record && (
        <Card>
          <CardContent>
            <Link component={RouterLink} to={adminPath.workflow(String(record.definitionId))}>
              {texts.backToWorkflow}
            </Link>
            <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography variant="h5" component="h2" data-testid="workflow-version-title">
                {heading}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={texts.states[record.state as keyof typeof texts.states]}
              />
            </Stack>
            {typeof record.publishedAt === 'string' && (
              <Typography color="text.secondary">
                {texts.publishedAt}: {dateIn(record.publishedAt, locale)}
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
      {phases.map((phase, n) => (
        <Card key={phase.id} sx={{ mt: 2 }} data-testid="workflow-version-phase">
          <CardContent>
            <Typography variant="h6" component="h3">
              {n + 1}. {textIn(phase.name, locale)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {texts.status}: {texts.statuses[phase.status as keyof typeof texts.statuses]} ·{' '}
              {texts.completion}: {texts.completions[phase.completion as keyof typeof texts.completions]}
            </Typography>
            {phase.tasks.length === 0 ? (
              <Typography color="text.secondary">{texts.noTasks}</Typography>
            ) : (
              <ScrollFrame label={textIn(phase.name, locale)}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{texts.task}</TableCell>
                      <TableCell>{texts.who}</TableCell>
                      <TableCell>{texts.what}</TableCell>
                      <TableCell>{texts.deadline}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {phase.tasks.map((task) => (
                      <TableRow key={task.id} data-testid="workflow-version-task">
                        <TableCell>
                          {textIn(task.title, locale)}
                          {!task.required && ` (${texts.optional})`}
                        </TableCell>
                        <TableCell>
                          {texts.actors[task.actor as keyof typeof texts.actors] ?? task.actor}
                        </TableCell>
                        <TableCell>
                          {texts.taskKinds[task.kind as keyof typeof texts.taskKinds] ?? task.kind}
                        </TableCell>
                        <TableCell>{deadline(task.deadline)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollFrame>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
