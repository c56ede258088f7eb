import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readCollectionDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { useApi } from '../../api/api-context.ts';
import { listInternships, personName } from '../internships/internship-api.ts';
import { waitingQueueQuery, type TWaitingQueue } from './dashboard-model.ts';
import { AccountRequestAnswer } from '../supervisor-accounts/account-request-answer.tsx';
import { listWaitingRequests, type TAccountRequest } from '../supervisor-accounts/supervisor-account-api.ts';
import './dashboard-waiting.css';

/** "5 oktober" (a Dutch calendar date, as the server sends it, never shifted by the device's zone). */
const dayAndMonth = (date: string | undefined, language: string) =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString(language, {
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      })
    : '';

/** "5 oktober" of a moment (a deadline), in the device's calendar. */
const dueDay = (at: string, language: string) =>
  new Date(at).toLocaleDateString(language, { day: 'numeric', month: 'long' });

/** Rows shown per queue; the count is the server's total, the link opens the whole queue. */
const ROWS = 5;

interface TWaitingRow {
  id: string;
  label: string;
  path: string;
  /** A supervisor's request for an account: answered in the row itself. */
  request?: TAccountRequest;
}

interface TQueueAnswer {
  total: number;
  rows: TWaitingRow[];
}

/**
 * "Wacht op jou" on the dashboard (issue #30 item 2): per queue of `waitingQueues`, the number the
 * server counts and the newest rows, each leading to the screen where the person acts. Queues with
 * nothing waiting are left out; when none has anything, it says so.
 */
export function DashboardWaiting({
  queues,
  organizationId,
}: {
  queues: readonly TWaitingQueue[];
  organizationId: string;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const answers = useQueries({
    queries: queues.map((queue) => ({
      queryKey: ['dashboard-waiting', organizationId, queue.key],
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TQueueAnswer> => {
        const url = waitingQueueQuery(queue, ROWS);
        if (queue.kind === 'internships') {
          const page = await listInternships(api.client, new URLSearchParams(url.split('?')[1]), signal);
          return {
            total: page.total,
            rows: page.internships.map((i) => ({
              id: i.id,
              label: [i.title, personName(i.student), i.organization?.name ?? i.organizationName]
                .filter(Boolean)
                .join(' · '),
              path: `/internships/${i.id}`,
            })),
          };
        }
        if (queue.kind === 'hours') {
          const due = readCollectionDocument<{
            internshipId: string;
            title: string;
            organizationName: string | null;
            weekCount: number;
            weeks: { startsOn: string; endsOn: string }[];
          }>(await api.client.get<TRawDocument>(url, { signal }));
          return {
            total: Number(due.meta?.total ?? 0),
            rows: due.data.map((d) => ({
              id: d.id,
              label: `${[d.title, d.organizationName].filter(Boolean).join(' · ')}: ${t(
                'portal.dashboard.waiting.weeksToLog',
                { count: d.weekCount, date: dayAndMonth(d.weeks[0]?.startsOn, i18n.language) },
              )}`,
              // The internship's page holds its hours sheet.
              path: `/internships/${d.internshipId}`,
            })),
          };
        }
        if (queue.kind === 'accountRequests') {
          const { total, requests } = await listWaitingRequests(api.client, ROWS, signal);
          return {
            total,
            rows: requests.map((r) => ({ id: r.id, label: r.name ?? r.email, path: '', request: r })),
          };
        }
        if (queue.kind === 'phaseTasks') {
          // The caller's open phase tasks (their own, or escalated to them), soonest deadline first.
          const tasks = readCollectionDocument<{
            internshipId: string;
            title: { nl: string; en: string };
            studentName: string;
            dueAt: string | null;
            overdue: boolean;
          }>(await api.client.get<TRawDocument>(url, { signal }));
          const language = i18n.language.startsWith('en') ? 'en' : 'nl';
          return {
            total: Number(tasks.meta?.total ?? tasks.data.length),
            rows: tasks.data.map((task) => ({
              id: task.id,
              label: [
                task.title[language] || task.title.nl,
                task.studentName,
                task.dueAt &&
                  t(
                    task.overdue
                      ? 'portal.dashboard.waiting.phaseTaskOverdue'
                      : 'portal.dashboard.waiting.phaseTaskDue',
                    {
                      date: dueDay(task.dueAt, i18n.language),
                    },
                  ),
              ]
                .filter(Boolean)
                .join(' · '),
              // The internship's page shows the task and lets the person complete it.
              path: `/internships/${task.internshipId}`,
            })),
          };
        }
        const doc = readCollectionDocument<{ name: string; city: string | null }>(
          await api.client.get<TRawDocument>(url, { signal }),
        );
        return {
          total: Number(doc.meta?.total ?? doc.data.length),
          rows: doc.data.map((o) => ({
            id: o.id,
            label: [o.name, o.city].filter(Boolean).join(' · '),
            path: queue.path,
          })),
        };
      },
    })),
  });
  const loading = answers.some((a) => a.isPending);
  const failed = answers.some((a) => a.isError);
  const waiting = queues
    .map((queue, i) => ({ queue, answer: answers[i]!.data }))
    .filter((q): q is { queue: TWaitingQueue; answer: TQueueAnswer } => !!q.answer && q.answer.total > 0);
  return (
    <section
      className="dashboard-waiting"
      aria-labelledby="dashboard-waiting"
      aria-busy={loading}
      data-testid="dashboard-waiting"
    >
      <h2 id="dashboard-waiting">{t('portal.dashboard.waiting.title')}</h2>
      {failed && <p>{t('portal.dashboard.waiting.loadError')}</p>}
      {loading ? (
        <p role="status">{t('shell.loading')}</p>
      ) : waiting.length === 0 && !failed ? (
        <p data-testid="dashboard-waiting-none">{t('portal.dashboard.waiting.none')}</p>
      ) : (
        <ul className="dashboard-waiting__queues">
          {waiting.map(({ queue, answer }) => (
            <li key={queue.key} className="card dashboard-waiting__queue" data-queue={queue.key}>
              <h3 id={`waiting-${queue.key}`}>
                <span className="badge" data-testid="dashboard-waiting-count">
                  {answer.total}
                </span>{' '}
                {t(`portal.dashboard.waiting.queues.${queue.key}`)}
              </h3>
              <ul aria-labelledby={`waiting-${queue.key}`}>
                {answer.rows.map((row) => (
                  <li key={row.id}>
                    {row.request ? (
                      <AccountRequestAnswer request={row.request} />
                    ) : (
                      <Link to={row.path} data-testid="dashboard-waiting-item">
                        {row.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
              {queue.path && (
                <p>
                  <Link to={queue.path} data-testid="dashboard-waiting-all">
                    {t('portal.dashboard.waiting.all', { count: answer.total })}
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
