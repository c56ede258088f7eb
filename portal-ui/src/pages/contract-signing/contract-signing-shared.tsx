import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TContractSignerView } from '@stageplein/contracts/internship-contracts/contract-signing';
import { SIGNING_EXPIRED_REASON } from '@stageplein/contracts/internship-contracts/contract-signing';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { useApi } from '../../api/api-context.ts';
import { loginPathFor } from '../../app/route-access.ts';
import { useSession } from '../../session/session-context.ts';
import { errorMessage } from '../page-kit.tsx';
import {
  downloadContract,
  fetchSignerView,
  QR_MARK,
  reportOpened,
  type TSignerAccess,
} from './contract-signing-api.ts';
import { useSigningTexts } from './contract-signing-messages.ts';
import './contract-signing.css';
import { saveBlob } from '../../api/save-file.ts';

/**
 * What both signing pages share: who asks (the link's token in the address's fragment, which never
 * reaches a server log, or the session), the signer's view from the server (polled while something is
 * to come), the opening reported once for the audit trail, and the states that are not a signing
 * screen: waiting (for whom), closed (voided, expired), signed (and sealed: the PDF for a signed-in party).
 */

export function useSignerParams() {
  const { id = '', signerId = '' } = useParams();
  const location = useLocation();
  const token: TSignerAccess = location.hash.replace(/^#/, '') || null;
  const { signedIn } = useSession();
  const viaQr = !!token && new URLSearchParams(location.search).toString() === QR_MARK;
  return { contractId: id, signerId, token, viaQr, allowed: !!token || signedIn };
}

/** How often a page asks again while something is to come (the workflow, another signer, the phone). */
export const POLL_MS = { waiting: 4000, qr: 2500, others: 15_000 } as const;

/** After signing: the seal comes within seconds once all signed; other signers may take days. */
export const afterSigning = (v: TContractSignerView): number | false =>
  v.contract_status === 'signed' ? POLL_MS.waiting : v.contract_status === 'signing' ? POLL_MS.others : false;

/** A link's holder asks at once; a signed-in signer once the session knows their organizations. */
export function useSignerReady(token: TSignerAccess): boolean {
  const session = useSession();
  return (
    !!token ||
    (!!session.user && (session.organizationsState === 'success' || session.organizationsState === 'error'))
  );
}

export function useSignerView(
  signerId: string,
  token: TSignerAccess,
  poll: (v: TContractSignerView) => number | false,
) {
  const api = useApi();
  const session = useSession();
  // Signed in, the server asks which organization the person acts for (the company's admin): known
  // once the session has loaded its organizations.
  const ready = useSignerReady(token);
  return useQuery({
    queryKey: signerViewKey(signerId, token, session.currentOrganization?.id),
    enabled: ready,
    queryFn: ({ signal }) => fetchSignerView(api.client, signerId, token, signal),
    retry: false,
    // A single-use link is spent once its holder signed: then only the session asks again.
    refetchInterval: (q) =>
      q.state.data && !q.state.error && !(token && q.state.data.turn === 'signed')
        ? poll(q.state.data)
        : false,
  });
}

export const signerViewKey = (signerId: string, token: TSignerAccess, organizationId?: string) =>
  token
    ? ['contract-signer', signerId, token]
    : ['contract-signer', signerId, 'session', organizationId ?? null];

const reported = new Set<string>();

/** The page was opened: one `viewed` entry per page load (a failure here is the view's to show). */
export function useReportOpened(signerId: string, token: TSignerAccess, ready: boolean) {
  const api = useApi();
  useEffect(() => {
    const key = `${signerId}#${token ?? ''}`;
    if (!signerId || !ready || reported.has(key)) return;
    reported.add(key);
    reportOpened(api.client, signerId, token).catch(() => undefined);
  }, [api, signerId, token, ready]);
}

/** Neither a link nor a session: where to go. */
export function NoAccess() {
  const { t } = useSigningTexts();
  const { pathname } = useLocation();
  return (
    <FormAlert tone="info" testId="contract-sign-no-access">
      <p>{t('noAccess')}</p>
      <p>
        <Link to={loginPathFor(pathname)}>{t('signIn')}</Link>
      </p>
    </FormAlert>
  );
}

/** The link's refusals (410): spent, expired or replaced. */
const SPENT_LINK = ['link_used', 'link_expired', 'link_revoked'];

/**
 * Why the page cannot be shown: the server's localized error, except for a QR code's spent or expired
 * link, which says how to get a new one (on the screen that showed it).
 */
export function LoadError({ error, viaQr = false }: { error: unknown; viaQr?: boolean }) {
  const { t, tShared } = useSigningTexts();
  const code = isApiRequestError(error) ? error.errors[0]?.code : undefined;
  if (viaQr && code && SPENT_LINK.includes(code))
    return (
      <FormAlert
        tone="warning"
        title={t(code === 'link_used' ? 'qrUsedTitle' : 'qrSpentTitle')}
        testId="contract-sign-error"
      >
        <p>{t(code === 'link_used' ? 'qrUsed' : 'qrSpent')}</p>
      </FormAlert>
    );
  return (
    <FormAlert tone="error" testId="contract-sign-error">
      {errorMessage(error, tShared)}
    </FormAlert>
  );
}

export function Loading() {
  const { t } = useSigningTexts();
  return <p role="status">{t('loading')}</p>;
}

/** The internship and the signer's role, above every state. */
export function SignerLead({ view }: { view: TContractSignerView }) {
  const { t } = useSigningTexts();
  const internship = view.internship_title ?? '';
  return (
    <div className="page__lead" data-testid="contract-sign-lead">
      <p>
        {view.organization_name
          ? t('lead', { internship, organization: view.organization_name })
          : t('leadNoOrganization', { internship })}{' '}
        {t('youSignAs', { role: t(`roles.${view.role}`) })}
      </p>
    </div>
  );
}

/** A heading that takes the focus when it appears (the outcome of an action, read out at once). */
export function FocusHeading({ children, testId }: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} tabIndex={-1} data-testid={testId}>
      {children}
    </h2>
  );
}

