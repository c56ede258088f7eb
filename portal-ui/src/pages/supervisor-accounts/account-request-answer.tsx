import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { declineRequest, inviteSupervisor, type TAccountRequest } from './supervisor-account-api.ts';
import { useSupervisorAccountTexts } from './supervisor-account-messages.ts';
import './supervisor-account.css';

/**
 * A supervisor's request for an account in the company's "Wacht op jou" (issue #30 item 6): who asks,
 * for which internship, and the answer in one click — invite (identity's invitation, name and address
 * as the supervisor was named) or decline. The queue reloads after the answer.
 */
export function AccountRequestAnswer({ request }: { request: TAccountRequest }) {
  const { t } = useSupervisorAccountTexts();
  const { t: tc } = useTranslation();
  const api = useApi();
  const queries = useQueryClient();
  const name = request.name ?? request.email;
  const answer = useMutation({
    mutationFn: (how: 'invite' | 'decline') =>
      how === 'invite' ? inviteSupervisor(api.client, request) : declineRequest(api.client, request.id),
    onSuccess: async (answered) => {
      toast.success(
        t(answered.status === 'invited' ? 'invitedDone' : 'declinedDone', { name, email: request.email }),
      );
      await queries.invalidateQueries({ queryKey: ['dashboard-waiting'] });
    },
  });
  return (
    <div className="account-request" data-testid="account-request">
      <p className="account-request__who">
        {t('requestLabel', { name, email: request.email, internship: request.internship_title ?? '' })}
      </p>
      {answer.isError && <FormAlert tone="error">{errorMessage(answer.error, tc)}</FormAlert>}
      <div className="account-request__actions">
        <button
          type="button"
          className="btn btn--primary btn--sm"
          aria-disabled={answer.isPending || undefined}
          data-testid="account-request-invite"
          onClick={() => !answer.isPending && answer.mutate('invite')}
        >
          {t('invite')}
          <span className="visually-hidden"> {name}</span>
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-disabled={answer.isPending || undefined}
          data-testid="account-request-decline"
          onClick={() => !answer.isPending && answer.mutate('decline')}
        >
          {t('decline')}
          <span className="visually-hidden"> {name}</span>
        </button>
      </div>
    </div>
  );
}
