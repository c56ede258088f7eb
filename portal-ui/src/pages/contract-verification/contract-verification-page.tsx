import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import { ZSha256Hex } from '@stageplein/contracts/internship-contracts/sealed-document';
import { useApi } from '../../api/api-context.ts';
import { errorMessage, useRouteTitle } from '../page-kit.tsx';
import {
  CONTRACT_VERIFICATION_NAMESPACE,
  registerContractVerificationMessages,
} from './contract-verification-messages.ts';
import './contract-verification.css';

/** The verification's answer as the client reads it (camelCase). */
interface TVerification {
  sealed: boolean;
  sealedAt: string | null;
  schoolName: string | null;
  matched: 'document' | 'content' | null;
}

/** The SHA-256 of a file's bytes, in this browser (the file is never sent). */
async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `/contractcontrole` (public): whether a PDF or a SHA-256 matches a contract sealed on this tenant
 * (docs/decisions/contract-documents.md). The certificate's QR code opens it with `?hash=`; a chosen
 * PDF is hashed here. The answer holds nothing personal: sealed or not, when, and the school's name.
 */
export function ContractVerificationPage() {
  const { t, i18n } = useTranslation(CONTRACT_VERIFICATION_NAMESPACE);
  registerContractVerificationMessages(i18n);
  const { t: tc } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const location = useLocation();
  const navigate = useNavigate();
  const ids = { file: useId(), fileHint: useId(), hash: useId(), hashHint: useId(), hashError: useId() };
  const fromAddress = (new URLSearchParams(location.search).get('hash') ?? '').trim().toLowerCase();
  const [input, setInput] = useState(fromAddress);
  const [invalid, setInvalid] = useState(false);
  const [hashing, setHashing] = useState(false);
  const [fileError, setFileError] = useState(false);
  const hash = ZSha256Hex.safeParse(fromAddress).success ? fromAddress : null;

  const check = (value: string) => {
    const next = value.trim().toLowerCase();
    if (!ZSha256Hex.safeParse(next).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    // The hash goes into the address: the answer opens again by it (and the QR code's link is the same).
    navigate({ search: `?hash=${next}` }, { replace: true });
  };
  const verification = useQuery({
    queryKey: ['contract-verification', hash],
    enabled: hash !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      readResourceDocument<TVerification>(
        await api.client.get<TRawDocument>(`/api/v1/contract_verifications?hash=${hash}`, { signal }),
      ).data,
  });
  const attributes = verification.data ?? undefined;
  const locale = i18n.resolvedLanguage?.startsWith('en') ? 'en-GB' : 'nl-NL';
  const when = (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Europe/Amsterdam',
    });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(false);
    setHashing(true);
    try {
      const digest = await sha256Of(file);
      setInput(digest);
      check(digest);
    } catch {
      setFileError(true);
    } finally {
      setHashing(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    check(input);
  };

  return (
    <div className="container page contract-verification" data-testid="contract-verification-page">
      <h1 data-testid="page-title">{title}</h1>
      <p>{t('intro')}</p>
      <form className="contract-verification__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={ids.file} className="field__label">
            {t('fileLabel')}
          </label>
          <p id={ids.fileHint} className="field__hint">
            {t('fileHint')}
          </p>
          <input
            id={ids.file}
            type="file"
            accept="application/pdf,.pdf"
            className="field__input contract-verification__file"
            aria-describedby={ids.fileHint}
            data-testid="verification-file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
        {hashing && <p role="status">{t('hashing')}</p>}
        {fileError && <FormAlert tone="error">{t('fileError')}</FormAlert>}
        <p className="contract-verification__or">{t('or')}</p>
        <div className="field">
          <label htmlFor={ids.hash} className="field__label">
            {t('hashLabel')}
          </label>
          <p id={ids.hashHint} className="field__hint">
            {t('hashHint')}
          </p>
          <input
            id={ids.hash}
            type="text"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="field__input contract-verification__hash"
            value={input}
            aria-describedby={invalid ? `${ids.hashHint} ${ids.hashError}` : ids.hashHint}
            aria-invalid={invalid || undefined}
            data-testid="verification-hash"
            onChange={(e) => setInput(e.target.value)}
          />
          {invalid && (
            <p id={ids.hashError} className="field__error" data-testid="field-error">
              {t('hashInvalid')}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block-phone" data-testid="verification-submit">
          {t('check')}
        </button>
      </form>
      <div aria-live="polite" className="contract-verification__result">
        {verification.isFetching && <p role="status">{t('checking')}</p>}
        {verification.isError && <FormAlert tone="error">{errorMessage(verification.error, tc)}</FormAlert>}
        {attributes && !verification.isFetching && (
          <>
            {attributes.sealed ? (
              <FormAlert tone="success" title={t('sealedTitle')} testId="verification-sealed">
                <p>{t('sealed', { date: when(attributes.sealedAt!), school: attributes.schoolName })}</p>
                <p>{t(attributes.matched === 'document' ? 'matchedDocument' : 'matchedContent')}</p>
              </FormAlert>
            ) : (
              <FormAlert tone="warning" title={t('notSealedTitle')} testId="verification-not-sealed">
                <p>{t('notSealed')}</p>
              </FormAlert>
            )}
            <p className="contract-verification__checked">
              {t('checkedHash')}: <code>{hash}</code>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
