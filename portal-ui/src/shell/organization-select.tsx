import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context.ts';
import { organizationLabels } from './organization-label.ts';
import { toast } from '@stageplein/design-system/components/toasts/toasts.ts';

export function useOrganizationLabels(): Map<string, string> {
  const { t } = useTranslation();
  const { organizations } = useSession();
  return organizationLabels(organizations, (type) =>
    t(`portal.organizationTypes.${type}`, { defaultValue: type || t('portal.organizationTypes.unknown') }),
  );
}

/** Spec §4 current organization: the selector (only when there is a choice). */
export function OrganizationSelect({ testId = 'organization-select' }: { testId?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { organizations, currentOrganization, selectOrganization } = useSession();
  const labels = useOrganizationLabels();
  if (!currentOrganization) return null;
  if (organizations.length < 2) {
    return (
      <p className="organization-current">
        <span className="organization-current__label">{t('portal.organization.current')}</span>
        <span data-testid="current-organization">{labels.get(currentOrganization.id)}</span>
      </p>
    );
  }
  return (
    <div className="field field--compact">
      <label htmlFor={id}>{t('portal.organization.current')}</label>
      <select
        id={id}
        data-testid={testId}
        value={currentOrganization.id}
        onChange={(e) => {
          selectOrganization(e.target.value);
          toast.add({
            color: 'info',
            message: t('portal.organization.switched', { organization: labels.get(e.target.value) }),
          });
        }}
      >
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {labels.get(o.id)}
          </option>
        ))}
      </select>
    </div>
  );
}
