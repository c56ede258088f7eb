import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction } from 'react-router';
import {
  ADMIN_PLACEHOLDER_PATHS,
  LOGIN_PATH,
  matchRoute,
  ROUTES,
} from '@stageplein/contracts/routes/route-manifest';
import type { TRoute } from '@stageplein/contracts/routes/route.types';
import type { TObservableCredentials } from '../api/credentials-store.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { DefaultLayout, EmptyLayout } from '../shell/layouts.tsx';
import { BootFallback, Root } from '../shell/root.tsx';
import { RouteErrorBoundary } from '../shell/route-error-boundary.tsx';
import { lazyPage } from './chunk-errors.ts';
import { hardNavigate } from '@stageplein/contracts/client/hard-navigation';
import { afterSignInPath, routeAccess } from './route-access.ts';
import { portalRouteObjects, type TLazyPage } from './route-objects.ts';
import { createPrefetchQueue, prefetchablePath } from './route-prefetch.ts';
import { FatalNotFoundError, validateRouteParams } from './route-validation.ts';

type TModule = Record<string, unknown>;

/** A lazily loaded page: its own chunk, a chunk failure surfacing as ChunkLoadError (spec §8). */
function page<M extends TModule>(load: () => Promise<M>, name: keyof M & string): TLazyPage {
  return lazyPage(load, (m) => m[name] as ComponentType);
}

const placeholder = page(() => import('../pages/placeholder-page.tsx'), 'PlaceholderPage');
const login = page(() => import('../pages/auth/login-page.tsx'), 'LoginPage');
const profile = () => import('../pages/account/profile-pages.tsx');
const settings = () => import('../pages/account/settings-pages.tsx');
const kennisnet = () => import('../pages/auth/kennisnet-pages.tsx');

const manageVacancies = () => import('../pages/stagebank/vacancy-manage-pages.tsx');
const internship = () => import('../pages/internships/internship-page.tsx');
const progress = () => import('../pages/progress/progress-pages.tsx');
// Its own chunk with the charting library (Recharts): never in the first download (issue #37).
const analytics = () => import('../pages/analytics/analytics-pages.tsx');
const manageAssignments = () => import('../pages/assignments/assignments-manage-page.tsx');

const publicForms = () => import('../pages/forms/public-form-page.tsx');
const formBuilder = () => import('../pages/form-builder/form-builder-pages.tsx');
const workflows = () => import('../pages/workflows/workflows-pages.tsx');
const contracts = () => import('../pages/contracts/contracts-pages.tsx');
const contractTemplates = () => import('../pages/contracts/contract-templates-pages.tsx');

const dev = () => import('../pages/dev/gallery-pages.tsx');
const tests = () => import('../pages/test/test-pages.tsx');

/** The gallery (spec §2 `/dev*`, `/test/*`): the design system's living style guide and test beds. */
const GALLERY_PAGES: Readonly<Record<string, TLazyPage>> = {
  '/dev': page(dev, 'DevIndexPage'),
  '/dev/colors': page(dev, 'DevColorsPage'),
  '/dev/components': page(dev, 'DevComponentsPage'),
  '/dev/form': page(dev, 'DevFormPage'),
  '/dev/modal': page(dev, 'DevModalPage'),
  '/test/colors': page(dev, 'DevColorsPage'),
  '/test/form': page(dev, 'DevFormPage'),
  '/test/toaster': page(() => import('../pages/test/toaster-page.tsx'), 'ToasterTestPage'),
  '/test/server-error': page(() => import('../pages/test/server-error-page.tsx'), 'ServerErrorTestPage'),
  '/test/datepicker': page(tests, 'DatepickerTestPage'),
  '/test/step-form': page(tests, 'StepFormTestPage'),
  '/test/step-form-2': page(tests, 'StepForm2TestPage'),
  '/test/auth': page(tests, 'SessionTestPage'),
  '/test/user': page(tests, 'SessionTestPage'),
  '/test/user-store': page(tests, 'SessionTestPage'),
  '/test/dollar-api': page(tests, 'DollarApiTestPage'),
  '/test/sentry': page(tests, 'SentryTestPage'),
  '/test/dupe': page(tests, 'DupeTestPage'),
  '/test/tiptap': page(tests, 'TiptapTestPage'),
  '/test/formbuilder': page(
    () => import('../pages/form-builder/form-builder-demo.tsx'),
    'FormBuilderDemoPage',
  ),
  '/test/stagedoos_fields': page(
    () => import('../pages/form-builder/form-builder-demo.tsx'),
    'FieldsDemoPage',
  ),
};

