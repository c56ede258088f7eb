import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type TIconName } from '../icons.tsx';
import {
  positionParts,
  TOAST_POSITIONS,
  toastLabelKey,
  toastPoliteness,
  type TToast,
  type TToastColor,
} from './toast-model.ts';
import { toastStore, useToasts } from './toasts.ts';

const ICONS: Record<TToastColor, TIconName> = {
  success: 'check',
  error: 'error',
  warning: 'alert',
  info: 'info',
  neutral: 'bell',
};

function ToastItem({ toast }: { toast: TToast }) {
  const { t } = useTranslation();
  const hovered = useRef(false);
  const focused = useRef(false);
  const sync = () => {
    if (hovered.current || focused.current) toastStore.pause(toast.id);
    else toastStore.resume(toast.id);
  };
  const onBlur = (e: FocusEvent) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    focused.current = false;
    sync();
  };
  return (
    <li
      className={`toast toast--${toast.color}`}
      data-testid="toast"
      data-color={toast.color}
      data-paused={toast.runningSince === undefined ? 'true' : 'false'}
      onMouseEnter={() => {
        hovered.current = true;
        sync();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        sync();
      }}
      onFocus={() => {
        focused.current = true;
        sync();
      }}
      onBlur={onBlur}
    >
      <span className="toast__icon">
        <Icon name={(toast.icon as TIconName | undefined) ?? ICONS[toast.color]} />
      </span>
      <div className="toast__body">
        <span className="visually-hidden">{t(toastLabelKey(toast.color))}: </span>
        {toast.title && <p className="toast__title">{toast.title}</p>}
        {toast.message && <p className="toast__message">{toast.message}</p>}
      </div>
      {toast.closable && (
        <button
          type="button"
          className="toast__close"
          aria-label={t('shell.close')}
          onClick={() => toastStore.remove(toast.id)}
        >
          <Icon name="close" size={18} />
        </button>
      )}
      {toast.duration > 0 && (
        <div className="toast__progress" aria-hidden="true">
          <div
            className="toast__progress-bar"
            data-testid="toast-progress"
            data-progress={toast.progress.toFixed(3)}
            style={{ transform: `scaleX(${1 - toast.progress})` }}
          />
        </div>
      )}
    </li>
  );
}

/**
 * Toasts in their six positions (spec §9). Screen readers hear each new toast once, through live
 * regions that always exist: assertively for danger, politely otherwise (spec §8).
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [announcements, setAnnouncements] = useState({ polite: '', assertive: '' });
  const announced = useRef(new Set<string>());

  useEffect(() => {
    for (const toast of toasts) {
      if (announced.current.has(toast.id)) continue;
      announced.current.add(toast.id);
      const text = [`${t(toastLabelKey(toast.color))}:`, toast.title, toast.message]
        .filter(Boolean)
        .join(' ');
      const politeness = toastPoliteness(toast.color);
      setAnnouncements((a) => ({ ...a, [politeness]: text }));
    }
  }, [toasts, t]);

  return (
    <section className="toaster" aria-label={t('portal.toasts.region')}>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => toast.position === position);
        if (!here.length) return null;
        const { vertical, horizontal } = positionParts(position);
        return (
          <ol
            key={position}
            className={`toaster__list toaster__list--${vertical} toaster__list--${horizontal}`}
            data-position={position}
          >
            {here.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </ol>
        );
      })}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="toast-live-polite">
        {announcements.polite}
      </div>
      <div
        className="visually-hidden"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="toast-live-assertive"
      >
        {announcements.assertive}
      </div>
    </section>
  );
}
