import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TContractSignerView } from '@stageplein/contracts/internship-contracts/contract-signing';
import { SignaturePadInput } from '@stageplein/design-system/forms/signature-pad.tsx';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import { CompanyFields } from '../contracts/company-fields-form.tsx';
import { fetchContract } from '../contracts/contracts-api.ts';
import { ContractText, useDesktop } from '../contracts/contracts-shared.tsx';
import { SignerAddressForm } from '../contracts/signer-address-form.tsx';
import { qrSignPath, signContract, type TSignerAccess } from './contract-signing-api.ts';
import { useSigningTexts } from './contract-signing-messages.ts';
import {
  Closed,
  LoadError,
  Loading,
  NoAccess,
  afterSigning,
  POLL_MS,
  SignerLead,
  Signed,
  useReportOpened,
  useSignerReady,
  useSignerParams,
  signerViewKey,
  useSignerView,
  Waiting,
} from './contract-signing-shared.tsx';

/**
 * `/contracts/:id/sign/:signerId` (public, empty layout, phone first; issue #34 item 4): the signer opens
 * it from their mailed link (`#<token>`), a QR code's link, or signed in. The server decides where they
 * stand: their turn shows the frozen text, the signature pad (which keeps the drawing when the phone
 * turns) and the agreement; a later signer sees whom they wait for, never a signing screen; a voided or
 * expired contract says so. The company fills its fields here first where the tenant asks for them.
 */
export function ContractSignPage() {
  const title = useRouteTitle();
  const { signerId, token, viaQr, allowed } = useSignerParams();
  return (
    <div className="container page contract-sign" data-testid="contract-sign-page">
      <h1 data-testid="page-title">{title}</h1>
      {allowed ? <SignerScreen signerId={signerId} token={token} viaQr={viaQr} /> : <NoAccess />}
    </div>
  );
}

const poll = (v: TContractSignerView) =>
  v.turn === 'waiting' ? POLL_MS.waiting : v.turn === 'signed' ? afterSigning(v) : false;

function SignerScreen({
  signerId,
  token,
  viaQr,
}: {
  signerId: string;
  token: TSignerAccess;
  viaQr: boolean;
}) {
  useReportOpened(signerId, token, useSignerReady(token));
  const view = useSignerView(signerId, token, poll);
  // A link is spent by signing: a later read by it fails, and the page keeps what it last knew.
  if (!view.data) return view.isError ? <LoadError error={view.error} viaQr={viaQr} /> : <Loading />;
  const v = view.data;
  return (
    <>
      <SignerLead view={v} />
      {/* Only while the address can still be given: a voided contract is not asked about (nor read). */}
      {v.parent?.state === 'pending' && ['company_fields', 'signing'].includes(v.contract_status) && (
        <ParentAddress view={v} parentId={v.parent.signer_id} />
      )}
      {v.turn === 'closed' && <Closed view={v} />}
      {v.turn === 'signed' && <Signed view={v} token={token} />}
      {v.turn === 'waiting' &&
        (v.contract_status === 'company_fields' && v.role === 'company' ? (
          <OwnFields view={v} />
        ) : (
          <Waiting view={v} />
        ))}
      {v.turn === 'your_turn' && <SignForm view={v} signerId={signerId} token={token} />}
    </>
  );
}

/** The company's own fields come first: signed in as its contact or admin, filled in here. */
function OwnFields({ view }: { view: TContractSignerView }) {
  const { t } = useSigningTexts();
  const { signedIn } = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const contract = useQuery({
    queryKey: ['contract', view.contract_id, 'signing'],
    enabled: signedIn,
    retry: false,
    queryFn: ({ signal }) => fetchContract(api.client, view.contract_id, signal),
  });
  if (!signedIn || contract.isError || (contract.data && !contract.data.meta.may_fill_company_fields))
    return (
      <Waiting view={view}>
        <p>{t('waitingOwnFields')}</p>
      </Waiting>
    );
  if (!contract.data) return <Loading />;
  return (
    <CompanyFields
      contract={contract.data}
      onChanged={() => queryClient.invalidateQueries({ queryKey: ['contract-signer'] })}
    />
  );
}

/**
 * A minor's contract: the student, signed in, gives their parent's or guardian's address here too (the
 * contract's `meta.set_address`, contract-signing's `maySetSignerAddress`), so the parent's link goes out.
 */
