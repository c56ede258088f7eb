import type { MouseEventHandler, ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'react-admin';
import { Button } from '@mui/material';

/**
 * A labelled action, the same on every screen width. (react-admin's Button turns into a bare icon
 * with a tooltip on phones; a row of unlabelled icons is no way to tell "delete" from "sign in as".)
 * `label` is an i18n key or a text; with `to` it is a link to a spec path.
 */
export function ActionButton({
  label,
  icon,
  onClick,
  to,
  color = 'primary',
  disabled,
  testId,
  variant = 'text',
}: {
  label: string;
  icon?: ReactElement;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  to?: string;
  color?: 'primary' | 'error' | 'inherit';
  disabled?: boolean;
  testId?: string;
  variant?: 'text' | 'contained' | 'outlined';
}) {
  const translate = useTranslate();
  const text = translate(label, { _: label });
  const common = { size: 'small' as const, startIcon: icon, color, disabled, variant, 'data-testid': testId };
  return to ? (
    <Button {...common} component={RouterLink} to={to}>
      {text}
    </Button>
  ) : (
    <Button {...common} onClick={onClick}>
      {text}
    </Button>
  );
}
