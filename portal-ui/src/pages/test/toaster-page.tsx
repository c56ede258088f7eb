import { useTranslation } from 'react-i18next';
import {
  TOAST_POSITIONS,
  type TToastColor,
  type TToastPosition,
} from '@stageplein/design-system/components/toasts/toast-model.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';

const COLORS: TToastColor[] = ['success', 'error', 'warning', 'info', 'neutral'];

/** `/test/toaster`: every toast colour and position (development page, signed in). */
export function ToasterTestPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  return (
    <Page title={title} testId="toaster-test">
      <h2>{t('portal.test.colors')}</h2>
      <div className="actions">
        {COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="btn btn--neutral"
            data-testid={`toast-${color}`}
            onClick={() =>
              toast.add({
                color,
                title: t(`toast.${color === 'neutral' ? 'notification' : color}`),
                message: t('portal.test.message'),
              })
            }
          >
            {color}
          </button>
        ))}
        <button
          type="button"
          className="btn btn--neutral"
          data-testid="toast-sticky"
          onClick={() => toast.add({ color: 'info', message: t('portal.test.sticky'), duration: 0 })}
        >
          {t('portal.test.sticky')}
        </button>
      </div>
      <h2>{t('portal.test.positions')}</h2>
      <div className="actions">
        {TOAST_POSITIONS.map((position: TToastPosition) => (
          <button
            key={position}
            type="button"
            className="btn btn--neutral"
            data-testid={`toast-at-${position}`}
            onClick={() => toast.add({ color: 'info', message: position, position })}
          >
            {position}
          </button>
        ))}
      </div>
    </Page>
  );
}