/** Waiting for an earlier signer, the school's draft, the company's fields or the turn being opened. */
export function Waiting({ view, children }: { view: TContractSignerView; children?: ReactNode }) {
  const { t } = useSigningTexts();
  const who = view.waiting_for
    .map((w) => (w.name ? `${t(`roles.${w.role}`)} (${w.name})` : t(`roles.${w.role}`)))
    .join(', ');
  const text =
    view.contract_status === 'draft'
      ? t('waitingDraft')
      : view.contract_status === 'company_fields'
        ? view.role === 'company'
          ? null
          : t('waitingCompanyFields')
        : who
          ? t('waitingFor', { who })
          : t('preparing');
  return (
    <section className="card" aria-labelledby="contract-sign-waiting" data-testid="contract-sign-waiting">
      <h2 id="contract-sign-waiting">{t('waitingTitle')}</h2>
      {text && <p role="status">{text}</p>}
      {children}
    </section>
  );
}

/** Voided, expired, or finished without this signer: said plainly, nothing to sign. */
export function Closed({ view }: { view: TContractSignerView }) {
  const { t } = useSigningTexts();
  const expired = view.contract_status === 'voided' && view.void_reason === SIGNING_EXPIRED_REASON;
  const voided = view.contract_status === 'voided' && !expired;
  return (
    <FormAlert
      tone="warning"
      title={expired ? t('expiredTitle') : voided ? t('voidedTitle') : t('closedTitle')}
      testId="contract-sign-closed"
    >
      {expired && <p>{t('expired')}</p>}
      {voided && view.void_reason && <p>{t('voidedBecause', { reason: view.void_reason })}</p>}
    </FormAlert>
  );
}

/**
 * This signer signed: when, whether the contract is sealed, and the PDF for a signed-in party or the holder
 * of the download link mailed at the seal (a signer without an account).
 */
export function Signed({
  view,
  title,
  token = null,
}: {
  view: TContractSignerView;
  title?: string;
  token?: TSignerAccess;
}) {
  const { t, dateTime } = useSigningTexts();
  const { signedIn } = useSession();
  const api = useApi();
  const download = useMutation({
    mutationFn: async () =>
      saveBlob(
        await downloadContract(api.client, view.contract_id, signedIn ? null : token),
        `contract-${view.contract_id}.pdf`,
      ),
  });
  const sealed = view.contract_status === 'sealed';
  return (
    <section className="card contract-sign__done" data-testid="contract-sign-signed" data-sealed={sealed}>
      <FocusHeading>{title ?? t('signedTitle')}</FocusHeading>
      {view.signed_at && <p>{t('signedOn', { date: dateTime(view.signed_at) })}</p>}
      <p role="status">{sealed ? t('sealed') : t('signedWaiting')}</p>
      {!sealed && !signedIn && <p>{t('signedWaitingLink')}</p>}
      {(signedIn || token) && (
        <div className="contract-actions">
          {sealed && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="contract-sign-download"
              onClick={() => !download.isPending && download.mutate()}
            >
              {t('download')}
            </button>
          )}
          {signedIn && (
            <Link className="btn btn--neutral" to={`/contracts/${encodeURIComponent(view.contract_id)}`}>
              {t('toContract')}
            </Link>
          )}
        </div>
      )}
      {download.isError && <LoadError error={download.error} />}
    </section>
  );
}
