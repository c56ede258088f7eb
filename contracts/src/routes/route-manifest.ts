import type { TRoute, TRouteOwner } from './route.types.ts';

/**
 * Every route of spec §2, children flattened into full paths, in React Router syntax. The gateway
 * serves each path with its owner's index.html; a path that matches no row is a 404 page.
 *
 * `public` is exactly what the spec marks public. Note that the spec leaves several sign-in flow
 * pages unmarked (see `AUTH_FLOW_PATHS`), so an auth guard must let signed-out users reach those.
 */

/** Spec §2: redirect target for unauthenticated users on non-public routes. */
export const LOGIN_PATH = '/auth/login-1';
/** Spec §2: sign-out route, also the target when the current-user fetch answers 401. */
export const SIGN_OUT_PATH = '/uitloggen';
/** Spec §8: where the user goes when their organizations cannot be loaded. */
export const NO_ORGANIZATION_PATH = '/auth/no-organization';
export const HOME_PATH = '/';
/** The accessibility statement (toegankelijkheidsverklaring), linked from the footers of both front ends. */
export const ACCESSIBILITY_STATEMENT_PATH = '/toegankelijkheid';
/** Whether a document or hash matches a contract sealed here: the sealed PDF's QR code opens it. */
export const CONTRACT_VERIFICATION_PATH = '/contractcontrole';

type TRouteOptions = Partial<Omit<TRoute, 'path' | 'titleKey'>>;

/** Portal, login required, default layout unless said otherwise. */
function route(path: string, titleKey: string, options: TRouteOptions = {}): TRoute {
  return Object.freeze({ path, owner: 'portal', public: false, layout: 'default', titleKey, ...options });
}
/** Back-office resource screens served by admin-ui. */
function admin(path: string, titleKey: string): TRoute {
  return route(path, titleKey, { owner: 'admin' });
}
const PUBLIC = { public: true } as const;
const PUBLIC_EMPTY = { public: true, layout: 'empty' } as const;