const cms = page(() => import('../pages/cms-page.tsx'), 'CmsPage');

/** The portal's screens by manifest path; every other portal route shows its placeholder. */
const PAGES: Readonly<Record<string, TLazyPage>> = {
  // Lazy like every page: the gateway serves the start page's content in the HTML, so it paints
  // before any script; the first download stays the shell's (spec budget: /stagebank ≤ 170 kB).
  '/': page(() => import('../pages/home-page.tsx'), 'HomePage'),
  '/app': page(() => import('../pages/app-page.tsx'), 'AppPage'),
  '/dashboard': page(() => import('../pages/dashboard/dashboard-page.tsx'), 'DashboardPage'),
  '/uitloggen': page(() => import('../pages/auth/sign-out-page.tsx'), 'SignOutPage'),
  '/inloggen': login,
  [LOGIN_PATH]: login,
  '/inloggen/school': login,
  '/inloggen/leerling': login,
  '/inloggen/stagebieder': login,
  '/inloggen/kennisnet': page(kennisnet, 'KennisnetPage'),
  '/inloggen/kennisnet/error': page(kennisnet, 'KennisnetErrorPage'),
  '/inloggen/kennisnet/success': page(kennisnet, 'KennisnetSuccessPage'),
  '/inloggen/kennisnet/koppelen': page(kennisnet, 'KennisnetLinkPage'),
  '/auth/recover': page(() => import('../pages/auth/recover-page.tsx'), 'RecoverPage'),
  '/auth/reset': page(() => import('../pages/auth/reset-page.tsx'), 'ResetPage'),
  '/auth/token': page(() => import('../pages/auth/token-page.tsx'), 'TokenPage'),
  '/auth/no-organization': page(() => import('../pages/auth/no-organization-page.tsx'), 'NoOrganizationPage'),
  '/confirm': page(() => import('../pages/auth/confirm-page.tsx'), 'ConfirmPage'),
  '/profile-edit': page(profile, 'ProfilePage'),
  '/profile-edit/email': page(profile, 'ProfileEmailPage'),
  '/profile-edit/settings': page(profile, 'ProfileSettingsPage'),
  '/profile-edit/periodieke-mail': page(profile, 'PeriodicMailPage'),
  '/account/roles': page(() => import('../pages/account/roles-page.tsx'), 'RolesPage'),
  '/toegankelijkheid': page(
    () => import('../pages/accessibility-statement-page.tsx'),
    'AccessibilityStatementPage',
  ),
  '/account/verwijderen': page(() => import('../pages/account/delete-account-page.tsx'), 'DeleteAccountPage'),
  '/instellingen': page(settings, 'SettingsPage'),
  '/instellingen/organisatie': page(
    () => import('../pages/organization-settings/organization-settings-page.tsx'),
    'OrganizationSettingsPage',
  ),
  '/organizations/signup': page(
    () => import('../pages/organization-signup/organization-signup-page.tsx'),
    'OrganizationSignupPage',
  ),
  '/organizations/signup/success': page(
    () => import('../pages/organization-signup/organization-signup-success-page.tsx'),
    'OrganizationSignupSuccessPage',
  ),
  '/importeren/csv': page(() => import('../pages/imports/import-csv-page.tsx'), 'ImportCsvPage'),
  '/import_groups': page(() => import('../pages/imports/import-groups-page.tsx'), 'ImportGroupsPage'),
  '/terugschrijven': page(() => import('../pages/write-back/write-back-page.tsx'), 'WriteBackPage'),
  '/importeren/magister': page(
    () => import('../pages/imports/import-magister-page.tsx'),
    'ImportMagisterPage',
  ),
  '/notificaties': page(() => import('../pages/notifications/notifications-page.tsx'), 'NotificationsPage'),
  '/recente_acties': page(
    () => import('../pages/recent-actions/recent-actions-page.tsx'),
    'RecentActionsPage',
  ),
  '/conversations': page(() => import('../pages/conversations/conversations-page.tsx'), 'ConversationsPage'),
  // The internship bank and vacancies (issue #14); the map is a further lazy chunk of the bank.
  '/stagebank': page(() => import('../pages/stagebank/stagebank-page.tsx'), 'StagebankPage'),
  '/zelfgevonden': page(() => import('../pages/self-found/self-found-page.tsx'), 'SelfFoundPage'),
  '/internships/bulk_messages': page(
    () => import('../pages/bulk-messages/bulk-messages-page.tsx'),
    'BulkMessagesPage',
  ),
  '/vacancies/:id': page(() => import('../pages/stagebank/vacancy-page.tsx'), 'VacancyPage'),
  '/vacancies': page(manageVacancies, 'VacanciesPage'),
  '/vacancies/add': page(manageVacancies, 'VacancyAddPage'),
  '/vacancies/:id/edit': page(manageVacancies, 'VacancyEditPage'),
  // Assigning and allocation rounds (issue #16 item 3).
  '/internships/assign': page(
    () => import('../pages/internships-assign/assign-page.tsx'),
    'InternshipsAssignPage',
  ),
  // Hours (issue #17): the printable paper timesheet and the supervisor's confirmation by link.
  '/urenbriefje/:id': page(() => import('../pages/hours/timesheet-page.tsx'), 'TimesheetPage'),
  '/urenbevestiging': page(
    () => import('../pages/hours/hours-confirmation-page.tsx'),
    'HoursConfirmationPage',
  ),
  // Supervisors' assignments (issue #18 item 5): the school's list and detail, the supervisor's page by link.
  '/opdrachten/beheer': page(manageAssignments, 'AssignmentsManagePage'),
  '/opdrachten/beheer/:id': page(manageAssignments, 'AssignmentPage'),
  '/opdrachten/praktijkbegeleider': page(
    () => import('../pages/assignments/supervisor-assignments-page.tsx'),
    'SupervisorAssignmentsPage',
  ),
  // Sealed contracts (issue #34 item 5): the public verification of a PDF or its SHA-256.
  '/contractcontrole': page(
    () => import('../pages/contract-verification/contract-verification-page.tsx'),
    'ContractVerificationPage',
  ),
  // Evaluations (issue #18 item 4): the supervisor's part by the mailed link.
  '/evaluatie': page(
    () => import('../pages/evaluations/supervisor-evaluation-page.tsx'),
    'SupervisorEvaluationPage',
  ),
  // Phases (issue #33): the supervisor's task of an internship's phase by link.
  '/fasetaak': page(() => import('../pages/phase-task-link/phase-task-link-page.tsx'), 'PhaseTaskLinkPage'),
  // Progress (issue #17 item 4): the periods, one period's students, one student's timeline, the rules.
  '/analytics': page(analytics, 'SchoolAnalyticsPage'),
  '/analytics/index-2': page(analytics, 'OrganizationAnalyticsPage'),
  '/stagevoortgang': page(progress, 'ProgressIndexPage'),
  '/stagevoortgang/uitleg': page(progress, 'ProgressExplanationPage'),
  '/stagevoortgang/:internshipPeriodId': page(progress, 'ProgressPeriodPage'),
  '/stagevoortgang/:internshipPeriodId/:internshipId': page(progress, 'ProgressInternshipPage'),
  // Internships (issue #16): the list, one internship, its edit form.
  '/internships': page(() => import('../pages/internships/internships-page.tsx'), 'InternshipsPage'),
  '/internships/:id': page(internship, 'InternshipPage'),
  '/internships/:id/edit': page(
    () => import('../pages/internships/internship-edit-page.tsx'),
    'InternshipEditPage',
  ),
  '/privacyverklaring': cms,
  '/nieuws/:slug?': page(() => import('../pages/content/news-page.tsx'), 'NewsPage'),
  // Forms (issue #18): the public form and the contact form share the renderer's chunk; the builder
  // is its own (dnd-kit, the editor) and never part of a visitor's download.
  '/forms/:token?': page(publicForms, 'PublicFormPage'),
  '/contactformulier': page(publicForms, 'ContactFormPage'),
  '/form_builder': page(formBuilder, 'FormListPage'),
  '/form_builder/new': page(formBuilder, 'FormNewPage'),
  '/form_builder/:id': page(formBuilder, 'FormShowPage'),
  '/form_builder/:id/edit': page(formBuilder, 'FormEditPage'),
  '/form_builder/:id/preview': page(formBuilder, 'FormPreviewPage'),
  '/form_builder/:id/submissions/:submissionId': page(formBuilder, 'FormSubmissionPage'),
  // Workflows (issue #33): the designer of a school's phases, one chunk with dnd-kit like the builder.
  '/workflows': page(workflows, 'WorkflowsPage'),
  '/workflows/:id': page(workflows, 'WorkflowPage'),
  '/workflows/:id/:phaseId': page(workflows, 'WorkflowPhasePage'),
  // Contracts (issue #34): the list and read view, the school's templates (the editor loads Tiptap lazily).
  '/contracts': page(contracts, 'ContractsPage'),
  '/contracts/:id': page(contracts, 'ContractPage'),
  // Signing (issue #34 item 4): the signer's page by link, QR code or session; the desktop's QR code.
  '/contracts/:id/sign/:signerId': page(
    () => import('../pages/contract-signing/contract-sign-page.tsx'),
    'ContractSignPage',
  ),
  '/contracts/:id/qr-sign/:signerId': page(
    () => import('../pages/contract-signing/contract-qr-sign-page.tsx'),
    'ContractQrSignPage',
  ),
  '/contract_templates': page(contractTemplates, 'ContractTemplatesPage'),
  '/contract_templates/:id/edit': page(contractTemplates, 'ContractTemplateEditPage'),
  ...GALLERY_PAGES,
};

