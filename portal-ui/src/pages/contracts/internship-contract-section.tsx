import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { generateContract, listContracts } from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import { InputField, StatusBadge, useManagesContracts } from './contracts-shared.tsx';

/**
 * The internship page's contract block (issue #34 item 3, traineeship tenants only): the internship's
 * contract with its status and a link, and for the school's admins "Contract maken" (with the student's
 * birth date, which decides the parent or guardian) when it has none that is not voided.
 */
export function InternshipContractSection({ internshipId }: { internshipId: string }) {
  const { t, tShared } = useContractTexts();
  const api = useApi();
  const queryClient = useQueryClient();
  const { currentOrganization } = useSession();
  const manages = useManagesContracts();
  const [birthDate, setBirthDate] = useState('');
  const key = ['contracts', 'internship', internshipId, currentOrganization?.id ?? null];
  const contracts = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listContracts(api.client, { internshipId }, signal),
  });
  const generate = useMutation({
    mutationFn: () =>
      generateContract(api.client, { internship_id: internshipId, student_birth_date: birthDate || null }),
    onSuccess: async () => {
      toast.success(t('generated'));
      await queryClient.invalidateQueries({ queryKey: ['contracts'] });
    },
  });
  const open = contracts.data?.find((c) => c.status !== 'voided');
  const shown = open ?? contracts.data?.[0];
  return (
    <section className="card" aria-labelledby="internship-contract" data-testid="internship-contract">
      <h2 id="internship-contract">{t('internshipTitle')}</h2>
      {contracts.isPending && <p role="status">{t('loading')}</p>}
      {contracts.isError && <FormAlert tone="error">{errorMessage(contracts.error, tShared)}</FormAlert>}
      {contracts.data && !shown && <p>{t('internshipNone')}</p>}
      {shown && (
        <p>
          <StatusBadge status={shown.status} />{' '}
          <Link to={`/contracts/${shown.id}`} data-testid="internship-contract-link">
            {t('internshipOpen')}
          </Link>
        </p>
      )}
      {manages && contracts.data && !open && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!generate.isPending) generate.mutate();
          }}
        >
          {generate.isError && <FormAlert tone="error">{errorMessage(generate.error, tShared)}</FormAlert>}
          <InputField
            label={t('birthDate')}
            hint={t('birthDateHint')}
            type="date"
            value={birthDate}
            onChange={setBirthDate}
            testId="internship-contract-birth-date"
          />
          <button type="submit" className="btn btn--primary" data-testid="internship-contract-generate">
            {t('generate')}
          </button>
        </form>
      )}
    </section>
  );
}