export const ROUTES: readonly TRoute[] = Object.freeze([
  // Entry and authentication
  route('/', 'routes.home', PUBLIC),
  route('/app', 'routes.app', PUBLIC),
  route('/dashboard', 'routes.dashboard'),
  route(SIGN_OUT_PATH, 'routes.signOut'),
  route('/inloggen', 'routes.login.index', { ...PUBLIC, systemPage: { id: 3, slug: 'login' } }),
  route('/inloggen/school', 'routes.login.school'),
  route('/inloggen/leerling', 'routes.login.student'),
  route('/inloggen/stagebieder', 'routes.login.provider', PUBLIC),
  route('/inloggen/kennisnet', 'routes.login.kennisnet.index'),
  route('/inloggen/kennisnet/error', 'routes.login.kennisnet.error'),
  route('/inloggen/kennisnet/success', 'routes.login.kennisnet.success'),
  route('/inloggen/kennisnet/koppelen', 'routes.login.kennisnet.link'),
  route(LOGIN_PATH, 'routes.auth.login'),
  // The spec gives only the number 4; 'password-recovery' is our id text for it.
  route('/auth/recover', 'routes.auth.recover', { systemPage: { id: 4, slug: 'password-recovery' } }),
  route('/auth/reset', 'routes.auth.reset'),
  route('/auth/token', 'routes.auth.token'),
  route(NO_ORGANIZATION_PATH, 'routes.auth.noOrganization', PUBLIC),
  route('/confirm', 'routes.confirm', PUBLIC),

  // CMS and content (/content has no index child in the spec, so it is a page of its own). The
  // back office edits content: /content lists the pages, /content/menu-items is the menu editor,
  // /content/file-upload the uploads and /content/stock-images the stock image library.
  admin('/content', 'routes.content.index'),
  // Not in spec §2: the page and news editors of the back office (issue #15).
  admin('/content/pages/add', 'routes.content.pageAdd'),
  admin('/content/pages/:id', 'routes.content.pageShow'),
  admin('/content/pages/:id/edit', 'routes.content.pageEdit'),
  admin('/content/news', 'routes.content.news'),
  admin('/content/news/add', 'routes.content.newsAdd'),
  admin('/content/news/:id/edit', 'routes.content.newsEdit'),
  // The back office's list of forms (issue #18); the builder itself is the portal's /form_builder*.
  admin('/content/forms', 'routes.content.forms'),
  admin('/content/forms/:id', 'routes.content.formShow'),
  admin('/content/menu-items', 'routes.content.menuItems'),
  admin('/content/file-upload', 'routes.content.fileUpload'),
  admin('/content/stock-images', 'routes.content.stockImages'),
  route('/:slug?', 'routes.cmsPage', { ...PUBLIC, cmsPage: true }),
  route('/nieuws/:slug?', 'routes.news', PUBLIC),
  route('/privacyverklaring', 'routes.privacy', PUBLIC),
  // Not in spec §2: the accessibility statement (issue #13), linked from every footer.
  route(ACCESSIBILITY_STATEMENT_PATH, 'routes.accessibility', PUBLIC),
  // Public although spec §2 leaves it unmarked: a contact form is for visitors (issue #30 item 10).
  route('/contactformulier', 'routes.contactForm', PUBLIC),

  // Development and test pages
  route('/dev', 'routes.dev.index'),
  route('/dev/form', 'routes.dev.form'),
  route('/dev/modal', 'routes.dev.modal'),
  route('/dev/colors', 'routes.dev.colors'),
  route('/dev/components', 'routes.dev.components'),
  route('/test/auth', 'routes.test.auth'),
  route('/test/dupe', 'routes.test.dupe'),
  route('/test/form', 'routes.test.form'),
  route('/test/user', 'routes.test.user'),
  route('/test/colors', 'routes.test.colors'),
  route('/test/sentry', 'routes.test.sentry'),
  route('/test/tiptap', 'routes.test.tiptap'),
  route('/test/toaster', 'routes.test.toaster'),
  route('/test/step-form', 'routes.test.stepForm'),
  route('/test/step-form-2', 'routes.test.stepForm2'),
  route('/test/datepicker', 'routes.test.datepicker'),
  route('/test/dollar-api', 'routes.test.dollarApi'),
  route('/test/user-store', 'routes.test.userStore'),
  route('/test/formbuilder', 'routes.test.formbuilder'),
  route('/test/server-error', 'routes.test.serverError'),
  route('/test/stagedoos_fields', 'routes.test.stagedoosFields'),

  // Users, students, groups
  admin('/users', 'routes.users.index'),
  admin('/users/add', 'routes.users.add'),
  admin('/users/:id', 'routes.users.show'),
  admin('/users/:id/edit', 'routes.users.edit'),
  admin('/users/:id/add_role', 'routes.users.addRole'),
  admin('/students/:id/edit', 'routes.students.edit'),
  admin('/students/:id/assign_group', 'routes.students.assignGroup'),
  admin('/groups', 'routes.groups.index'),
  admin('/groups/add', 'routes.groups.add'),
  admin('/groups/:id', 'routes.groups.show'),
  admin('/groups/:id/edit', 'routes.groups.edit'),
  admin('/levels', 'routes.levels'),
  admin('/tags', 'routes.tags'),
  // Not in spec §2: the back office's read-only school years (the school-year choices of groups and
  // periods come from them).
  admin('/school_years', 'routes.schoolYears'),

  // Analytics and admin
  route('/analytics', 'routes.analytics.index'),
  route('/analytics/index-2', 'routes.analytics.index2'),
  admin('/admin/data-viewer', 'routes.admin.dataViewer'),
  // Not in spec §2: the embedded profile's dev mailbox (issue #12) for the tenant's platform operators.
  admin('/admin/mailbox', 'routes.admin.mailbox'),
  admin('/admin/mailbox/:id', 'routes.admin.mail'),
  // Not in spec §2: the back office's home. "/" is the portal's, so the admin needs a path of its own
  // that survives a reload.
  admin('/beheer', 'routes.admin.home'),

  // Profile, account and settings (/profile-edit's index child is the /profile-edit path itself)
  route('/profile-edit', 'routes.profile.index'),
  route('/profile-edit/email', 'routes.profile.email'),
  route('/profile-edit/settings', 'routes.profile.settings'),
  route('/profile-edit/periodieke-mail', 'routes.profile.periodicMail'),
  route('/account/roles', 'routes.account.roles'),
  route('/account/verwijderen', 'routes.account.delete', PUBLIC),
  route('/instellingen', 'routes.settings.index'),
  route('/instellingen/organisatie', 'routes.settings.organization'),
  route('/notificaties', 'routes.notifications'),
  route('/conversations', 'routes.conversations'),
  route('/recente_acties', 'routes.recentActions'),
  route('/zelfgevonden', 'routes.selfFound'),

  // Vacancies, internships, periods
  route('/vacancies', 'routes.vacancies.index'),
  route('/vacancies/add', 'routes.vacancies.add'),
  route('/vacancies/:id', 'routes.vacancies.show', PUBLIC),
  route('/vacancies/:id/edit', 'routes.vacancies.edit'),
  // Not in spec §2: the back office's vacancies (issue #14 item 4): an organization's admins manage
  // their own, moderators (admins of an approved School or VolunteerCenter) hide and unhide any.
  admin('/admin/vacancies', 'routes.admin.vacancies'),
  admin('/admin/vacancies/:id', 'routes.admin.vacancy'),
  admin('/admin/vacancies/:id/edit', 'routes.admin.vacancyEdit'),
  // Not in spec §2: the back office's read-only view of the school's workflows (issue #33): their
  // definitions, each version's phases and tasks, and the internships running them.
  admin('/admin/workflows', 'routes.admin.workflows'),
  admin('/admin/workflows/:id', 'routes.admin.workflow'),
  admin('/admin/workflow_versions/:id', 'routes.admin.workflowVersion'),
  route('/internships', 'routes.internships.index'),
  route('/internships/assign', 'routes.internships.assign'),
  route('/internships/bulk_messages', 'routes.internships.bulkMessages'),
  route('/internships/:id', 'routes.internships.show'),
  route('/internships/:id/edit', 'routes.internships.edit'),
  admin('/internship_periods', 'routes.internshipPeriods.index'),
  admin('/internship_periods/add', 'routes.internshipPeriods.add'),
  admin('/internship_periods/:id/edit', 'routes.internshipPeriods.edit'),

  // Organizations and mentorships
  admin('/organizations', 'routes.organizations.index'),
  admin('/organizations/add', 'routes.organizations.add'),
  admin('/organizations/approve', 'routes.organizations.approve'),
  route('/organizations/signup', 'routes.organizations.signup', {
    ...PUBLIC,
    systemPage: { id: 2, slug: 'organization-signup' },
  }),
  route('/organizations/signup/success', 'routes.organizations.signupSuccess', PUBLIC),
  admin('/organizations/:id', 'routes.organizations.show'),
  admin('/organizations/:id/edit', 'routes.organizations.edit'),
  admin('/mentorships', 'routes.mentorships.index'),
  // Not in spec §2: compliance gating (issue #14 item 6, docs/decisions/compliance.md). An
  // organization's documents (its admins) and the required kinds with every organization's state
  // (school and centre admins).
  admin('/compliance_documents', 'routes.compliance.documents'),
  admin('/compliance_documents/add', 'routes.compliance.addDocument'),
  admin('/compliance_documents/:id/edit', 'routes.compliance.editDocument'),
  admin('/compliance_requirements', 'routes.compliance.requirements'),
  admin('/compliance_requirements/:id/edit', 'routes.compliance.editRequirements'),
  admin('/mentorships/add', 'routes.mentorships.add'),

  // Contracts and workflows
  route('/contracts', 'routes.contracts.index'),
  route('/contracts/:id', 'routes.contracts.show'),
  route('/contracts/:id/sign/:signerId', 'routes.contracts.sign', PUBLIC_EMPTY),
  route('/contracts/:id/qr-sign/:signerId', 'routes.contracts.qrSign', PUBLIC),
  // Not in spec §2: whether a document or hash matches a contract sealed here (#34 item 5; the certificate's QR).
  route(CONTRACT_VERIFICATION_PATH, 'routes.contractVerification', PUBLIC),
  route('/contract_templates', 'routes.contractTemplates.index'),
  route('/contract_templates/:id/edit', 'routes.contractTemplates.edit'),
  route('/workflows', 'routes.workflows.index'),
  route('/workflows/:id', 'routes.workflows.show'),
  route('/workflows/:id/:phaseId', 'routes.workflows.phase'),
  // The tenant's mail templates (issue #35 item 2): a back-office resource.
  admin('/notification_templates', 'routes.notificationTemplates.index'),
  admin('/notification_templates/:id/edit', 'routes.notificationTemplates.edit'),
  // The tenant's registration at the education federation (issue #36 item 1).
  admin('/education_sso_federations', 'routes.educationSso.index'),
  admin('/education_sso_federations/:id/edit', 'routes.educationSso.edit'),

  // Form builder
  route('/form_builder', 'routes.formBuilder.index'),
  route('/form_builder/new', 'routes.formBuilder.new'),
  route('/form_builder/:id', 'routes.formBuilder.show'),
  route('/form_builder/:id/edit', 'routes.formBuilder.edit'),
  route('/form_builder/:id/preview', 'routes.formBuilder.preview'),
  route('/form_builder/:id/submissions/:submissionId', 'routes.formBuilder.submission'),
  route('/forms/:token?', 'routes.forms', PUBLIC_EMPTY),

  // Assignments, progress, bank, hours
  route('/opdrachten/beheer', 'routes.assignments.manage'),
  route('/opdrachten/beheer/:id', 'routes.assignments.show'),
  route('/opdrachten/praktijkbegeleider', 'routes.assignments.supervisor', PUBLIC_EMPTY),
  route('/stagevoortgang', 'routes.progress.index'),
  route('/stagevoortgang/uitleg', 'routes.progress.explanation'),
  route('/stagevoortgang/:internshipPeriodId', 'routes.progress.period'),
  route('/stagevoortgang/:internshipPeriodId/:internshipId', 'routes.progress.internship'),
  route('/stagebank', 'routes.internshipBank.title', {
    ...PUBLIC,
    descriptionKey: 'routes.internshipBank.description',
    systemPage: { id: 1, slug: 'vacancy-search' },
  }),
  route('/urenbriefje/:id', 'routes.hoursSheet', { layout: 'empty' }),
  // Not in spec §2: the supervisor confirms hours by the mailed link, without an account (issue #17).
  route('/urenbevestiging', 'routes.hoursConfirmation', PUBLIC_EMPTY),
  // Not in spec §2: the supervisor fills their evaluation part by the mailed link (issue #18 item 4).
  route('/evaluatie', 'routes.supervisorEvaluation', PUBLIC_EMPTY),
  // Not in spec §2: the supervisor completes their task of an internship's phase by the mailed link (issue #33).
  route('/fasetaak', 'routes.supervisorPhaseTask', PUBLIC_EMPTY),

  // Imports
  route('/importeren/csv', 'routes.imports.csv'),
  route('/importeren/magister', 'routes.imports.magister'),
  route('/import_groups', 'routes.imports.groups'),
  // Write-back (issue #36 item 4): completed internships' hours and results to the school's system.
  route('/terugschrijven', 'routes.imports.writeBack'),
]);

