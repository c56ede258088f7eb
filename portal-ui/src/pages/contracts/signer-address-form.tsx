import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ZContractSignerEmailBody } from '@stageplein/contracts/internship-contracts/contract-signing';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { setSignerAddress, type TContractDetail } from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import { InputField } from './contracts-shared.tsx';

type TSigner = TContractDetail['signers'][number];
type TAddressRole = 'parent_guardian' | 'school_representative' | 'company';
const roleOf = (s: TSigner): TAddressRole =>
  s.role === 'parent_guardian' || s.role === 'school_representative' ? s.role : 'company';

/**
 * Who signs without an account gets their address here (`PUT /contract_signers/{id}/email`): the student
 * their parent's or guardian's, a school admin the representative's (and the company's when the internship
 * names no contact). Offered for the signers the server's `meta.set_address` names (contract-signing's
 * `maySetSignerAddress`). Once known, it says who gets the link; the address may still be changed until
 * that signer signed.
 */
export function SignerAddresses({
  contract: c,
  onChanged,
}: {
  contract: TContractDetail;
  onChanged: () => unknown;
}) {
  const signers = c.signers.filter((s) => c.meta.set_address.includes(s.id));
  return (
    <>
      {signers.map((s) => (
        <SignerAddressForm key={s.id} signer={s} onChanged={onChanged} />
      ))}
    </>
  );
}

export function SignerAddressForm({ signer, onChanged }: { signer: TSigner; onChanged: () => unknown }) {
  const { t, tShared } = useContractTexts();
  const api = useApi();
  const role = roleOf(signer);
  const [open, setOpen] = useState(!signer.email_known);
  const [name, setName] = useState(signer.email_known ? '' : (signer.name ?? ''));
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const body = { data: { type: 'contract_signer' as const, attributes: { email: email.trim(), name } } };
  // The request's own schema decides what is valid (the server checks the same).
  const parsed = ZContractSignerEmailBody.safeParse(body);
  const issue = (key: 'email' | 'name') =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path.at(-1) === key);
  const nameError = tried && issue('name') ? tShared('validation.required') : undefined;
  const emailError =
    tried && issue('email')
      ? email.trim()
        ? tShared('validation.email')
        : tShared('validation.required')
      : undefined;
  const save = useMutation({
    mutationFn: () => setSignerAddress(api.client, signer.id, email.trim(), name.trim()),
    onSuccess: async () => {
      setSaved(name.trim());
      setOpen(false);
      setEmail('');
      setTried(false);
      await onChanged();
    },
  });
  const headingId = `contract-address-${signer.id}`;
  return (
    <section
      className="card"
      aria-labelledby={headingId}
      data-testid="contract-address"
      data-role={signer.role}
    >
      <h2 id={headingId}>{t(`addressTitle.${role}`)}</h2>
      <p>{t(`addressIntro.${role}`)}</p>
      {saved && (
        <FormAlert tone="success" testId="contract-address-saved">
          {t('addressSaved', { name: saved })}
        </FormAlert>
      )}
      {!open && !saved && signer.email_known && (
        <p data-testid="contract-address-known">{t('addressKnown', { name: signer.name ?? '' })}</p>
      )}
      {!open && (
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="contract-address-change"
          onClick={() => {
            setSaved(null);
            setOpen(true);
          }}
        >
          {t('addressChange')}
        </button>
      )}
      {open && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!parsed.success || save.isPending) return;
            save.mutate();
          }}
        >
          {save.isError && <FormAlert tone="error">{errorMessage(save.error, tShared)}</FormAlert>}
          <InputField
            label={t('addressName')}
            required
            value={name}
            maxLength={200}
            error={nameError}
            onChange={setName}
            testId="contract-address-name"
          />
          <InputField
            label={t('addressEmail')}
            type="email"
            required
            value={email}
            maxLength={254}
            error={emailError}
            onChange={setEmail}
            testId="contract-address-email"
          />
          <div className="form__actions">
            <button
              type="submit"
              className="btn btn--primary btn--block-phone"
              aria-disabled={save.isPending || undefined}
              data-testid="contract-address-save"
            >
              {t('addressSave')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
