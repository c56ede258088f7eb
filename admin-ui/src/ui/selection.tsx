import type { ReactNode } from 'react';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Box, Button, Checkbox, Paper, Typography } from '@mui/material';

/**
 * Row selection for bulk actions with labelled checkboxes. react-admin's DataTable puts the
 * checkbox's aria-label on the wrapper instead of the input (axe: "label", "aria-prohibited-attr"),
 * so the back office renders its own selection column and bulk bar.
 */
export function SelectAllBox() {
  const { data, selectedIds, onSelect } = useListContext();
  const translate = useTranslate();
  const ids = (data ?? []).map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  const some = !all && ids.some((id) => selectedIds.includes(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={some}
      onChange={() => onSelect(all ? [] : ids)}
      slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
    />
  );
}

export function SelectRowBox({ name }: { name: (record: Record<string, unknown>) => string }) {
  const record = useRecordContext();
  const { selectedIds, onToggleItem } = useListContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onToggleItem(record.id)}
      slotProps={{ input: { 'aria-label': `${translate('ra.action.select_row')}: ${name(record)}` } }}
    />
  );
}

/** "N selected" with the bulk buttons, above the table while something is selected. */
export function BulkBar({ children }: { children: ReactNode }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  if (!selectedIds.length) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, py: 1, mb: 1 }}
    >
      <Typography sx={{ fontWeight: 600, mr: 1 }} data-testid="bulk-count">
        {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, flex: 1 }}>{children}</Box>
      <Button onClick={() => onUnselectItems()}>{translate('ra.action.unselect')}</Button>
    </Paper>
  );
}