/**
 * Sign-in flow pages the spec does not mark public although a signed-out user has to reach them
 * (the login redirect target itself, password recovery/reset, token and SSO callbacks, sign-out).
 * Guards should not redirect these to the login page, or signing in would loop.
 */
export const AUTH_FLOW_PATHS: readonly string[] = Object.freeze([
  LOGIN_PATH,
  SIGN_OUT_PATH,
  '/auth/recover',
  '/auth/reset',
  '/auth/token',
  '/inloggen/school',
  '/inloggen/leerling',
  '/inloggen/kennisnet',
  '/inloggen/kennisnet/error',
  '/inloggen/kennisnet/success',
  '/inloggen/kennisnet/koppelen',
]);

/**
 * Addresses people type for a screen that lives elsewhere: the gateway answers them with a redirect
 * to the route (the back office is `/beheer`; `/admin` alone would be read as a CMS page's slug).
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = Object.freeze({ '/admin': '/beheer' });

/**
 * Back-office rows that show a marked placeholder until their feature lands (the admin renders them
 * as such; the portal's dashboard links only to screens that exist, so it leaves them out).
 */
export const ADMIN_PLACEHOLDER_PATHS: readonly string[] = [];

export function routesFor(owner: TRouteOwner): readonly TRoute[] {
  return ROUTES.filter((r) => r.owner === owner);
}

