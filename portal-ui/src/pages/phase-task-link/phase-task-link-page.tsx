import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TPhaseTaskLinkDocument } from '@stageplein/contracts/placements/phase-runs';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import { completeLinkedTask, fetchLinkedTask } from './phase-task-link-api.ts';
import './phase-task-link.css';
import { PHASE_TASK_LINK_NAMESPACE, registerPhaseTaskLinkMessages } from './phase-task-link-messages.ts';

function useTexts() {
  const { t, i18n } = useTranslation(PHASE_TASK_LINK_NAMESPACE);
  registerPhaseTaskLinkMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Amsterdam',
    });
  return { t, lang, date };
}

/**
 * `/fasetaak` (public, empty layout): the workplace supervisor completes their task of an internship's
 * phase without an account, by the mailed link `/fasetaak#<token>` (the hours confirmation page's
 * pattern): the token stays in the fragment and goes to the API as the `X-Action-Link` header; completing
 * asks once more, then sends the same Temporal update as any completion (docs/decisions/phases.md).
 */
export function PhaseTaskLinkPage() {
  const { t } = useTexts();
  const title = useRouteTitle(t('title'));
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className="container page phase-task-link" data-testid="phase-task-link-page">
      <h1 data-testid="page-title">{title}</h1>
      {token ? <LinkedTask token={token} /> : <p>{t('noLink')}</p>}
    </div>
  );
}

function LinkedTask({ token }: { token: string }) {
  const { t, lang, date } = useTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const key = ['phase-task-link', token];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchLinkedTask(api.client, token, signal),
    retry: false,
  });
  const complete = useMutation({
    mutationFn: (taskId: string) => completeLinkedTask(api.client, token, taskId),
    onSuccess: (doc: TPhaseTaskLinkDocument) => {
      setAsking(false);
      queryClient.setQueryData(key, doc);
    },
  });
  if (query.isError) return <LinkRefused error={query.error} />;
  if (!query.data) return <p role="status">{t('loading')}</p>;
  const { data: task, meta } = query.data;
  const a = task.attributes;
  return (
    <>
      <p className="page__lead">
        {t('intro', {
          student: a.student_name,
          organization: meta.organization_name ?? '—',
          phase: a.phase_name[lang],
        })}
      </p>
      <h2 data-testid="phase-task-link-title">{a.title[lang]}</h2>
      {a.state === 'done' ? (
        <FormAlert tone="success" testId="phase-task-link-done">
          {t('done')}
        </FormAlert>
      ) : !a.may_complete ? (
        <FormAlert tone="info">{t('closed')}</FormAlert>
      ) : (
        <>
          {a.due_at && <p>{t(a.overdue ? 'overdue' : 'due', { date: date(a.due_at) })}</p>}
          <p>{t('expires', { date: date(meta.expires_at) })}</p>
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="phase-task-link-complete"
            onClick={() => {
              complete.reset();
              setAsking(true);
            }}
          >
            {t('complete')}
          </button>
        </>
      )}
      {asking && (
        <Modal
          open
          title={t('complete')}
          closeLabel={t('cancel')}
          onClose={() => setAsking(false)}
          testId="phase-task-link-dialog"
        >
          {complete.isError && <FormAlert tone="error">{errorMessage(complete.error, tc)}</FormAlert>}
          <p>{t('confirmQuestion', { task: a.title[lang] })}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="phase-task-link-confirm"
              aria-disabled={complete.isPending || undefined}
              onClick={() => !complete.isPending && complete.mutate(task.id)}
            >
              {t('confirm')}
            </button>
            <button type="button" className="btn" onClick={() => setAsking(false)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

/** The link's refusals (catalogue codes): replaced or revoked, expired, or no link of ours. */
const LINK_REFUSALS = ['link_revoked', 'link_expired', 'link_invalid'];

/**
 * Why the task cannot be shown (the server's localized error) and, when the link itself is refused, what
 * the supervisor can do next: a newer mail's link, the student or the school's coordinator for a new one
 * (the school sends it again from the internship's page), or nothing when the internship is over.
 */
function LinkRefused({ error }: { error: unknown }) {
  const { t } = useTexts();
  const { t: tc } = useTranslation();
  const code = isApiRequestError(error) ? error.errors[0]?.code : undefined;
  const alert = <FormAlert tone="error">{errorMessage(error, tc)}</FormAlert>;
  if (!code || !LINK_REFUSALS.includes(code)) return alert;
  return (
    <>
      {alert}
      <section
        className="card phase-task-link__next"
        aria-labelledby="phase-task-link-next-title"
        data-testid="phase-task-link-next"
      >
        <h2 id="phase-task-link-next-title">{t('nextTitle')}</h2>
        <ol>
          <li>{t(code === 'link_invalid' ? 'nextWholeLink' : 'nextNewerMail')}</li>
          <li>{t('nextAsk')}</li>
          <li>{t('nextNothing')}</li>
        </ol>
      </section>
    </>
  );
}
