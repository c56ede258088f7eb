import { Link } from 'react-router';
import { useTenant } from '../../tenant/tenant-context.ts';
import type { TContractDetail } from './contracts-api.ts';
import { useContractTexts } from './contracts-messages.ts';
import { useDesktop } from './contracts-shared.tsx';

const enc = encodeURIComponent;
const signPath = (id: string, signerId: string) => `/contracts/${enc(id)}/sign/${enc(signerId)}`;
const qrSignPath = (id: string, signerId: string) => `/contracts/${enc(id)}/qr-sign/${enc(signerId)}`;

/**
 * The signing part of `/contracts/:id`: when it is the turn of a signer the session may sign as (the
 * server's `meta.sign_as` and `to_act`), the way to sign — on `qrCodePrimarySigning` tenants, on a desktop,
 * the QR code for the phone first and this device second, elsewhere the other way round. (The sealed PDF:
 * the read view's download button, `meta.may_download`.)
 */
export function ContractSigningSection({
  contract: c,
}: {
  contract: TContractDetail;
  onChanged: () => void;
}) {
  const { t } = useContractTexts();
  const { features } = useTenant();
  // QR first on the tenants that sign by QR code, on a desktop; on a phone this device is the phone.
  const desktop = useDesktop();
  const qrFirst = features.qrCodePrimarySigning && desktop;
  const mine = c.signers.filter((s) => s.to_act && c.meta.sign_as.includes(s.id));
  if (mine.length === 0) return null;
  return (
    <section className="card" aria-labelledby="contract-signing" data-testid="contract-signing">
      <h2 id="contract-signing">{t('signNowTitle')}</h2>
      {mine.map((s) => {
        const qr = (
          <Link
            key="qr"
            className={`btn ${qrFirst ? 'btn--primary' : 'btn--neutral'}`}
            to={qrSignPath(c.id, s.id)}
            data-testid="contract-sign-qr"
          >
            {t('signWithPhone')}
          </Link>
        );
        const here = (
          <Link
            key="here"
            className={`btn ${qrFirst ? 'btn--neutral' : 'btn--primary'}`}
            to={signPath(c.id, s.id)}
            data-testid="contract-sign-here"
          >
            {t('signHere')}
          </Link>
        );
        return (
          <div key={s.id} data-testid="contract-sign-as" data-role={s.role}>
            <p>{t('signNow', { role: t(`roles.${s.role}`) })}</p>
            <div className="contract-actions">{qrFirst ? [qr, here] : [here, qr]}</div>
          </div>
        );
      })}
    </section>
  );
}
