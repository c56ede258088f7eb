import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { OrganizationPicker } from '@stageplein/design-system/navigation/organization-picker.tsx';
import { organizationLabels } from '@stageplein/design-system/navigation/organization-label.ts';
import { useSession, useSessionSnapshot } from './session-context.ts';

/**
 * Spec §4/§6: the selected organization decides which roles count. The design system's picker, as in
 * the portal; switching drops every cached answer, since each was fetched for the previous
 * organization, and the page is re-keyed by the layout.
 */
export function OrganizationSwitcher({ variant }: { variant: 'appbar' | 'menu' }) {
  const session = useSession();
  const snapshot = useSessionSnapshot();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  if (snapshot.status !== 'ready' || snapshot.organizations.length === 0) return null;
  const labels = organizationLabels(snapshot.organizations, (type) =>
    translate(`admin.organizationTypes.${type}`),
  );
  return (
    <Box data-testid={`organization-switcher-${variant}`} sx={variant === 'menu' ? { px: 2, py: 1.5 } : {}}>
      <OrganizationPicker
        options={snapshot.organizations.map((o) => ({ id: o.id, label: labels.get(o.id) ?? o.id }))}
        currentId={snapshot.organization?.id}
        label={translate('admin.organizationSwitcher.label')}
        help={translate('admin.organizationSwitcher.help')}
        onSelect={(id) => {
          queryClient.clear();
          session.select(id);
        }}
      />
    </Box>
  );
}
