import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { FormRenderer } from '../../forms-renderer/form-renderer.tsx';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import {
  fetchSupervisorEvaluation,
  sendSupervisorPart,
  type TSupervisorEvaluation,
} from './evaluation-api.ts';
import { AnswersList, useEvaluationTexts } from './evaluation-texts.tsx';
import { SupervisorAccountRequest } from '../supervisor-accounts/supervisor-account-request.tsx';

/**
 * `/evaluatie` (public, empty layout): the workplace supervisor fills their part of a student's
 * evaluation without an account, by the mailed link `/evaluatie#<token>`. The token stays in the
 * fragment (never in a URL a server sees) and goes to the API as the `X-Action-Link` header.
 */
export function SupervisorEvaluationPage() {
  const { t } = useEvaluationTexts();
  const title = useRouteTitle(t('supervisorTitle'));
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className="container page evaluation-supervisor" data-testid="supervisor-evaluation-page">
      <h1 data-testid="page-title">{title}</h1>
      {token ? <SupervisorPart token={token} /> : <p>{t('supervisorNoLink')}</p>}
      {token && <SupervisorAccountRequest token={token} />}
    </div>
  );
}

function SupervisorPart({ token }: { token: string }) {
  const api = useApi();
  const { t, date } = useEvaluationTexts();
  const { t: tc } = useTranslation();
  const [latest, setLatest] = useState<TSupervisorEvaluation | null>(null);
  const [error, setError] = useState<string | undefined>();
  const query = useQuery({
    queryKey: ['supervisor-evaluation', token],
    queryFn: ({ signal }) => fetchSupervisorEvaluation(api.client, token, signal),
    retry: false,
  });
  if (query.isError) return <FormAlert tone="error">{errorMessage(query.error, tc)}</FormAlert>;
  const data = latest ?? query.data;
  if (!data) return <p role="status">{t('loading')}</p>;
  return (
    <>
      <p className="page__lead">
        {t('supervisorIntro', { student: data.student_name, organization: data.organization_name ?? '—' })}
      </p>
      <p>{data.template_name}</p>
      {data.state === 'submitted' ? (
        <>
          <FormAlert tone="success" testId="supervisor-evaluation-done">
            {t('supervisorDone')}
          </FormAlert>
          {data.answers && <AnswersList definition={data.definition} answers={data.answers} />}
        </>
      ) : (
        <>
          <p>{t('supervisorExpires', { date: date(data.expires_at) })}</p>
          <FormRenderer
            definition={data.definition}
            submitLabel={t('send')}
            error={error}
            testId="supervisor-evaluation-form"
            onSubmit={async (answers) => {
              setError(undefined);
              try {
                setLatest(await sendSupervisorPart(api.client, token, answers));
              } catch (err) {
                setError(errorMessage(err, tc));
              }
            }}
          />
        </>
      )}
    </>
  );
}
