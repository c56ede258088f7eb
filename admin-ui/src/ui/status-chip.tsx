import { useRecordContext, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';

type TColor = 'default' | 'success' | 'warning' | 'error' | 'info';

const COLORS: Record<string, TColor> = {
  active: 'success',
  approved: 'success',
  invited: 'info',
  pending: 'warning',
  inactive: 'default',
  denied: 'error',
  archived: 'default',
};

/** A status as a small coloured chip with its translated name (the text, not the colour, carries it). */
export function StatusChip({ source = 'status', prefix }: { source?: string; prefix: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (typeof value !== 'string') return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[value] ?? 'default'}
      label={translate(`${prefix}.${value}`)}
      data-testid={`status-${value}`}
      sx={{ fontWeight: 600, '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}
