import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { TContractSignerView } from '@stageplein/contracts/internship-contracts/contract-signing';
import { useApi } from '../../api/api-context.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';
import { QrCode } from '../hours/qr-code.tsx';
import {
  issueQrToken,
  QR_MARK,
  signPath,
  type TQrToken,
  type TSignerAccess,
} from './contract-signing-api.ts';
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
  useSignerView,
  Waiting,
} from './contract-signing-shared.tsx';

/**
 * `/contracts/:id/qr-sign/:signerId` (public, default layout; issue #34 item 4): on a desktop the signer
 * (by their link or signed in) sees a QR code carrying a one-time token (single use, valid 10 minutes)
 * to the sign page; the phone signs there and this page follows without a reload: it asks the server
 * again every few seconds, the browser revalidating with the answer's ETag (docs/decisions/
 * internship-contracts.md "Signing pages"). An expired code is renewed by the signer, not by itself.
 */
export function ContractQrSignPage() {
  const title = useRouteTitle();
  const { signerId, token, allowed } = useSignerParams();
  return (
    <Page title={title} testId="contract-qr-sign-page">
      {allowed ? <QrScreen signerId={signerId} token={token} /> : <NoAccess />}
    </Page>
  );
}

const poll = (v: TContractSignerView) =>
  v.turn === 'your_turn'
    ? POLL_MS.qr
    : v.turn === 'waiting'
      ? POLL_MS.waiting
      : v.turn === 'signed'
        ? afterSigning(v)
        : false;

function QrScreen({ signerId, token }: { signerId: string; token: TSignerAccess }) {
  const { t } = useSigningTexts();
  useReportOpened(signerId, token, useSignerReady(token));
  const view = useSignerView(signerId, token, poll);
  // A link is spent by signing: a later read by it fails, and the page keeps what it last knew.
  if (!view.data) return view.isError ? <LoadError error={view.error} /> : <Loading />;
  const v = view.data;
  return (
    <>
      <SignerLead view={v} />
      {v.turn === 'closed' && <Closed view={v} />}
      {v.turn === 'signed' && <Signed view={v} title={t('qrDone')} />}
      {v.turn === 'waiting' && <Waiting view={v} />}
      {v.turn === 'your_turn' && <QrPanel view={v} signerId={signerId} token={token} />}
    </>
  );
}

function QrPanel({
  view,
  signerId,
  token,
}: {
  view: TContractSignerView;
  signerId: string;
  token: TSignerAccess;
}) {
  const { t, time } = useSigningTexts();
  const api = useApi();
  const [qr, setQr] = useState<TQrToken | undefined>();
  const [expired, setExpired] = useState(false);
  const issue = useMutation({
    mutationFn: () => issueQrToken(api.client, signerId, token),
    onSuccess: (issued) => {
      setExpired(false);
      setQr(issued);
    },
  });
  const { mutate } = issue;
  const renew = useCallback(() => mutate(), [mutate]);
  useEffect(() => renew(), [renew]);
  // The code stops working at its expiry: the page says so then (a timer to that moment, not a poll).
  useEffect(() => {
    if (!qr) return;
    const left = new Date(qr.expires_at).getTime() - Date.now();
    const timer = setTimeout(() => setExpired(true), Math.max(left, 0));
    return () => clearTimeout(timer);
  }, [qr]);
  const qrValue = (q: TQrToken) =>
    `${window.location.origin}${signPath(view.contract_id, signerId)}?${QR_MARK}#${q.token}`;
  const here = `${signPath(view.contract_id, signerId)}${token ? `#${token}` : ''}`;
  const steps = t('qrSteps', { returnObjects: true }) as string[];
  return (
    <section className="card contract-qr" data-testid="contract-qr">
      <p>{t('qrLead')}</p>
      <div className="contract-qr__layout">
        <div className="contract-qr__code">
          {issue.isError && <LoadError error={issue.error} />}
          {qr && !expired && (
            // The code's address, readable by a test that plays the phone.
            <div className="contract-qr__svg" data-testid="contract-qr-code" data-qr-value={qrValue(qr)}>
              <QrCode value={qrValue(qr)} label={t('qrLabel')} />
            </div>
          )}
          {qr && !expired && (
            <p className="field__hint">{t('qrValidUntil', { time: time(qr.expires_at) })}</p>
          )}
          {expired && <p data-testid="contract-qr-expired">{t('qrExpired')}</p>}
          {(expired || issue.isError) && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={renew}
              data-testid="contract-qr-renew"
            >
              {t('qrRenew')}
            </button>
          )}
        </div>
        <ol className="contract-qr__steps">
          {steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </div>
      <p role="status" data-testid="contract-qr-waiting">
        {qr && !expired ? t('qrWaitingPhone') : ''}
      </p>
      <p>
        <Link to={here}>{t('qrHere')}</Link>
      </p>
    </section>
  );
}