/** The route of a known system page (CMS menu items with linkType `system`), by numeric id or id text. */
export function routeForSystemPage(idOrSlug: number | string): TRoute | undefined {
  return ROUTES.find((r) => r.systemPage && (r.systemPage.id === idOrSlug || r.systemPage.slug === idOrSlug));
}

/** Spec §2 menu behaviour: a system page's path, falling back to "/" for an unknown page. */
export function systemPagePath(idOrSlug: number | string | null | undefined): string {
  return (idOrSlug == null ? undefined : routeForSystemPage(idOrSlug)?.path) ?? HOME_PATH;
}

// ---------------------------------------------------------------------------------------------
// Matcher: a small stand-in for React Router's matching so the gateway and tests need no router.

type TSegment = { kind: 'static'; value: string } | { kind: 'param'; name: string; optional: boolean };

interface TCompiledRoute {
  route: TRoute;
  segments: TSegment[];
}

export interface TRouteMatch {
  route: TRoute;
  params: Record<string, string>;
}

/** Match weights per path segment, compared left to right: a static segment beats a parameter. */
const STATIC = 2;
const DYNAMIC = 1;

function compile(route: TRoute): TCompiledRoute {
  // Not splitPath: the `?` of an optional parameter must not be read as the start of a query.
  const segments = route.path
    .split('/')
    .filter((part) => part !== '')
    .map((part): TSegment => {
      if (!part.startsWith(':')) return { kind: 'static', value: part.toLowerCase() };
      const optional = part.endsWith('?');
      return { kind: 'param', name: part.slice(1, optional ? -1 : undefined), optional };
    });
  return { route, segments };
}

