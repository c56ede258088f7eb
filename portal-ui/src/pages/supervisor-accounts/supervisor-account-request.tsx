import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { askForAccount, fetchOwnRequest, type TAccountRequest } from './supervisor-account-api.ts';
import { useSupervisorAccountTexts } from './supervisor-account-messages.ts';
import './supervisor-account.css';

/**
 * "Wil je een account?" on a supervisor's link page (issue #30 item 6): asking goes through the same
 * link; once asked, the page says what happens next and, later, the organization's answer. Shown only
 * where the server lets the link's holder ask (no account yet) or they asked: else nothing shows.
 */
export function SupervisorAccountRequest({ token }: { token: string }) {
  const { t } = useSupervisorAccountTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queries = useQueryClient();
  const key = ['supervisor-account-request', token];
  const own = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchOwnRequest(api.client, token, signal),
    retry: false,
  });
  const ask = useMutation({
    mutationFn: () => askForAccount(api.client, token),
    onSuccess: (request) => queries.setQueryData(key, { request, mayAsk: false }),
  });
  if (own.isPending || own.isError) return null;
  const request: TAccountRequest | null = own.data.request;
  if (!request && !own.data.mayAsk) return null;
  return (
    <section
      className="card supervisor-account"
      aria-labelledby="supervisor-account-title"
      data-testid="supervisor-account"
    >
      <h2 id="supervisor-account-title">{t('title')}</h2>
      {request ? (
        <FormAlert
          tone={request.status === 'declined' ? 'info' : 'success'}
          testId="supervisor-account-status"
        >
          {t(request.status, { email: request.email })}
        </FormAlert>
      ) : (
        <>
          <p>{t('intro')}</p>
          {ask.isError && <FormAlert tone="error">{errorMessage(ask.error, tc)}</FormAlert>}
          <button
            type="button"
            className="btn btn--secondary btn--block-phone"
            aria-disabled={ask.isPending || undefined}
            data-testid="supervisor-account-ask"
            onClick={() => !ask.isPending && ask.mutate()}
          >
            {ask.isPending ? t('asking') : t('ask')}
          </button>
        </>
      )}
    </section>
  );
}
