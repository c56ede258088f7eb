import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  RecordContextProvider,
  useGetResourceLabel,
  useListContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import {
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';

/**
 * A DataTable on wider screens and a list of links on phones (375 px): each row's primary text,
 * secondary text and the spec path it opens. Rows are real links, so the keyboard reaches them.
 */
export function ResponsiveList({
  table,
  primary,
  secondary,
  link,
  trailing,
  listBelow = 'sm',
}: {
  table: ReactNode;
  primary: (record: RaRecord) => ReactNode;
  secondary?: (record: RaRecord) => ReactNode;
  link?: (record: RaRecord) => string | undefined;
  trailing?: (record: RaRecord) => ReactNode;
  /** Below this breakpoint the list is shown (a wide table next to the menu needs `lg`). */
  listBelow?: 'sm' | 'md' | 'lg';
}) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down(listBelow));
  const { data, isPending } = useListContext();
  const translate = useTranslate();
  const resource = useResourceContext();
  const label = useGetResourceLabel();
  if (!small) return <>{table}</>;
  if (isPending || !data) return null;
  if (!data.length) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary" data-testid="no-results">
        {translate('ra.navigation.no_results', {
          name: resource ? label(resource, 2).toLocaleLowerCase() : '',
        })}
      </Typography>
    );
  }
  return (
    <List disablePadding data-testid="small-list">
      {data.map((record) => {
        const to = link?.(record);
        const text = (
          <ListItemText
            primary={primary(record)}
            secondary={secondary?.(record)}
            slotProps={{ secondary: { component: 'div' } }}
          />
        );
        return (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem disablePadding divider secondaryAction={trailing?.(record)}>
              {to ? (
                <ListItemButton component={RouterLink} to={to}>
                  {text}
                </ListItemButton>
              ) : (
                <ListItemText
                  sx={{ px: 2, py: 1 }}
                  primary={primary(record)}
                  secondary={secondary?.(record)}
                />
              )}
            </ListItem>
          </RecordContextProvider>
        );
      })}
    </List>
  );
}
