import { useId, useState, type ReactElement } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { TextField, Typography } from '@mui/material';
import { ActionButton } from './action-button.tsx';

/**
 * A button that asks first (react-admin's Confirm dialog), then runs `action`; its success message
 * or the failure's (a 403 reads "Access forbidden") is notified, and the page's data refreshed.
 */
export function ConfirmAction({
  label,
  icon,
  title,
  content,
  messageArgs,
  action,
  success,
  confirmColor = 'primary',
  color = 'primary',
  testId,
  onDone,
  reasonLabel,
  reasonRequired = false,
  refreshAfter = true,
}: {
  label: string;
  icon?: ReactElement;
  title: string;
  content: string;
  messageArgs?: Record<string, unknown>;
  /** Receives the optional reason typed in the dialog (when `reasonLabel` is given). */
  action: (reason?: string) => Promise<unknown>;
  success: string;
  confirmColor?: 'primary' | 'warning';
  color?: 'primary' | 'error' | 'inherit';
  testId?: string;
  onDone?: () => void;
  /** Adds an optional free-text field to the dialog (e.g. the reason a request is denied). */
  reasonLabel?: string;
  /** The reason must be filled in (a hidden vacancy's): an empty one is refused in the dialog. */
  reasonRequired?: boolean;
  /** False when `onDone` leaves the page: refreshing would ask again for a record just deleted. */
  refreshAfter?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [missing, setMissing] = useState(false);
  const run = async () => {
    if (reasonRequired && !reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await action(reason.trim() || undefined);
      notify(success, { type: 'success', messageArgs });
      setOpen(false);
      if (refreshAfter) refresh();
      onDone?.();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ActionButton
        label={translate(label, messageArgs)}
        onClick={() => setOpen(true)}
        color={color}
        testId={testId}
        icon={icon}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={
          reasonLabel ? (
            <>
              <Typography sx={{ mb: 2 }}>{translate(content, messageArgs)}</Typography>
              <TextField
                id={reasonId}
                label={translate(reasonLabel)}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                required={reasonRequired}
                error={missing}
                helperText={missing ? translate('ra.validation.required') : undefined}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            </>
          ) : (
            content
          )
        }
        translateOptions={messageArgs}
        confirmColor={confirmColor}
        onConfirm={() => void run()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
