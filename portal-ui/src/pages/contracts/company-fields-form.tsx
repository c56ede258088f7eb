import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { contractAction, type TContractDetail } from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import { InputField } from './contracts-shared.tsx';

/**
 * The company's fields of a contract waiting for them (`company_fields`), for its contact person or an
 * admin of its organization (the server's `meta.may_fill_company_fields`): the contract read view and the
 * company's signing page show it; sending moves the contract to signing.
 */
export function CompanyFields({
  contract: c,
  onChanged,
}: {
  contract: TContractDetail;
  onChanged: () => Promise<void>;
}) {
  const { t, tShared, lang } = useContractTexts();
  const api = useApi();
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...c.company_values }));
  const send = useMutation({
    mutationFn: () => contractAction(api.client, c.id, 'company_fields', { company_values: values }),
    onSuccess: async () => {
      toast.success(t('companySent'));
      await onChanged();
    },
  });
  return (
    <section className="card" aria-labelledby="contract-company" data-testid="contract-company">
      <h2 id="contract-company">{t('companyTitle')}</h2>
      <p>{t('companyIntro')}</p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!send.isPending) send.mutate();
        }}
      >
        {send.isError && <FormAlert tone="error">{errorMessage(send.error, tShared)}</FormAlert>}
        {c.company_fields.map((f) => (
          <InputField
            key={f.key}
            label={(lang === 'en' && f.label.en) || f.label.nl}
            required={f.required}
            type={f.kind === 'date' ? 'date' : f.kind === 'number' ? 'number' : 'text'}
            value={values[f.key] ?? ''}
            onChange={(v) => setValues((old) => ({ ...old, [f.key]: v }))}
            testId={`contract-field-${f.key}`}
          />
        ))}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" data-testid="contract-company-send">
            {t('companySend')}
          </button>
        </div>
      </form>
    </section>
  );
}