function ParentAddress({ view, parentId }: { view: TContractSignerView; parentId: string }) {
  const { signedIn } = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const contract = useQuery({
    queryKey: ['contract', view.contract_id, 'signing'],
    enabled: signedIn,
    retry: false,
    queryFn: ({ signal }) => fetchContract(api.client, view.contract_id, signal),
  });
  const parent = contract.data?.signers.find((s) => s.id === parentId);
  if (!parent || !contract.data?.meta.set_address.includes(parentId)) return null;
  return (
    <SignerAddressForm
      signer={parent}
      onChanged={() => queryClient.invalidateQueries({ queryKey: ['contract', view.contract_id] })}
    />
  );
}

function QrOffer({
  view,
  signerId,
  token,
}: {
  view: TContractSignerView;
  signerId: string;
  token: TSignerAccess;
}) {
  const { t } = useSigningTexts();
  return (
    <p className="contract-sign__qr-offer" data-testid="contract-sign-qr-offer">
      {t('qrOffer')}{' '}
      <Link to={`${qrSignPath(view.contract_id, signerId)}${token ? `#${token}` : ''}`}>{t('qrOpen')}</Link>
    </p>
  );
}

function SignForm({
  view,
  signerId,
  token,
}: {
  view: TContractSignerView;
  signerId: string;
  token: TSignerAccess;
}) {
  const { t, tShared, lang } = useSigningTexts();
  const { features } = useTenant();
  const { currentOrganization } = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const desktop = useDesktop();
  const [signature, setSignature] = useState<string | undefined>();
  const [agree, setAgree] = useState(false);
  const [tried, setTried] = useState(false);
  const sign = useMutation({
    mutationFn: () => signContract(api.client, signerId, token, signature!),
    onSuccess: (after) =>
      queryClient.setQueryData(signerViewKey(signerId, token, currentOrganization?.id), after),
  });
  // On QR-first tenants the offer leads; elsewhere it follows the form.
  const offerQr = desktop;
  const signatureError = tried && !signature ? t('missingSignature') : undefined;
  const agreeError = tried && !agree ? t('missingAgree') : undefined;
  return (
    <>
      {offerQr && features.qrCodePrimarySigning && <QrOffer view={view} signerId={signerId} token={token} />}
      <ContractText html={{ nl: view.html_nl ?? '', en: view.html_en }} testId="contract-sign-text" />
      <section className="card" aria-labelledby={`${id}-sign`}>
        <h2 id={`${id}-sign`}>{t('signTitle')}</h2>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!signature || !agree || sign.isPending) return;
            sign.mutate();
          }}
        >
          <div className={`field${signatureError ? ' field--invalid' : ''}`}>
            <span className="field__label" id={`${id}-pad-label`}>
              {t('signatureLabel')}
            </span>
            <p className="field__hint" id={`${id}-pad-hint`}>
              {t('signHint')}
            </p>
            <SignaturePadInput
              id="contract"
              labels={{
                pad: t('signature.pad'),
                clear: t('signature.clear'),
                undo: t('signature.undo'),
                empty: t('signature.empty'),
                signed: t('signature.signed'),
                watermark: t('signature.watermark', {
                  date: new Date().toLocaleDateString(lang === 'en' ? 'en-GB' : 'nl-NL'),
                }),
              }}
              describedBy={[`${id}-pad-label`, `${id}-pad-hint`, signatureError ? `${id}-pad-error` : '']
                .filter(Boolean)
                .join(' ')}
              invalid={!!signatureError}
              onChange={setSignature}
              onBlur={() => undefined}
            />
            {signatureError && (
              <p id={`${id}-pad-error`} className="field__error" data-testid="field-error">
                {signatureError}
              </p>
            )}
          </div>
          <div className={`field field--checkbox${agreeError ? ' field--invalid' : ''}`}>
            <input
              id={`${id}-agree`}
              type="checkbox"
              checked={agree}
              aria-invalid={!!agreeError || undefined}
              aria-describedby={agreeError ? `${id}-agree-error` : undefined}
              data-testid="contract-sign-agree"
              onChange={(e) => setAgree(e.target.checked)}
            />
            <div>
              <label htmlFor={`${id}-agree`} className="field__label">
                {t('agree')}
              </label>
              {agreeError && (
                <p id={`${id}-agree-error`} className="field__error" data-testid="field-error">
                  {agreeError}
                </p>
              )}
            </div>
          </div>
          {sign.isError && <FormAlert tone="error">{errorMessage(sign.error, tShared)}</FormAlert>}
          <div className="form__actions">
            <button
              type="submit"
              className="btn btn--primary btn--block-phone"
              aria-disabled={sign.isPending || undefined}
              data-testid="contract-sign-submit"
            >
              {sign.isPending ? t('submitting') : t('submit')}
            </button>
          </div>
        </form>
      </section>
      {offerQr && !features.qrCodePrimarySigning && <QrOffer view={view} signerId={signerId} token={token} />}
    </>
  );
}
