import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { localized } from '../../forms-renderer/answer-model.ts';
import { FormRenderer } from '../../forms-renderer/form-renderer.tsx';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import {
  completeTask,
  fetchSupervisorAssignments,
  type TSupervisorAssignments,
  type TSupervisorTask,
} from './assignments-api.ts';
import { useAssignmentTexts } from './assignments-texts.ts';
import './assignments.css';

/**
 * `/opdrachten/praktijkbegeleider` (public, empty layout): the workplace supervisor's assignments for
 * all their interns, by the mailed link `…#<token>`, without an account. The token stays in the
 * fragment (never in a URL a server or Referer sees) and goes to the API as `X-Action-Link`. Each open
 * assignment opens in the shared form renderer (the one /forms uses), checked on blur and on submit
 * by the same schema builder the server uses.
 */
export function SupervisorAssignmentsPage() {
  const { t } = useAssignmentTexts();
  const title = useRouteTitle();
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className="container page" data-testid="supervisor-assignments-page">
      <h1 data-testid="page-title">{title}</h1>
      {token ? <Assignments token={token} /> : <p>{t('noLink')}</p>}
    </div>
  );
}

function Assignments({ token }: { token: string }) {
  const { t, date } = useAssignmentTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const [latest, setLatest] = useState<TSupervisorAssignments | null>(null);
  const [thanked, setThanked] = useState(false);
  const query = useQuery({
    queryKey: ['supervisor-assignments', token],
    queryFn: ({ signal }) => fetchSupervisorAssignments(api.client, token, signal),
    retry: false,
  });
  if (query.isError) return <FormAlert tone="error">{errorMessage(query.error, tc)}</FormAlert>;
  const data = latest ?? query.data;
  if (!data) return <p role="status">{t('loading')}</p>;
  const open = data.tasks.filter((x) => x.status === 'open');
  const done = data.tasks.filter((x) => x.status === 'completed');
  return (
    <>
      {data.supervisor_name && <p>{t('supervisorHello', { name: data.supervisor_name })}</p>}
      <p className="page__lead">{t('supervisorIntro')}</p>
      <p>{t('expires', { date: date(data.expires_at) })}</p>
      {thanked && (
        <FormAlert tone="success" testId="assignment-thanks">
          {t('thanks')}
        </FormAlert>
      )}
      <section aria-labelledby="supervisor-open">
        <h2 id="supervisor-open">{t('openTasks')}</h2>
        {open.length === 0 ? (
          <p>{t('nothingOpen')}</p>
        ) : (
          <ul className="assignment-tasks" data-testid="supervisor-open-tasks">
            {open.map((task) => (
              <OpenTask
                key={task.id}
                token={token}
                task={task}
                data={data}
                onDone={(next) => {
                  setLatest(next);
                  setThanked(true);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {done.length > 0 && (
        <section aria-labelledby="supervisor-done">
          <h2 id="supervisor-done">{t('doneTasks')}</h2>
          <ul className="assignment-tasks" data-testid="supervisor-done-tasks">
            {done.map((task) => (
              <li key={task.id} className="card assignment-task" data-testid="supervisor-done-task">
                <TaskHead task={task} />
                <p>{t('completedOn', { date: date(task.completed_at!) })}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function TaskHead({ task }: { task: TSupervisorTask }) {
  const { t, date, lang } = useAssignmentTexts();
  return (
    <>
      <h3 className="assignment-task__title">{localized(task.title, lang)}</h3>
      <p>
        <strong>
          {t('forStudent', { student: task.student_name, organization: task.organization_name ?? '—' })}
        </strong>
        <br />
        {t('due', { date: date(task.due_on) })}
      </p>
    </>
  );
}

function OpenTask({
  token,
  task,
  data,
  onDone,
}: {
  token: string;
  task: TSupervisorTask;
  data: TSupervisorAssignments;
  onDone: (next: TSupervisorAssignments) => void;
}) {
  const { t, lang } = useAssignmentTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const [filling, setFilling] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const definition = data.forms[task.form];
  return (
    <li className="card assignment-task" data-testid="supervisor-task">
      <TaskHead task={task} />
      <p className="assignment-instructions">{localized(task.instructions, lang)}</p>
      {!filling || !definition ? (
        <button
          type="button"
          className="btn btn--primary btn--block-phone"
          data-testid="supervisor-task-open"
          onClick={() => setFilling(true)}
        >
          {t('fillIn')}
        </button>
      ) : (
        <>
          <FormRenderer
            definition={definition}
            error={error}
            submitLabel={t('send')}
            testId="supervisor-task-form"
            onSubmit={async (answers) => {
              setError(undefined);
              try {
                onDone(await completeTask(api.client, token, task.id, answers));
              } catch (e) {
                setError(errorMessage(e, tc));
              }
            }}
          />
          <button type="button" className="btn btn--neutral" onClick={() => setFilling(false)}>
            {t('cancel')}
          </button>
        </>
      )}
    </li>
  );
}
