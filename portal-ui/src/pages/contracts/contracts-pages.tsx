import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { CONTRACT_LIMITS } from '@stageplein/contracts/internship-contracts/contract-rules';
import { Modal } from '@stageplein/design-system/components/modal.tsx';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage, Page, useRouteTitle } from '../page-kit.tsx';
import {
  changeBirthDate,
  contractAction,
  downloadContractDocument,
  fetchContract,
  listContracts,
  type TContract,
  type TContractDetail,
} from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import {
  ContractsOnly,
  ContractText,
  InputField,
  LoadFailed,
  Loading,
  SealFailedBadge,
  StatusBadge,
  useManagesContracts,
} from './contracts-shared.tsx';
import { ContractSigningSection } from './contract-signing-section.tsx';
import { CompanyFields } from './company-fields-form.tsx';
import { SignerAddresses } from './signer-address-form.tsx';

/**
 * The contract screens (issue #34 item 6, read side): `/contracts` lists the contracts of the
 * internships the person follows (the server's per-role list) with status and who acts next;
 * `/contracts/:id` shows one — status, signers and their state, the frozen text — with the school
 * admin's actions (birth date, send, void) and the company's fields where the server's `meta` allows.
 * Signing and the audit trail: `ContractSigningSection` (the signing part).
 */

export const contractPath = (id: string) => `/contracts/${id}`;

function useContracts(sealState?: 'failed') {
  const api = useApi();
  const { currentOrganization, user } = useSession();
  return useQuery({
    queryKey: ['contracts', currentOrganization?.id ?? null, sealState ?? null],
    enabled: !!user,
    queryFn: ({ signal }) => listContracts(api.client, { sealState }, signal),
  });
}

function nextText(c: TContract, t: ReturnType<typeof useContractTexts>['t']) {
  return c.next_actors.length ? c.next_actors.map((r) => t(`roles.${r}`)).join(', ') : t('nobody');
}

export function ContractsPage() {
  return (
    <ContractsOnly>
      <ContractList />
    </ContractsOnly>
  );
}