const isGalleryPath = (path: string) =>
  path === '/dev' || path.startsWith('/dev/') || path.startsWith('/test/');

/** A gallery page behind its gate (staging flag or platform operator, else 404), loaded with it. */
function gated(load: TLazyPage): TLazyPage {
  return () =>
    Promise.all([load(), import('../pages/dev/gallery-gate.tsx')]).then(
      ([{ Component }, { GalleryGate }]) => ({
        Component: () => (
          <GalleryGate>
            <Component />
          </GalleryGate>
        ),
      }),
    );
}

export function pageFor(route: TRoute): TLazyPage {
  if (route.cmsPage) return cms;
  const load = PAGES[route.path] ?? placeholder;
  return isGalleryPath(route.path) ? gated(load) : load;
}

/**
 * Whether a path opens a real screen, not a title-only placeholder: a portal page of PAGES or a CMS
 * page, or a back-office row other than its marked placeholders. Links that must never open a blank
 * page (the dashboard's tiles) ask this.
 */
export function hasScreen(path: string): boolean {
  const route = matchRoute(path)?.route;
  if (!route) return false;
  if (route.owner === 'admin') return !ADMIN_PLACEHOLDER_PATHS.includes(route.path);
  return route.owner === 'portal' && (!!route.cmsPage || route.path in PAGES);
}

