import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import {
  contractsAvailable,
  mayManageContracts,
  type TContractStatus,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { currentOrganizationFacts } from '../../session/organization-facts.ts';
import { useSession } from '../../session/session-context.ts';
import { StatusErrorScreen } from '../../shell/error-screen.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { errorMessage } from '../page-kit.tsx';
import { useContractTexts } from './contracts-messages.ts';
import './contracts.css';

/** Hours tenants have no contracts (contracts' `contractsAvailable`): their screens are a 404. */
export function ContractsOnly({ children }: { children: ReactNode }) {
  const { features } = useTenant();
  if (!contractsAvailable(features)) return <StatusErrorScreen status={404} />;
  return <>{children}</>;
}

/** Whether the session manages the selected School's contracts (contracts' `mayManageContracts`). */
export function useManagesContracts(schoolId?: string): boolean {
  const session = useSession();
  const { features } = useTenant();
  return mayManageContracts(session.permissions, currentOrganizationFacts(session), features, schoolId);
}

export function Loading() {
  const { t } = useContractTexts();
  return <p role="status">{t('loading')}</p>;
}

export function LoadFailed({ error }: { error: unknown }) {
  const { tShared } = useContractTexts();
  const status = isApiRequestError(error) ? error.status : undefined;
  if (status === 404 || status === 403) return <StatusErrorScreen status={404} />;
  return (
    <div className="container page">
      <FormAlert tone="error">{errorMessage(error, tShared)}</FormAlert>
    </div>
  );
}

export function StatusBadge({ status }: { status: TContractStatus }) {
  const { t } = useContractTexts();
  return (
    <span
      className={`badge badge--inline contract-status contract-status--${status}`}
      data-testid="contract-status"
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** A signed contract whose seal failed every automatic attempt (`seal_state` failed). */
export function SealFailedBadge() {
  const { t } = useContractTexts();
  return (
    <span
      className="badge badge--inline contract-status contract-status--seal-failed"
      data-testid="contract-seal-failed"
    >
      {t('sealFailed')}
    </span>
  );
}

/** A labelled text input with hint and error (the design system's field classes). */
export function InputField({
  label,
  value,
  onChange,
  hint,
  error,
  type = 'text',
  required,
  testId,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: string;
  error?: string;
  type?: string;
  required?: boolean;
  testId?: string;
  maxLength?: number;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="field__input"
        type={type}
        value={value}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={!!error || undefined}
        aria-describedby={described || undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The contract's frozen text with its language switch (the chosen language filled, the other outlined),
 * as `/contracts/:id` and the signing page show it. The HTML was sanitized by the server (kit's rich-text
 * renderer) when the contract was generated; without an English text the Dutch one is shown.
 */
export function ContractText({
  html,
  testId,
}: {
  html: { nl: string; en: string | null | undefined };
  testId: string;
}) {
  const { t, lang } = useContractTexts();
  const id = useId();
  const [textLang, setTextLang] = useState<'nl' | 'en'>(lang);
  return (
    <section className="card" aria-labelledby={`${id}-text`}>
      <h2 id={`${id}-text`}>{t('textTitle')}</h2>
      <div className="contract-actions contract-text__languages" role="group" aria-label={t('textLanguage')}>
        {(['nl', 'en'] as const).map((l) => (
          <button
            key={l}
            type="button"
            className="btn btn--neutral"
            aria-pressed={textLang === l}
            onClick={() => setTextLang(l)}
          >
            {l === 'nl' ? 'Nederlands' : 'English'}
          </button>
        ))}
      </div>
      <div
        className="contract-text cms-body"
        lang={textLang}
        data-testid={testId}
        dangerouslySetInnerHTML={{ __html: (textLang === 'en' ? html.en : null) ?? html.nl }}
      />
    </section>
  );
}

/** A wide screen with a mouse: there the phone (the QR code) is the easier way to draw a signature. */
const DESKTOP_QUERY = '(pointer: fine) and (min-width: 48rem)';
export function useDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia(DESKTOP_QUERY);
      m.addEventListener('change', onChange);
      return () => m.removeEventListener('change', onChange);
    },
    () => window.matchMedia(DESKTOP_QUERY).matches,
  );
}