function ContractList() {
  const { t, tShared } = useContractTexts();
  const title = useRouteTitle();
  // School admins find the contracts whose seal failed (the server's `filter[seal_state]`).
  const admin = useManagesContracts();
  const [sealFailed, setSealFailed] = useState(false);
  const list = useContracts(admin && sealFailed ? 'failed' : undefined);
  return (
    <Page title={title} lead={t('listIntro')} testId="contracts-page">
      {admin && (
        <div className="field contract-filter">
          <label className="field__label" htmlFor="contract-filter">
            {t('filterLabel')}
          </label>
          <select
            id="contract-filter"
            className="field__input"
            data-testid="contract-filter"
            value={sealFailed ? 'failed' : 'all'}
            onChange={(e) => setSealFailed(e.target.value === 'failed')}
          >
            <option value="all">{t('filterAll')}</option>
            <option value="failed">{t('filterSealFailed')}</option>
          </select>
        </div>
      )}
      {list.isPending && <Loading />}
      {list.isError && <FormAlert tone="error">{errorMessage(list.error, tShared)}</FormAlert>}
      {list.data && list.data.length === 0 && <p>{t('none')}</p>}
      {list.data && list.data.length > 0 && (
        <table className="contract-table" data-testid="contract-list">
          <thead>
            <tr>
              <th scope="col">{t('columns.student')}</th>
              <th scope="col">{t('columns.organization')}</th>
              <th scope="col">{t('columns.internship')}</th>
              <th scope="col">{t('columns.status')}</th>
              <th scope="col">{t('columns.next')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((c) => (
              <tr key={c.id} data-testid="contract-row" data-id={c.id}>
                <td data-label={t('columns.student')}>
                  <Link to={contractPath(c.id)}>{c.student_name}</Link>
                </td>
                <td data-label={t('columns.organization')}>{c.organization_name ?? t('nobody')}</td>
                <td data-label={t('columns.internship')}>{c.internship_title}</td>
                <td data-label={t('columns.status')}>
                  <StatusBadge status={c.status} />
                  {c.seal_state === 'failed' && <SealFailedBadge />}
                </td>
                <td data-label={t('columns.next')} data-testid="contract-next">
                  {nextText(c, t)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}

// --- /contracts/:id ----------------------------------------------------------------------------------

function useContract(id: string) {
  const api = useApi();
  const { currentOrganization, user } = useSession();
  return useQuery({
    queryKey: ['contract', id, currentOrganization?.id ?? null],
    enabled: !!user,
    queryFn: ({ signal }) => fetchContract(api.client, id, signal),
    retry: (count, error) =>
      !(isApiRequestError(error) && [403, 404].includes(error.status ?? 0)) && count < 2,
  });
}

export function ContractPage() {
  const { id = '' } = useParams();
  return (
    <ContractsOnly>
      <ContractView id={id} />
    </ContractsOnly>
  );
}

function ContractView({ id }: { id: string }) {
  const contract = useContract(id);
  if (contract.isError) return <LoadFailed error={contract.error} />;
  if (!contract.data)
    return (
      <div className="container page">
        <Loading />
      </div>
    );
  return <ContractDetail contract={contract.data} />;
}

function ContractDetail({ contract: c }: { contract: TContractDetail }) {
  const { t } = useContractTexts();
  const title = useRouteTitle(`${t('internshipTitle')}: ${c.student_name}`);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['contract', c.id] });
  return (
    <Page title={title} testId="contract-page">
      <p>
        <Link to="/contracts">{t('backToList')}</Link> ·{' '}
        <Link to={`/internships/${c.internship_id}`}>{t('internshipLink')}</Link>
      </p>
      <section className="card" aria-labelledby="contract-facts">
        <h2 id="contract-facts" className="visually-hidden">
          {t('columns.status')}
        </h2>
        <dl className="contract-facts">
          <dt>{t('columns.status')}</dt>
          <dd>
            <StatusBadge status={c.status} />
            {c.seal_state === 'failed' && <SealFailedBadge />}
          </dd>
          <dt>{t('columns.internship')}</dt>
          <dd>{c.internship_title}</dd>
          <dt>{t('columns.organization')}</dt>
          <dd>{c.organization_name ?? t('nobody')}</dd>
          <dt>{t('columns.next')}</dt>
          <dd data-testid="contract-next">
            {c.next_actors.length ? c.next_actors.map((r) => t(`roles.${r}`)).join(', ') : t('nobody')}
          </dd>
        </dl>
        {c.status === 'voided' && c.void_reason && (
          <FormAlert tone="warning">{t('voidedBecause', { reason: c.void_reason })}</FormAlert>
        )}
        {c.status === 'signed' && <SealState contract={c} onChanged={refresh} />}
        {c.meta.may_download && <DownloadButton id={c.id} />}
      </section>
      {c.meta.actions.length > 0 && <AdminActions contract={c} onChanged={refresh} />}
      {c.meta.may_fill_company_fields && <CompanyFields contract={c} onChanged={refresh} />}
      <SignerAddresses contract={c} onChanged={refresh} />
      <section className="card" aria-labelledby="contract-signers">
        <h2 id="contract-signers">{t('signersTitle')}</h2>
        <ol className="contract-signers" data-testid="contract-signers">
          {c.signers.map((s) => (
            <li
              key={s.id}
              className={`contract-signer${s.to_act ? ' contract-signer--to-act' : ''}`}
              data-testid="contract-signer"
              data-role={s.role}
            >
              <span>{t('orderLabel', { order: s.order })}</span>
              <span>
                {t(`roles.${s.role}`)}
                {s.name ? ` (${s.name})` : ''}
              </span>
              <span>{s.to_act ? t('signerStates.toAct') : t(`signerStates.${s.state}`)}</span>
            </li>
          ))}
        </ol>
      </section>
      <ContractSigningSection contract={c} onChanged={() => void refresh()} />
      <ContractText html={{ nl: c.html_nl, en: c.html_en }} testId="contract-text" />
    </Page>
  );
}

/**
 * A signed contract's seal: being sealed, or failed with the last error and the number of attempts; the
 * school's admins may retry a failed one (`retry_seal` in the server's `meta.actions`).
 */
function SealState({
  contract: c,
  onChanged,
}: {
  contract: TContractDetail;
  onChanged: () => Promise<void>;
}) {
  const { t, tShared } = useContractTexts();
  const api = useApi();
  const retry = useMutation({
    mutationFn: () => contractAction(api.client, c.id, 'retry_seal'),
    onSuccess: async () => {
      toast.success(t('sealRetried'));
      await onChanged();
    },
  });
  if (c.seal_state !== 'failed') return <p data-testid="contract-seal-state">{t('sealPendingLine')}</p>;
  return (
    <div data-testid="contract-seal-state">
      <FormAlert tone="error">
        {t('sealFailedLine', { attempts: c.seal_attempts, error: c.seal_error ?? '' })}
      </FormAlert>
      {retry.isError && <FormAlert tone="error">{errorMessage(retry.error, tShared)}</FormAlert>}
      {c.meta.actions.includes('retry_seal') && (
        <div className="contract-actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="contract-retry-seal"
            onClick={() => !retry.isPending && retry.mutate()}
          >
            {t('retrySeal')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The sealed PDF, for its parties (the server's `meta.may_download`: contracts' `mayDownloadContract`). */
function DownloadButton({ id }: { id: string }) {
  const { t, tShared } = useContractTexts();
  const api = useApi();
  const download = useMutation({ mutationFn: () => downloadContractDocument(api.client, id) });
  return (
    <div className="contract-actions">
      {download.isError && <FormAlert tone="error">{errorMessage(download.error, tShared)}</FormAlert>}
      <button
        type="button"
        className="btn btn--neutral"
        data-testid="contract-download"
        onClick={() => !download.isPending && download.mutate()}
      >
        {t('download')}
      </button>
    </div>
  );
}

function AdminActions({
  contract: c,
  onChanged,
}: {
  contract: TContractDetail;
  onChanged: () => Promise<void>;
}) {
  const { t, tShared } = useContractTexts();
  const api = useApi();
  const [birthDate, setBirthDate] = useState(c.student_birth_date ?? '');
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const done = (message: string) => async () => {
    toast.success(message);
    await onChanged();
  };
  const release = useMutation({
    mutationFn: () => contractAction(api.client, c.id, 'release'),
    onSuccess: done(t('released')),
  });
  const saveDate = useMutation({
    mutationFn: () => changeBirthDate(api.client, c.id, birthDate || null),
    onSuccess: async () => {
      // A refusal to send for want of the date is answered by saving one.
      release.reset();
      await done(t('saved'))();
    },
  });
  const voidIt = useMutation({
    mutationFn: () => contractAction(api.client, c.id, 'void', { reason: reason.trim() }),
    onSuccess: async () => {
      setVoiding(false);
      await done(t('voided'))();
    },
  });
  const failed = [saveDate, release].find((m) => m.isError);
  return (
    <section className="card" aria-labelledby="contract-admin" data-testid="contract-admin">
      <h2 id="contract-admin">{t('adminTitle')}</h2>
      {failed && (
        <FormAlert tone="error" testId="contract-admin-error">
          {errorMessage(failed.error, tShared)}
        </FormAlert>
      )}
      {c.meta.actions.includes('change') && (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!saveDate.isPending) saveDate.mutate();
          }}
        >
          <InputField
            label={t('birthDate')}
            hint={t('birthDateHint')}
            type="date"
            value={birthDate}
            onChange={setBirthDate}
            testId="contract-birth-date"
          />
          <button type="submit" className="btn btn--neutral" data-testid="contract-save-birth-date">
            {t('saveBirthDate')}
          </button>
        </form>
      )}
      {c.meta.actions.includes('release') && <p className="field__hint">{t('releaseHint')}</p>}
      <div className="contract-actions">
        {c.meta.actions.includes('release') && (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="contract-release"
            onClick={() => !release.isPending && release.mutate()}
          >
            {t('release')}
          </button>
        )}
        {c.meta.actions.includes('void') && (
          <button
            type="button"
            className="btn btn--neutral"
            data-testid="contract-void"
            onClick={() => setVoiding(true)}
          >
            {t('void')}
          </button>
        )}
      </div>
      <Modal
        open={voiding}
        title={t('voidTitle')}
        closeLabel={t('cancel')}
        onClose={() => setVoiding(false)}
        testId="contract-void-dialog"
      >
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) return setReasonMissing(true);
            if (!voidIt.isPending) voidIt.mutate();
          }}
        >
          {voidIt.isError && <FormAlert tone="error">{errorMessage(voidIt.error, tShared)}</FormAlert>}
          <InputField
            label={t('voidReason')}
            required
            value={reason}
            maxLength={CONTRACT_LIMITS.voidReason}
            error={reasonMissing ? tShared('validation.required') : undefined}
            onChange={(v) => {
              setReason(v);
              if (v.trim()) setReasonMissing(false);
            }}
            testId="contract-void-reason"
          />
          <div className="form__actions">
            <button type="button" className="btn btn--neutral" onClick={() => setVoiding(false)}>
              {t('cancel')}
            </button>
            <button type="submit" className="btn btn--neutral" data-testid="contract-void-confirm">
              {t('voidConfirm')}
            </button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
