import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router';
import {
  AdminContext,
  AdminUI,
  CustomRoutes,
  defaultDarkTheme,
  defaultLightTheme,
  Resource,
  type I18nProvider,
  type RaThemeOptions,
  type Store,
} from 'react-admin';
import { deepmerge } from '@mui/utils';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { designTokens } from '@stageplein/design-system/tokens/design-tokens.ts';
import { AdminLayout } from './admin-layout.tsx';
import { Dashboard } from './dashboard.tsx';
import { lazyResource } from './lazy-resource.ts';
import { NotFound } from './not-found.tsx';
import { adminPath } from './paths.ts';
import type { TAdminProviders } from './providers.ts';
import { SessionContext } from './session-context.ts';
import { TenantContext } from './tenant-context.ts';

// One chunk per resource folder (issue #8: bundle split per resource).
const users = lazyResource(
  () => import('../resources/users/index.ts'),
  ['list', 'show', 'create', 'edit', 'addRole'],
);
const students = lazyResource(() => import('../resources/students/index.ts'), ['edit', 'assignGroup']);
const organizations = lazyResource(
  () => import('../resources/organizations/index.ts'),
  ['list', 'show', 'create', 'edit', 'approve'],
);
const groups = lazyResource(() => import('../resources/groups/index.ts'), ['list', 'show', 'create', 'edit']);
const levels = lazyResource(() => import('../resources/levels/index.ts'), ['list']);
const tags = lazyResource(() => import('../resources/tags/index.ts'), ['list']);
const schoolYears = lazyResource(() => import('../resources/school-years/index.ts'), ['list']);
const internshipPeriods = lazyResource(
  () => import('../resources/internship-periods/index.ts'),
  ['list', 'create', 'edit'],
);
const mentorships = lazyResource(() => import('../resources/mentorships/index.ts'), ['list', 'create']);
const complianceDocuments = lazyResource(
  () => import('../resources/compliance-documents/index.ts'),
  ['list', 'create', 'edit'],
);
const complianceRequirements = lazyResource(
  () => import('../resources/compliance-requirements/index.ts'),
  ['list', 'edit'],
);
// The tenant's mail templates (issue #35 item 2).
const notificationTemplates = lazyResource(
  () => import('../resources/notification-templates/index.ts'),
  ['list', 'edit'],
);
// The tenant's registration at the education federation (issue #36 item 1): platform operators.
const educationSsoFederations = lazyResource(
  () => import('../resources/education-sso-federations/index.ts'),
  ['list', 'edit'],
);
const mailbox = lazyResource(() => import('../resources/mailbox/index.ts'), ['list', 'show']);
// Content (issue #15) at the spec's /content paths; the rich-text editor is a chunk of its own.
const contentPages = lazyResource(
  () => import('../resources/content-pages/index.ts'),
  ['list', 'show', 'create', 'edit'],
);
const contentNews = lazyResource(
  () => import('../resources/content-news/index.ts'),
  ['list', 'create', 'edit'],
);
const contentMenus = lazyResource(() => import('../resources/content-menus/index.ts'), ['list']);
const contentMedia = lazyResource(
  () => import('../resources/content-media/index.ts'),
  ['uploads', 'stockImages'],
);
// Forms (issue #18): the list; the builder is the portal's /form_builder….
const contentForms = lazyResource(() => import('../resources/forms/index.ts'), ['list', 'show']);
// Vacancies (issue #14) at /admin/vacancies… (/vacancies… are the portal's).
const vacancies = lazyResource(() => import('../resources/vacancies/index.ts'), ['list', 'show', 'edit']);

// Workflows (issue #33), read-only at /admin/workflows… (/workflows… is the portal's designer).
const workflowDefinitions = lazyResource(
  () => import('../resources/workflow-definitions/index.ts'),
  ['list', 'show'],
);
const workflowVersions = lazyResource(() => import('../resources/workflow-versions/index.ts'), ['show']);

// The data viewer (issue #16): the internships with all spec §7 includes.
const dataViewer = lazyResource(() => import('../resources/data-viewer/index.ts'), ['list']);

/** In-app navigation to "/" (the portal's home) lands on the back office's home instead. */
function HomeRedirect() {
  return <Navigate to={adminPath.home} replace />;
}

