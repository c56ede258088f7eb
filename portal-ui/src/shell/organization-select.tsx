import { useTranslation } from 'react-i18next';
import { OrganizationPicker } from '@stageplein/design-system/navigation/organization-picker.tsx';
import { organizationLabels } from '@stageplein/design-system/navigation/organization-label.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';
import { useSession } from '../session/session-context.ts';

export function useOrganizationLabels(): Map<string, string> {
  const { t } = useTranslation();
  const { organizations } = useSession();
  return organizationLabels(organizations, (type) =>
    t(`portal.organizationTypes.${type}`, { defaultValue: type || t('portal.organizationTypes.unknown') }),
  );
}

/** Spec §4 current organization: the design system's picker on the portal's session. */
export function OrganizationSelect({ testId = 'organization-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const { organizations, currentOrganization, selectOrganization } = useSession();
  const labels = useOrganizationLabels();
  return (
    <OrganizationPicker
      options={organizations.map((o) => ({ id: o.id, label: labels.get(o.id) ?? o.id }))}
      currentId={currentOrganization?.id}
      label={t('portal.organization.current')}
      testId={testId}
      onSelect={(id) => {
        selectOrganization(id);
        toast.add({
          color: 'info',
          message: t('portal.organization.switched', { organization: labels.get(id) }),
        });
      }}
    />
  );
}
