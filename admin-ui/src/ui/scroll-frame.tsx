import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * A wide table scrolls inside this frame, never the page (the layout is the screen's width, issue #30).
 * A region that scrolls must be reachable by keyboard (axe `scrollable-region-focusable`): it is a
 * named region in the tab order, so arrow keys scroll it.
 */
export function ScrollFrame({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      sx={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      {children}
    </Box>
  );
}
