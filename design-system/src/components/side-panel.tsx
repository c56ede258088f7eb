import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

export interface TSidePanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  side?: 'left' | 'right';
  overlay?: boolean;
  children: ReactNode;
  testId?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Spec §3/§4/§9 side panel: closed or open, from the left or the right, w-96 (24rem), with an
 * optional overlay that closes it on click, Enter or Space. A modal dialog: focus moves in and is
 * kept there, Escape closes, focus returns to where it was.
 */
export function SidePanel({
  open,
  onClose,
  title,
  side = 'left',
  overlay = true,
  children,
  testId,
}: TSidePanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    returnTo.current = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const scroll = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = scroll;
      returnTo.current?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onOverlayKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onClose();
    }
  };

  return (
    <div className="side-panel-root" data-testid={testId}>
      {overlay && (
        // Spec: the overlay closes the panel on click, Enter or Space. It is not in the tab order
        // (Escape and the close button do the same), but keyboard events on it are honoured.
        <div
          className="side-panel__overlay"
          data-testid="side-panel-overlay"
          role="presentation"
          tabIndex={-1}
          onClick={onClose}
          onKeyDown={onOverlayKey}
        />
      )}
      <div
        ref={panel}
        className={`side-panel side-panel--${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="side-panel__header">
          <h2 id={titleId} className="side-panel__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('shell.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="side-panel__body">{children}</div>
      </div>
    </div>
  );
}
