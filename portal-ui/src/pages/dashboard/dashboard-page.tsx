import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nlDashboard } from '@stageplein/contracts/i18n/nl-dashboard';
import { displayName } from '../../session/current-user.ts';
import { useSession } from '../../session/session-context.ts';
import { Icon } from '@stageplein/design-system/components/icons.tsx';
import { OrganizationSelect, useOrganizationLabels } from '../../shell/organization-select.tsx';
import { useTenant } from '../../tenant/tenant-context.ts';
import { useRouteTitle } from '../page-kit.tsx';
import { usePortalTexts } from '../../i18n/portal-texts.ts';
import { useHasScreen } from '../../app/screens-context.ts';
import { lazyPart } from '../../shell/lazy-part.ts';
import { FormAlert } from '@stageplein/design-system/forms/fields.tsx';
import { currentOrganizationFacts } from '../dev/gallery-gate.tsx';
import { useDesignerGrant } from '../../session/designer-grant.ts';
import {
  dashboardInternshipsOf,
  dashboardRole,
  visibleDashboardTiles,
  waitingQueues,
} from './dashboard-model.ts';

/** What waits for the user (issue #30 item 2): counts and the newest rows, a chunk of its own. */
const DashboardWaiting = lazyPart(() => import('./dashboard-waiting.tsx').then((m) => m.DashboardWaiting));

/** The user's own internships (issue #16): a chunk of their own, under the tiles. */
const DashboardInternships = lazyPart(() =>
  import('../internships/dashboard-internships.tsx').then((m) => m.DashboardInternships),
);

/** The student's allocation rounds (rank a top 3, see the outcome): its own chunk, only for students. */
const StudentChoicesSection = lazy(() =>
  import('../internships-assign/student-choices-section.tsx').then((m) => ({
    default: m.StudentChoicesSection,
  })),
);

/** `/dashboard`: per role, what the user needs first, for the current organization. */
export function DashboardPage() {
  // Its texts come with the page, not in /stagebank's first download (its 170 kB budget).
  usePortalTexts('dashboard', nlDashboard);
  const { t } = useTranslation();
  const tenant = useTenant();
  const session = useSession();
  const { user, permissions, currentOrganization, organizations, userState } = session;
  const labels = useOrganizationLabels();
  const title = useRouteTitle();
  const hasScreen = useHasScreen();
  // A mentor's designer grant (the server's word), for the workflows tile's contracts rule.
  const { granted: designerGrant } = useDesignerGrant();
  if (!user) {
    return (
      <div className="container page" aria-busy={userState === 'pending'}>
        <h1 data-testid="page-title">{title}</h1>
        <p role="status">{t('shell.loading')}</p>
      </div>
    );
  }
  const role = dashboardRole(permissions);
  const facts = currentOrganizationFacts(session);
  const tiles = visibleDashboardTiles(role, tenant.features, hasScreen, {
    permissions,
    current: facts,
    designerGrant,
  });
  const internshipsOf = hasScreen('/internships') ? dashboardInternshipsOf(role) : undefined;
  const queues = waitingQueues(role, permissions, facts, tenant.features);
  return (
    <div className="container page dashboard" data-testid="dashboard" data-role={role}>
      <div className="dashboard__head">
        <div>
          <p className="eyebrow">{title}</p>
          <h1 data-testid="page-title">
            {t('portal.dashboard.greeting', { name: user.firstName ?? displayName(user) })}
          </h1>
          <p className="page__lead" data-testid="dashboard-intro">
            {t(`portal.dashboard.intro.${role}`)}
          </p>
        </div>
        <div className="card dashboard__organization">
          {currentOrganization ? (
            <>
              <p className="badge" data-testid="dashboard-role">
                {t(`portal.dashboard.role.${role}`)}
              </p>
              {organizations.length > 1 ? (
                <OrganizationSelect testId="dashboard-organization-select" />
              ) : (
                <p className="dashboard__org-name" data-testid="dashboard-organization">
                  {labels.get(currentOrganization.id)}
                </p>
              )}
            </>
          ) : (
            <p>{t('portal.dashboard.noOrganization')}</p>
          )}
        </div>
      </div>
      {facts?.status === 'pending' && (
        <FormAlert tone="warning" title={t('portal.dashboard.pending.title')} testId="dashboard-pending">
          {t('portal.dashboard.pending.body')}
        </FormAlert>
      )}
      {queues.length > 0 && currentOrganization && (
        <Suspense fallback={null}>
          <DashboardWaiting queues={queues} organizationId={currentOrganization.id} />
        </Suspense>
      )}
      <h2 className="visually-hidden">{t('portal.dashboard.tilesTitle')}</h2>
      <ul className="tiles" data-testid="dashboard-tiles">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.path} className="tile" data-tile={tile.key}>
              <span className="tile__title">{t(tile.titleKey)}</span>
              <span className="tile__text">{t(`portal.dashboard.tiles.${tile.key}`)}</span>
              <Icon name="arrowRight" className="tile__arrow" />
            </Link>
          </li>
        ))}
      </ul>
      {role === 'student' && (
        <Suspense fallback={null}>
          <StudentChoicesSection />
        </Suspense>
      )}
      {internshipsOf && currentOrganization && (
        <Suspense fallback={null}>
          <DashboardInternships of={internshipsOf} organizationId={currentOrganization.id} />
        </Suspense>
      )}
    </div>
  );
}
