import type { ReactElement } from 'react';
import { ActionButton } from './action-button.tsx';

/** A labelled link to a spec path (keyboard, middle-click and "open in new tab" work). */
export function LinkButton({
  to,
  label,
  icon,
  variant = 'text',
  testId,
}: {
  to: string;
  label: string;
  icon?: ReactElement;
  variant?: 'text' | 'contained' | 'outlined';
  testId?: string;
}) {
  return <ActionButton to={to} label={label} icon={icon} variant={variant} testId={testId} />;
}
