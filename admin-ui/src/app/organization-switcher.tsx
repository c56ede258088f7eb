import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Box, NativeSelect } from '@mui/material';
import { useSession, useSessionSnapshot } from './session-context.ts';

/**
 * Spec §4/§6: the selected organization decides which roles count. A native select (the most
 * usable on phones and with the keyboard); switching drops every cached answer, since each was
 * fetched for the previous organization, and the page is re-keyed by the layout.
 */
export function OrganizationSwitcher({ variant }: { variant: 'appbar' | 'menu' }) {
  const session = useSession();
  const snapshot = useSessionSnapshot();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const id = useId();
  if (snapshot.status !== 'ready' || snapshot.organizations.length === 0) return null;
  const onAppBar = variant === 'appbar';
  return (
    <Box
      data-testid={`organization-switcher-${variant}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        maxWidth: onAppBar ? '18rem' : undefined,
        px: onAppBar ? 0 : 2,
        py: onAppBar ? 0 : 1.5,
      }}
    >
      <Box
        component="label"
        htmlFor={id}
        sx={{
          fontSize: '0.75rem',
          lineHeight: 1.2,
          opacity: onAppBar ? 0.9 : 1,
          color: onAppBar ? 'inherit' : 'text.secondary',
        }}
      >
        {translate('admin.organizationSwitcher.label')}
      </Box>
      <NativeSelect
        id={id}
        value={snapshot.organization?.id ?? ''}
        onChange={(event) => {
          queryClient.clear();
          session.select(event.target.value);
        }}
        inputProps={
          {
            title: translate('admin.organizationSwitcher.help'),
            ...{ 'data-testid': 'organization-select' },
          } as object
        }
        disableUnderline={onAppBar}
        sx={
          onAppBar
            ? {
                color: 'inherit',
                fontWeight: 600,
                '& .MuiNativeSelect-icon': { color: 'inherit' },
                '& option': { color: 'text.primary' },
                '& .MuiNativeSelect-select:focus': { backgroundColor: 'rgba(255,255,255,0.15)' },
              }
            : { fontWeight: 600 }
        }
      >
        {snapshot.organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({translate(`admin.organizationTypes.${o.type}`)})
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