/** Pathname segments without query, hash, leading, trailing or doubled slashes. */
function splitPath(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((part) => part !== '');
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    // Malformed escapes are kept as typed, as React Router does.
    return part;
  }
}

interface TCandidate {
  params: Record<string, string>;
  weights: number[];
  /** Optional parameters left out; fewer is a closer match (`/` prefers `/` over `/:slug?`). */
  skipped: number;
}

/** A pathname's segments, each URI-decoded once per match (not once per route tried) and lower-cased. */
interface TParts {
  decoded: string[];
  lower: string[];
}

function matchSegments(segments: TSegment[], parts: TParts, si = 0, pi = 0): TCandidate | undefined {
  if (si === segments.length) {
    return pi === parts.decoded.length ? { params: {}, weights: [], skipped: 0 } : undefined;
  }
  const segment = segments[si]!;
  const part = parts.decoded[pi];
  if (segment.kind === 'static') {
    if (part === undefined || parts.lower[pi] !== segment.value) return undefined;
    const rest = matchSegments(segments, parts, si + 1, pi + 1);
    return rest && { ...rest, weights: [STATIC, ...rest.weights] };
  }
  if (part !== undefined) {
    const rest = matchSegments(segments, parts, si + 1, pi + 1);
    if (rest) {
      return {
        ...rest,
        params: { [segment.name]: part, ...rest.params },
        weights: [DYNAMIC, ...rest.weights],
      };
    }
  }
  if (segment.optional) {
    const rest = matchSegments(segments, parts, si + 1, pi);
    return rest && { ...rest, skipped: rest.skipped + 1 };
  }
  return undefined;
}

/** Positive when `a` is the better match. Weight lists have equal length (one per path segment). */
function compareCandidates(a: TCandidate, b: TCandidate): number {
  for (let i = 0; i < a.weights.length; i++) {
    const diff = (a.weights[i] ?? 0) - (b.weights[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return b.skipped - a.skipped;
}

const compiledCache = new WeakMap<readonly TRoute[], TCompiledRoute[]>();

function compiledFor(routes: readonly TRoute[]): TCompiledRoute[] {
  let compiled = compiledCache.get(routes);
  if (!compiled) {
    compiled = routes.map(compile);
    compiledCache.set(routes, compiled);
  }
  return compiled;
}

/**
 * The best route for a pathname: static segments win over parameters (`/users/add` over
 * `/users/:id`, `/inloggen` over the CMS catch-all), ties go to the route that needs fewer omitted
 * optional parameters, then to manifest order. Matching is case-insensitive like React Router's
 * default; parameter values are URI-decoded and keep their case.
 */
export function matchRoute(pathname: string, routes: readonly TRoute[] = ROUTES): TRouteMatch | undefined {
  const decoded = splitPath(pathname).map(decode);
  const parts: TParts = { decoded, lower: decoded.map((part) => part.toLowerCase()) };
  let best: { compiled: TCompiledRoute; candidate: TCandidate } | undefined;
  for (const compiled of compiledFor(routes)) {
    const candidate = matchSegments(compiled.segments, parts);
    if (candidate && (!best || compareCandidates(candidate, best.candidate) > 0)) {
      best = { compiled, candidate };
    }
  }
  return best && { route: best.compiled.route, params: best.candidate.params };
}