/** Spec §4: "about 500 ms after sign-out, the user and roles are cleared"; another tab may sign out. */
function useCredentialWatch(providers: TAdminProviders) {
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && !providers.session.signedIn()) location.reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [providers]);
}

export interface TAdminAppProps {
  tenant: TTenant;
  i18nProvider: I18nProvider;
  store: Store;
  providers: TAdminProviders;
}

/**
 * react-admin at the spec §2 paths: each resource's screens are child routes at the manifest's
 * paths (`/users/add`, `/users/:id`, `/users/:id/edit`, `/users/:id/add_role`, …) rather than
 * react-admin's defaults (`/users/create`, `/users/:id/show`), which the gateway would not serve.
 */
export function AdminApp({ tenant, i18nProvider, store, providers }: TAdminAppProps) {
  useCredentialWatch(providers);
  const loading = i18nProvider.translate('ra.page.loading');
  const layout = {
    // Room for the longest Dutch menu label ("Organisaties goedkeuren").
    sidebar: { width: 264, closedWidth: 50 },
    // react-admin's progress indicators carry no name of their own (axe: aria-progressbar-name).
    components: {
      MuiCircularProgress: { defaultProps: { 'aria-label': loading } },
      MuiLinearProgress: { defaultProps: { 'aria-label': loading } },
      // Forms stay readable on wide screens.
      RaSimpleForm: { styleOverrides: { root: { maxWidth: '48rem' } } },
    },
  };
  // The portal's tokens, light and dark (design-system/tokens/design-tokens.ts).
  const theme: RaThemeOptions = deepmerge(
    deepmerge(defaultLightTheme, designTokens(tenant.theme, 'light').muiThemeOptions),
    layout,
  );
  const darkTheme: RaThemeOptions = deepmerge(
    deepmerge(defaultDarkTheme, designTokens(tenant.theme, 'dark').muiThemeOptions),
    layout,
  );
  return (
    <TenantContext.Provider value={tenant}>
      <SessionContext.Provider value={providers.session}>
        {/* Browser history at the root paths (react-admin would default to a hash router). */}
        <BrowserRouter>
          {/* <Admin> spelled out as its two halves: <Admin> would bring react-admin's default English
              i18n provider (ra-language-english) into the first load although ours replaces it. */}
          <AdminContext
            dataProvider={providers.dataProvider}
            authProvider={providers.authProvider}
            i18nProvider={i18nProvider}
            store={store}
            theme={theme}
            darkTheme={darkTheme}
          >
            <AdminUI
              title={tenant.appName}
              requireAuth
              loginPage={false}
              dashboard={HomeRedirect}
              layout={AdminLayout}
              catchAll={NotFound}
              disableTelemetry
            >
              <Resource
                name="users"
                list={users.list}
                recordRepresentation={fullName}
                hasCreate
                hasEdit
                hasShow
              >
                <Route path="add" element={<users.create />} />
                <Route path=":id" element={<users.show />} />
                <Route path=":id/edit" element={<users.edit />} />
                <Route path=":id/add_role" element={<users.addRole />} />
              </Resource>
              <Resource name="students" recordRepresentation={fullName} hasEdit>
                <Route path=":id/edit" element={<students.edit />} />
                <Route path=":id/assign_group" element={<students.assignGroup />} />
              </Resource>
              <Resource
                name="organizations"
                list={organizations.list}
                recordRepresentation="name"
                hasCreate
                hasEdit
                hasShow
              >
                <Route path="add" element={<organizations.create />} />
                <Route path="approve" element={<organizations.approve />} />
                <Route path=":id" element={<organizations.show />} />
                <Route path=":id/edit" element={<organizations.edit />} />
              </Resource>
              <Resource
                name="groups"
                list={groups.list}
                recordRepresentation="name"
                hasCreate
                hasEdit
                hasShow
              >
                <Route path="add" element={<groups.create />} />
                <Route path=":id" element={<groups.show />} />
                <Route path=":id/edit" element={<groups.edit />} />
              </Resource>
              <Resource name="levels" list={levels.list} recordRepresentation="name" />
              <Resource name="tags" list={tags.list} recordRepresentation="name" />
              <Resource name="school_years" list={schoolYears.list} recordRepresentation="name" />
              <Resource
                name="internship_periods"
                list={internshipPeriods.list}
                recordRepresentation="name"
                hasCreate
                hasEdit
              >
                <Route path="add" element={<internshipPeriods.create />} />
                <Route path=":id/edit" element={<internshipPeriods.edit />} />
              </Resource>
              <Resource name="mentorships" list={mentorships.list} hasCreate>
                <Route path="add" element={<mentorships.create />} />
              </Resource>
              <Resource name="compliance_documents" list={complianceDocuments.list} hasCreate hasEdit>
                <Route path="add" element={<complianceDocuments.create />} />
                <Route path=":id/edit" element={<complianceDocuments.edit />} />
              </Resource>
              <Resource name="compliance_requirements" list={complianceRequirements.list} hasEdit>
                <Route path=":id/edit" element={<complianceRequirements.edit />} />
              </Resource>
              <Resource name="notification_templates" list={notificationTemplates.list} hasEdit>
                <Route path=":id/edit" element={<notificationTemplates.edit />} />
              </Resource>
              <Resource name="education_sso_federations" list={educationSsoFederations.list} hasEdit>
                <Route path=":id/edit" element={<educationSsoFederations.edit />} />
              </Resource>
              {/* Content: data only here, its screens are at /content… below. */}
              <Resource name="pages" recordRepresentation="title" />
              <Resource name="page_revisions" />
              <Resource name="news" recordRepresentation="title" />
              <Resource name="menus" recordRepresentation="slug" />
              <Resource name="menu_items" recordRepresentation="title" />
              <Resource name="uploads" recordRepresentation="name" />
              <Resource name="stock_images" recordRepresentation="title" />
              <Resource name="forms" />
              <Resource name="form_versions" />
              <Resource name="vacancies" recordRepresentation="title" />
              <Resource name="internships" recordRepresentation="title" />
              <Resource name="workflow_definitions" recordRepresentation="name" />
              <Resource name="workflow_versions" />
              <Resource name="phase_runs" />
              <CustomRoutes>
                <Route path={adminPath.home} element={<Dashboard />} />
                <Route path={adminPath.content} element={<contentPages.list />} />
                <Route path={adminPath.contentPageAdd} element={<contentPages.create />} />
                <Route path="/content/pages/:id" element={<contentPages.show />} />
                <Route path="/content/pages/:id/edit" element={<contentPages.edit />} />
                <Route path={adminPath.contentNews} element={<contentNews.list />} />
                <Route path={adminPath.contentNewsAdd} element={<contentNews.create />} />
                <Route path="/content/news/:id/edit" element={<contentNews.edit />} />
                <Route path={adminPath.contentMenu} element={<contentMenus.list />} />
                <Route path={adminPath.contentUploads} element={<contentMedia.uploads />} />
                <Route path={adminPath.contentStockImages} element={<contentMedia.stockImages />} />
                <Route path={adminPath.contentForms} element={<contentForms.list />} />
                <Route path="/content/forms/:id" element={<contentForms.show />} />
                <Route path={adminPath.vacancies} element={<vacancies.list />} />
                <Route path="/admin/vacancies/:id" element={<vacancies.show />} />
                <Route path="/admin/vacancies/:id/edit" element={<vacancies.edit />} />
                <Route path={adminPath.mailbox} element={<mailbox.list />} />
                <Route path={`${adminPath.mailbox}/:id`} element={<mailbox.show />} />
                <Route path={adminPath.dataViewer} element={<dataViewer.list />} />
                <Route path={adminPath.workflows} element={<workflowDefinitions.list />} />
                <Route path="/admin/workflows/:id" element={<workflowDefinitions.show />} />
                <Route path="/admin/workflow_versions/:id" element={<workflowVersions.show />} />
              </CustomRoutes>
            </AdminUI>
          </AdminContext>
        </BrowserRouter>
      </SessionContext.Provider>
    </TenantContext.Provider>
  );
}

function fullName(record: { firstName?: string | null; lastName?: string | null; email?: string }): string {
  return [record.firstName, record.lastName].filter(Boolean).join(' ') || record.email || '';
}
