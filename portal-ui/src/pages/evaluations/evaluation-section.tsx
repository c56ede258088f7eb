import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { FormRenderer } from '../../forms-renderer/form-renderer.tsx';
import { useActingOrganization } from '../hours/hours-texts.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  fetchEvaluation,
  openEvaluation,
  sendEvaluationLink,
  sendOwnPart,
  type TEvaluation,
  type TEvaluationPart,
} from './evaluation-api.ts';
import { AnswersList, useEvaluationTexts } from './evaluation-texts.tsx';

const evaluationKey = (internshipId: string, organizationId: string | undefined) => [
  'evaluation',
  internshipId,
  organizationId,
];

/**
 * One internship's evaluation (issue #18 item 4) on `/internships/{id}`: each role's part with its
 * state, the weighted score, the answers the caller may read, and what the caller may do now (the
 * server's `actions`): the school opens it and (re)sends the supervisor's link, the student and the
 * mentor fill their own part with the same renderer as public forms.
 */
export function EvaluationSection({ internshipId }: { internshipId: string }) {
  const api = useApi();
  const { t } = useEvaluationTexts();
  const acting = useActingOrganization();
  const evaluation = useQuery({
    queryKey: evaluationKey(internshipId, acting.organizationId),
    queryFn: ({ signal }) => fetchEvaluation(api.client, internshipId, signal),
    enabled: acting.ready,
    retry: false,
  });
  return (
    <section className="card evaluation" aria-labelledby="evaluation-title" data-testid="evaluation-section">
      <h2 id="evaluation-title">{t('title')}</h2>
      {evaluation.isError ? (
        <FormAlert tone="error">{t('loadError')}</FormAlert>
      ) : !evaluation.data ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <EvaluationView internshipId={internshipId} evaluation={evaluation.data} />
      )}
    </section>
  );
}

function EvaluationView({ internshipId, evaluation: e }: { internshipId: string; evaluation: TEvaluation }) {
  const api = useApi();
  const { t, date, score } = useEvaluationTexts();
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const acting = useActingOrganization();
  const key = evaluationKey(internshipId, acting.organizationId);
  const update = (next: TEvaluation) => queryClient.setQueryData(key, next);
  const step = useMutation({
    mutationFn: (which: 'open' | 'link') =>
      which === 'open'
        ? openEvaluation(api.client, internshipId)
        : sendEvaluationLink(api.client, internshipId),
    onSuccess: (next, which) => {
      update(next);
      toast.success(which === 'open' ? t('opened') : t('linkSent'));
    },
    onError: (error) => toast.error(errorMessage(error, tc)),
  });
  if (!e.template_name) return <p>{t('noTemplate')}</p>;
  const own = e.actions.includes('fill') ? e.parts.find((p) => p.role === e.own_role) : undefined;
  return (
    <>
      <p className="page__lead" data-testid="evaluation-name">
        {e.template_name}
      </p>
      {!e.opened && <p>{t('notOpened', { name: e.template_name })}</p>}
      {e.opened && (
        <p>
          {t('score')}:{' '}
          <span className="evaluation__score" data-testid="evaluation-score">
            {score(e.score)}
          </span>
        </p>
      )}
      <div className="evaluation__actions">
        {e.actions.includes('open') && (
          <button
            type="button"
            className="btn btn--primary btn--block-phone"
            data-testid="evaluation-open"
            aria-disabled={step.isPending || undefined}
            onClick={() => !step.isPending && step.mutate('open')}
          >
            {t('open')}
          </button>
        )}
        {e.actions.includes('send_link') && (
          <button
            type="button"
            className="btn btn--neutral btn--block-phone"
            data-testid="evaluation-send-link"
            aria-disabled={step.isPending || undefined}
            onClick={() => !step.isPending && step.mutate('link')}
          >
            {t('sendLink')}
          </button>
        )}
      </div>
      {e.supervisor_link_sent_at && <p>{t('linkSentAt', { date: date(e.supervisor_link_sent_at) })}</p>}
      {e.parts.length > 0 && (
        <ul className="evaluation__parts">
          {e.parts.map((p) => (
            <PartView key={p.role} part={p} />
          ))}
        </ul>
      )}
      {own && <OwnPart internshipId={internshipId} part={own} onSent={update} />}
    </>
  );
}

function PartView({ part: p }: { part: TEvaluationPart }) {
  const { t, date, score } = useEvaluationTexts();
  return (
    <li className="evaluation__part" data-testid="evaluation-part" data-role={p.role} data-state={p.state}>
      <div className="evaluation__part-head">
        <strong>{t(`roles.${p.role}`)}</strong>
        <span className={`evaluation__badge evaluation__badge--${p.state}`}>{t(`states.${p.state}`)}</span>
      </div>
      {p.submitted_at && <p>{t('submittedOn', { date: date(p.submitted_at) })}</p>}
      {p.legacy && <p>{t('legacy')}</p>}
      {p.answers && (
        <>
          <p>
            {t('score')}: {score(p.score)}
            {p.weight !== 1 && ` (${t('weight', { weight: p.weight })})`}
          </p>
          <AnswersList definition={p.definition} answers={p.answers} />
        </>
      )}
    </li>
  );
}

function OwnPart({
  internshipId,
  part,
  onSent,
}: {
  internshipId: string;
  part: TEvaluationPart;
  onSent: (next: TEvaluation) => void;
}) {
  const api = useApi();
  const { t } = useEvaluationTexts();
  const { t: tc } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  return (
    <div data-testid="evaluation-own-part">
      <h3>{t('yourPart')}</h3>
      <FormRenderer
        definition={part.definition}
        submitLabel={t('send')}
        error={error}
        testId="evaluation-form"
        onSubmit={async (answers: TAnswers) => {
          setError(undefined);
          try {
            onSent(await sendOwnPart(api.client, internshipId, answers));
            toast.success(t('sent'));
          } catch (err) {
            setError(errorMessage(err, tc));
          }
        }}
      />
    </div>
  );
}
