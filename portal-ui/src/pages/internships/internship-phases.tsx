import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TInternshipPhaseResource,
  TInternshipPhasesDocument,
  TPhaseTaskResource,
} from '@stageplein/contracts/placements/phase-runs';
import { completesBySubmission, phaseComplete } from '@stageplein/contracts/placements/phase-run-policy';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { formatDate, useInternshipTexts } from './internship-texts.tsx';

/**
 * The internship's phases (issue #33 item 5): placements' read model of its run, kept by the
 * internship's workflow (the page never asks Temporal). Every phase in order with the current one
 * marked; the current phase's tasks with their deadline and who must act; a task the viewer may
 * complete (the server's `may_complete`, contracts' `mayCompletePhaseTask`) has a button, and so does a
 * phase the school or mentor closes by hand.
 */

type TPhase = TInternshipPhaseResource;
type TTask = TPhaseTaskResource;

const phasesPath = (internshipId: string) => `/api/v1/internships/${encodeURIComponent(internshipId)}/phases`;

async function fetchPhases(client: TApiClient, internshipId: string, signal?: AbortSignal) {
  return client.get<TInternshipPhasesDocument>(phasesPath(internshipId), { signal, raw: true });
}

export function InternshipPhases({ internshipId, active }: { internshipId: string; active: boolean }) {
  const t = useInternshipTexts();
  const api = useApi();
  const phases = useQuery({
    queryKey: ['internship-phases', internshipId],
    queryFn: ({ signal }) => fetchPhases(api.client, internshipId, signal),
  });
  const run = phases.data?.meta.run ?? null;
  return (
    <section className="card" aria-labelledby="internship-phases" data-testid="internship-phases">
      <h2 id="internship-phases">{t('phases.title')}</h2>
      {phases.isPending && <p role="status">{t('loading')}</p>}
      {phases.isError && <p>{t('phases.loadError')}</p>}
      {phases.data && !run && (
        <p data-testid="internship-phases-none">{active ? t('phases.none') : t('phases.notYet')}</p>
      )}
      {run?.state === 'completed' && <p>{t('phases.ended')}</p>}
      {run?.state === 'cancelled' && <p>{t('phases.cancelled')}</p>}
      {run && phases.data && phases.data.data.length > 0 && (
        <ol className="phase-steps" data-testid="internship-phase-list">
          {phases.data.data.map((phase) => (
            <PhaseStep key={phase.id} phase={phase} internshipId={internshipId} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PhaseStep({ phase, internshipId }: { phase: TPhase; internshipId: string }) {
  const t = useInternshipTexts();
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'nl';
  const a = phase.attributes;
  const name = a.name[lang] || a.name.nl;
  const current = a.state === 'current';
  return (
    <li
      className={`phase-step phase-step--${a.state}`}
      aria-current={current ? 'step' : undefined}
      data-testid="internship-phase"
      data-state={a.state}
      data-id={phase.id}
    >
      <span className="phase-step__marker" aria-hidden="true">
        {a.state === 'done' ? '✓' : a.position + 1}
      </span>
      <div className="phase-step__body">
        <h3 className="phase-step__name">
          {name}{' '}
          <span className={`badge badge--inline phase-step__state phase-step__state--${a.state}`}>
            {t(`phases.states.${a.state}`)}
          </span>
        </h3>
        {(a.started_at || a.ended_at) && (
          <p className="muted phase-step__dates">
            {[
              a.started_at && t('phases.started', { date: formatDate(a.started_at, i18n.language) }),
              a.ended_at && t('phases.ended_on', { date: formatDate(a.ended_at, i18n.language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {current && <CurrentPhase phase={phase} internshipId={internshipId} name={name} />}
      </div>
    </li>
  );
}

function CurrentPhase({ phase, internshipId, name }: { phase: TPhase; internshipId: string; name: string }) {
  const t = useInternshipTexts();
  const tasks = phase.attributes.tasks;
  const [closing, setClosing] = useState(false);
  return (
    <div className="phase-step__current">
      <h4>{t('phases.tasks')}</h4>
      {tasks.length === 0 ? (
        <p>{t('phases.noTasks')}</p>
      ) : (
        <ul className="phase-tasks" data-testid="internship-phase-tasks">
          {tasks.map((task) => (
            <PhaseTask key={task.id} task={task} internshipId={internshipId} />
          ))}
        </ul>
      )}
      {phase.attributes.completion === 'manual' && <p className="muted">{t('phases.byHand')}</p>}
      {phase.attributes.may_complete && (
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="internship-phase-complete"
            onClick={() => setClosing(true)}
          >
            {t('phases.completePhase')}
          </button>
          {closing && (
            <Confirm
              title={t('phases.completePhaseTitle')}
              text={t('phases.completePhaseConfirm', { name })}
              action={t('phases.completePhase')}
              path={`${phasesPath(internshipId)}/${encodeURIComponent(phase.id)}/complete`}
              done={t('phases.phaseCompleted', { name })}
              internshipId={internshipId}
              onClose={() => setClosing(false)}
            />
          )}
        </>
      )}
    </div>
  );
}

function PhaseTask({ task, internshipId }: { task: TTask; internshipId: string }) {
  const t = useInternshipTexts();
  const { i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'nl';
  const a = task.attributes;
  const title = a.title[lang] || a.title.nl;
  const [completing, setCompleting] = useState(false);
  const [resending, setResending] = useState(false);
  return (
    <li className="phase-task" data-testid="internship-phase-task" data-state={a.state} data-id={task.id}>
      <p className="phase-task__title">
        <strong>{title}</strong>
        {a.state === 'done' && (
          <span className="badge badge--inline internship-status--good">
            {t('phases.done', { date: formatDate(a.completed_at, i18n.language) })}
          </span>
        )}
        {a.state === 'open' && a.overdue && (
          <span className="badge badge--inline phase-task__late" data-testid="internship-phase-task-late">
            {t('phases.overdue')}
          </span>
        )}
        {a.state === 'cancelled' && (
          <span className="badge badge--inline internship-status--ended">{t('phases.taskCancelled')}</span>
        )}
      </p>
      <dl className="phase-task__facts">
        <div>
          <dt>{t('phases.who')}</dt>
          <dd>{t(`phases.actors.${a.actor}`)}</dd>
        </div>
        <div>
          <dt>{t('phases.due')}</dt>
          <dd data-testid="internship-phase-task-due">
            {a.due_at ? formatDate(a.due_at, i18n.language) : t('phases.noDeadline')}
          </dd>
        </div>
      </dl>
      {(!a.required || a.escalation_level > 0) && (
        <p className="muted">
          {[
            !a.required && t('phases.optional'),
            a.escalation_level > 0 && t(`phases.escalated_${Math.min(a.escalation_level, 2)}`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {a.state === 'open' && completesBySubmission(a.kind) && (
        <p className="muted" data-testid="internship-phase-task-by-submission">
          {t(`phases.bySubmission_${a.kind === 'assignment' ? 'assignment' : 'evaluation'}`)}
        </p>
      )}
      {a.state === 'open' && a.may_complete && (
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="internship-phase-task-complete"
            onClick={() => setCompleting(true)}
          >
            {t('phases.complete')}
            <span className="visually-hidden">: {title}</span>
          </button>
          {completing && (
            <Confirm
              title={t('phases.completeTitle')}
              text={t('phases.completeConfirm', { title })}
              action={t('phases.complete')}
              path={`/api/v1/phase_tasks/${encodeURIComponent(task.id)}/complete`}
              done={t('phases.completed', { title })}
              internshipId={internshipId}
              onClose={() => setCompleting(false)}
            />
          )}
        </>
      )}
      {a.state === 'open' && a.may_resend_link && (
        <>
          <button
            type="button"
            className="btn"
            data-testid="internship-phase-task-resend"
            onClick={() => setResending(true)}
          >
            {t('phases.resendLink')}
            <span className="visually-hidden">: {title}</span>
          </button>
          {resending && (
            <Confirm
              title={t('phases.resendLink')}
              text={t('phases.resendConfirm', { title })}
              action={t('phases.resendLink')}
              path={`/api/v1/phase_tasks/${encodeURIComponent(task.id)}/supervisor_link`}
              done={t('phases.resent')}
              internshipId={internshipId}
              onClose={() => setResending(false)}
            />
          )}
        </>
      )}
    </li>
  );
}

const currentOf = (doc: TInternshipPhasesDocument | undefined) =>
  doc?.data.find((p) => p.attributes.state === 'current');

/**
 * After a completion the workflow moves the internship on a moment later (its activities write the
 * phases): the phases are read again, once a second for at most 15 s, until another phase is current,
 * the run ended, or, by its rule, the phase is not complete yet (nothing will move).
 */
async function followMove(
  internshipId: string,
  fetch: (signal?: AbortSignal) => Promise<TInternshipPhasesDocument>,
  queryClient: ReturnType<typeof useQueryClient>,
): Promise<void> {
  const key = ['internship-phases', internshipId];
  const before = currentOf(queryClient.getQueryData<TInternshipPhasesDocument>(key))?.id;
  for (let attempt = 0; attempt < 15; attempt++) {
    const doc = await queryClient.fetchQuery({
      queryKey: key,
      queryFn: ({ signal }) => fetch(signal),
      staleTime: 0,
    });
    const current = currentOf(doc);
    // Between two phases none is current while the run goes on: the next one is being entered.
    if (!current) {
      if (doc.meta.run?.state !== 'running') return;
    } else {
      if (current.id !== before) return;
      const { completion, tasks } = current.attributes;
      const states = tasks.flatMap((t) =>
        t.attributes.state === 'upcoming'
          ? []
          : [{ required: t.attributes.required, state: t.attributes.state }],
      );
      if (!phaseComplete(completion, states)) return;
    }
    // Polling the server for the workflow's next step, not waiting for a moment on purpose.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Asks before a step that cannot be undone, sends it, and shows the server's refusal in the dialog. */
function Confirm({
  title,
  text,
  action,
  path,
  done,
  internshipId,
  onClose,
}: {
  title: string;
  text: string;
  action: string;
  path: string;
  done: string;
  internshipId: string;
  onClose: () => void;
}) {
  const t = useInternshipTexts();
  const { t: tShared } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => api.client.post(path, undefined, { raw: true }),
    onSuccess: async () => {
      toast.success(done);
      onClose();
      await followMove(internshipId, (signal) => fetchPhases(api.client, internshipId, signal), queryClient);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['internship', internshipId] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-waiting'] }),
      ]);
    },
  });
  return (
    <Modal open title={title} closeLabel={t('close')} onClose={onClose} testId="internship-phase-dialog">
      {send.isError && <FormAlert tone="error">{errorMessage(send.error, tShared)}</FormAlert>}
      <p>{text}</p>
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="internship-phase-confirm"
          aria-disabled={send.isPending || undefined}
          onClick={() => !send.isPending && send.mutate()}
        >
          {action}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {t('phases.cancel')}
        </button>
      </div>
    </Modal>
  );
}
