import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { useOrganizationLabels } from '../../shell/organization-select.tsx';
import { Page, useRouteTitle } from '../page-kit.tsx';

/** `/account/roles`: the user's roles per organization; only those of the current one count (spec §6). */
export function RolesPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { user, currentOrganization } = useSession();
  const labels = useOrganizationLabels();
  const roles = user?.roles ?? [];
  return (
    <Page title={title} lead={t('portal.roles.intro')} testId="roles-page">
      {!user ? (
        <p role="status">{t('shell.loading')}</p>
      ) : roles.length === 0 ? (
        <p>{t('portal.roles.none')}</p>
      ) : (
        <div className="table-wrap" role="region" aria-label={title} tabIndex={0}>
          <table className="table" data-testid="roles-table">
            <thead>
              <tr>
                <th scope="col">{t('portal.roles.role')}</th>
                <th scope="col">{t('portal.roles.organization')}</th>
                <th scope="col">{t('portal.roles.type')}</th>
              </tr>
            </thead>
            <tbody>
              {roles.map((role) => {
                const current = String(role.resourceId) === currentOrganization?.id;
                return (
                  <tr key={`${role.name}-${role.resourceId}`} data-current={current}>
                    <td>{t(`portal.roles.names.${role.name}`, { defaultValue: role.name })}</td>
                    <td>
                      {labels.get(String(role.resourceId)) ?? String(role.resourceId)}
                      {current && <span className="badge badge--inline">{t('portal.roles.current')}</span>}
                    </td>
                    <td>
                      {t(`portal.organizationTypes.${role.resourceType}`, {
                        defaultValue: role.resourceType,
                      })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
