import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, useTranslate } from 'react-admin';

/** A react-admin button that is a link to a spec path (keyboard and middle-click work). */
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
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={to} label={translate(label)} variant={variant} data-testid={testId}>
      {icon}
    </Button>
  );
}