/** Sign-in pages a signed-in user skips (they go where they were headed, or the dashboard). */
const SIGNED_OUT_ONLY: ReadonlySet<string> = new Set([
  '/inloggen',
  LOGIN_PATH,
  '/inloggen/school',
  '/inloggen/leerling',
  '/inloggen/stagebieder',
]);

function loaderFactory(credentials: TObservableCredentials) {
  return (route: TRoute): LoaderFunction =>
    ({ request, params }) => {
      const url = new URL(request.url);
      // Spec §2: the validate step; a failure is a fatal "Page Not Found" plus the path.
      if (!validateRouteParams(params)) throw new FatalNotFoundError(url.pathname);
      const signedIn = credentials.getSnapshot() !== '';
      const access = routeAccess(route, { signedIn, returnTo: url.pathname + url.search });
      if (access.kind === 'redirect') throw redirect(access.to);
      if (signedIn && SIGNED_OUT_ONLY.has(route.path))
        throw redirect(afterSignInPath(url.search, url.origin));
      return null;
    };
}

const otherAppLoader: LoaderFunction = ({ request }) => {
  const url = new URL(request.url);
  // Keep the old page on screen while the browser loads the other app.
  if (hardNavigate(url.pathname + url.search)) return new Promise<never>(() => {});
  return null;
};

/**
 * Fetches the code of the page a link points to when the user shows intent (pointer over it, or
 * keyboard focus), 4 at a time (spec §9); the click then has nothing left to download.
 */
export function installIntentPrefetch(doc: Document = document): () => void {
  const queue = createPrefetchQueue();
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor) return;
    const path = prefetchablePath(anchor, location.origin);
    const route = path ? matchRoute(path)?.route : undefined;
    if (!route || route.owner !== 'portal') return;
    queue.add(route.path, pageFor(route));
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  return () => {
    doc.removeEventListener('pointerover', onIntent);
    doc.removeEventListener('focusin', onIntent);
  };
}

export function createPortalRouter(credentials: TObservableCredentials) {
  return createBrowserRouter(
    portalRouteObjects(ROUTES, {
      Root,
      HydrateFallback: BootFallback,
      ErrorBoundary: RouteErrorBoundary,
      layouts: { default: DefaultLayout, empty: EmptyLayout },
      NotFound: NotFoundPage,
      pageFor,
      loaderFor: loaderFactory(credentials),
      otherAppLoader,
    }),
  );
}
