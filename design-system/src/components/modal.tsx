import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icons.tsx';

/**
 * A modal dialog on the native `<dialog>` (showModal: focus trap, Escape, inert page behind it, a
 * top layer; focus returns to the opener when it closes). Title and close label come from the caller.
 */
export function Modal({
  open,
  title,
  closeLabel,
  onClose,
  children,
  testId = 'modal',
  wide = false,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /** Room for wider content (a select whose options name a period and its dates): up to 44rem. */
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Closing through `open` also fires the dialog's close event: only a close the caller did not ask
  // for (Escape, a `method="dialog"` form) is reported, so onClose runs once per close.
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? 'modal modal--wide' : 'modal'}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => {
        if (openRef.current) onClose();
      }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
