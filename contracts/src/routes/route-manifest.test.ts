import { describe, expect, it } from 'vitest';
import { hasKey, LANGUAGES, translate } from '../i18n/index.ts';
import {
  AUTH_FLOW_PATHS,
  LOGIN_PATH,
  matchRoute,
  NO_ORGANIZATION_PATH,
  ROUTES,
  routeForSystemPage,
  routesFor,
  SIGN_OUT_PATH,
  systemPagePath,
} from './route-manifest.ts';

type TExpected = {
  public?: true;
  empty?: true;
  admin?: true;
  system?: [number, string];
};

/**
 * Spec §2, written out independently of the manifest: every path in React Router syntax with what
 * the spec (and the admin/portal split of the design) says about it. Unlisted flags mean: login
 * required, default layout, portal.
 */
const SPEC: Record<string, TExpected> = {
  // Entry and authentication
  '/': { public: true },
  '/app': { public: true },
  '/dashboard': {},
  '/uitloggen': {},
  '/inloggen': { public: true, system: [3, 'login'] },
  '/inloggen/school': {},
  '/inloggen/leerling': {},
  '/inloggen/stagebieder': { public: true },
  '/inloggen/kennisnet': {},
  '/inloggen/kennisnet/error': {},
  '/inloggen/kennisnet/success': {},
  // Not in spec §2: confirming the link of a Kennisnet identity to a known account (issue #36).
  '/inloggen/kennisnet/koppelen': {},
  '/auth/login-1': {},
  '/auth/recover': { system: [4, 'password-recovery'] },
  '/auth/reset': {},
  '/auth/token': {},
  '/auth/no-organization': { public: true },
  '/confirm': { public: true },
  // CMS and content
  '/content': { admin: true },
  '/content/pages/add': { admin: true }, // not in spec §2: the back office's page editor (issue #15)
  '/content/pages/:id': { admin: true },
  '/content/pages/:id/edit': { admin: true },
  '/content/news': { admin: true }, // not in spec §2: the back office's news editor (issue #15)
  '/content/news/add': { admin: true },
  '/content/news/:id/edit': { admin: true },
  '/content/forms': { admin: true }, // the back office's list; the builder is the portal's (issue #18)
  '/content/forms/:id': { admin: true }, // one form: versions and submissions, links into the builder
  '/content/menu-items': { admin: true },
  '/content/file-upload': { admin: true },
  '/content/stock-images': { admin: true },
  '/:slug?': { public: true },
  '/nieuws/:slug?': { public: true },
  '/privacyverklaring': { public: true },
  '/toegankelijkheid': { public: true }, // not in spec §2: the accessibility statement (issue #13)
  '/contactformulier': { public: true }, // not public in spec §2: a contact form is for visitors (issue #30)
  // Development and test pages
  '/dev': {},
  '/dev/form': {},
  '/dev/modal': {},
  '/dev/colors': {},
  '/dev/components': {},
  '/test/auth': {},
  '/test/dupe': {},
  '/test/form': {},
  '/test/user': {},
  '/test/colors': {},
  '/test/sentry': {},
  '/test/tiptap': {},
  '/test/toaster': {},
  '/test/step-form': {},
  '/test/step-form-2': {},
  '/test/datepicker': {},
  '/test/dollar-api': {},
  '/test/user-store': {},
  '/test/formbuilder': {},
  '/test/server-error': {},
  '/test/stagedoos_fields': {},
  // Users, students, groups
  '/users': { admin: true },
  '/users/add': { admin: true },
  '/users/:id': { admin: true },
  '/users/:id/edit': { admin: true },
  '/users/:id/add_role': { admin: true },
  '/students/:id/edit': { admin: true },
  '/students/:id/assign_group': { admin: true },
  '/groups': { admin: true },
  '/groups/add': { admin: true },
  '/groups/:id': { admin: true },
  '/groups/:id/edit': { admin: true },
  '/levels': { admin: true },
  '/tags': { admin: true },
  '/school_years': { admin: true }, // not in spec §2: the back office's school years (read)
  // Analytics and admin
  '/analytics': {},
  '/analytics/index-2': {},
  '/admin/data-viewer': { admin: true },
  '/beheer': { admin: true }, // not in spec §2: the back office's home ("/" is the portal's)
  '/admin/mailbox': { admin: true }, // not in spec §2: the embedded profile's dev mailbox (issue #12)
  '/admin/mailbox/:id': { admin: true },
  '/admin/vacancies': { admin: true }, // not in spec §2: the back office's vacancies (issue #14)
  '/admin/vacancies/:id': { admin: true },
  '/admin/vacancies/:id/edit': { admin: true },
  '/admin/workflows': { admin: true }, // not in spec §2: the back office's workflows (issue #33)
  '/admin/workflows/:id': { admin: true },
  '/admin/workflow_versions/:id': { admin: true },
  // Profile, account and settings
  '/profile-edit': {},
  '/profile-edit/email': {},
  '/profile-edit/settings': {},
  '/profile-edit/periodieke-mail': {},
  '/account/roles': {},
  '/account/verwijderen': { public: true },
  '/instellingen': {},
  '/instellingen/organisatie': {},
  '/notificaties': {},
  '/conversations': {},
  '/recente_acties': {},
  '/zelfgevonden': {},
  // Vacancies, internships, periods
  '/vacancies': {},
  '/vacancies/add': {},
  '/vacancies/:id': { public: true },
  '/vacancies/:id/edit': {},
  '/internships': {},
  '/internships/assign': {},
  '/internships/bulk_messages': {},
  '/internships/:id': {},
  '/internships/:id/edit': {},
  '/internship_periods': { admin: true },
  '/internship_periods/add': { admin: true },
  '/internship_periods/:id/edit': { admin: true },
  // Not in spec §2: compliance gating (issue #14 item 6).
  '/compliance_documents': { admin: true },
  '/compliance_documents/add': { admin: true },
  '/compliance_documents/:id/edit': { admin: true },
  '/compliance_requirements': { admin: true },
  '/compliance_requirements/:id/edit': { admin: true },
  // Organizations and mentorships
  '/organizations': { admin: true },
  '/organizations/add': { admin: true },
  '/organizations/approve': { admin: true },
  '/organizations/signup': { public: true, system: [2, 'organization-signup'] },
  '/organizations/signup/success': { public: true },
  '/organizations/:id': { admin: true },
  '/organizations/:id/edit': { admin: true },
  '/mentorships': { admin: true },
  '/mentorships/add': { admin: true },
  // Contracts and workflows
  '/contracts': {},
  '/contracts/:id': {},
  '/contracts/:id/sign/:signerId': { public: true, empty: true },
  '/contracts/:id/qr-sign/:signerId': { public: true },
  '/contractcontrole': { public: true }, // not in spec §2: the sealed contracts' public verification (issue #34)
  '/contract_templates': {},
  '/contract_templates/:id/edit': {},
  '/workflows': {},
  '/workflows/:id': {},
  '/workflows/:id/:phaseId': {},
  '/notification_templates': { admin: true },
  '/notification_templates/:id/edit': { admin: true },
  '/education_sso_federations': { admin: true },
  '/education_sso_federations/:id/edit': { admin: true },
  // Form builder
  '/form_builder': {},
  '/form_builder/new': {},
  '/form_builder/:id': {},
  '/form_builder/:id/edit': {},
  '/form_builder/:id/preview': {},
  '/form_builder/:id/submissions/:submissionId': {},
  '/forms/:token?': { public: true, empty: true },
  // Assignments, progress, bank, hours
  '/opdrachten/beheer': {},
  '/opdrachten/beheer/:id': {},
  '/opdrachten/praktijkbegeleider': { public: true, empty: true },
  '/stagevoortgang': {},
  '/stagevoortgang/uitleg': {},
  '/stagevoortgang/:internshipPeriodId': {},
  '/stagevoortgang/:internshipPeriodId/:internshipId': {},
  '/stagebank': { public: true, system: [1, 'vacancy-search'] },
  '/urenbriefje/:id': { empty: true },
  '/urenbevestiging': { public: true, empty: true }, // not in spec §2: the supervisor's hours confirmation (issue #17)
  '/evaluatie': { public: true, empty: true }, // not in spec §2: the supervisor's evaluation part (issue #18)
  '/fasetaak': { public: true, empty: true }, // not in spec §2: the supervisor's phase task (issue #33)
  // Imports
  '/importeren/csv': {},
  '/importeren/magister': {},
  '/import_groups': {},
  '/terugschrijven': {}, // not in spec §2: the write-back of results (issue #36 item 4)
};

describe('route manifest', () => {
  it('has exactly the routes of spec §2 (plus the marked rows that are not in it), each once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it.each(Object.entries(SPEC))(
    '%s has the public flag, layout, owner and system page of the spec',
    (path, expected) => {
      const route = ROUTES.find((r) => r.path === path);
      expect(route).toBeDefined();
      expect(route!.public).toBe(expected.public === true);
      expect(route!.layout).toBe(expected.empty ? 'empty' : 'default');
      expect(route!.owner).toBe(expected.admin ? 'admin' : 'portal');
      expect(route!.systemPage).toEqual(
        expected.system ? { id: expected.system[0], slug: expected.system[1] } : undefined,
      );
    },
  );

  it('marks only the public catch-all as a CMS page', () => {
    expect(ROUTES.filter((r) => r.cmsPage).map((r) => r.path)).toEqual(['/:slug?']);
  });

  it('gives the internship bank its title and description', () => {
    const bank = ROUTES.find((r) => r.path === '/stagebank')!;
    expect(translate('en', bank.titleKey)).toBe('Internship bank');
    expect(translate('en', bank.descriptionKey!)).toBe('Find an internship that suits you');
    expect(translate('nl', bank.titleKey)).toBe('Stagebank');
    const sign = ROUTES.find((r) => r.path === '/contracts/:id/sign/:signerId')!;
    expect(translate('en', sign.titleKey)).toBe('Sign internship contract');
  });

  it('has title and description keys that resolve in every language', () => {
    for (const route of ROUTES) {
      for (const key of [route.titleKey, route.descriptionKey].filter((k): k is string => k !== undefined)) {
        expect(hasKey(key), `${route.path}: ${key}`).toBe(true);
        for (const lang of LANGUAGES) expect(translate(lang, key)).not.toBe(key);
      }
    }
  });

  it('keeps route titles under routes.*', () => {
    for (const route of ROUTES) expect(route.titleKey.startsWith('routes.')).toBe(true);
  });

  it('splits routes by owner', () => {
    const admin = routesFor('admin');
    const portal = routesFor('portal');
    expect(admin.length + portal.length).toBe(ROUTES.length);
    expect(admin.every((r) => r.owner === 'admin')).toBe(true);
    expect(admin.map((r) => r.path)).toContain('/users/:id/add_role');
    expect(portal.map((r) => r.path)).toContain('/organizations/signup');
    // Back-office screens are never public.
    expect(admin.some((r) => r.public)).toBe(false);
  });

  it('finds system pages by id or id text and falls back to "/"', () => {
    expect(routeForSystemPage(1)?.path).toBe('/stagebank');
    expect(routeForSystemPage('login')?.path).toBe('/inloggen');
    expect(systemPagePath(2)).toBe('/organizations/signup');
    expect(systemPagePath('password-recovery')).toBe('/auth/recover');
    expect(systemPagePath(99)).toBe('/');
    expect(systemPagePath(null)).toBe('/');
  });

  it('names the sign-in flow paths, all of them manifest rows', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const path of [LOGIN_PATH, SIGN_OUT_PATH, NO_ORGANIZATION_PATH, ...AUTH_FLOW_PATHS]) {
      expect(paths.has(path), path).toBe(true);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ROUTES)).toBe(true);
    expect(Object.isFrozen(ROUTES[0])).toBe(true);
  });
});

describe('matchRoute', () => {
  const pathOf = (pathname: string) => matchRoute(pathname)?.route.path;

  it('matches "/" to the home route, not the CMS catch-all', () => {
    expect(matchRoute('/')).toEqual({ route: ROUTES.find((r) => r.path === '/'), params: {} });
    expect(pathOf('')).toBe('/');
  });

  it('prefers static segments over parameters', () => {
    expect(pathOf('/users/add')).toBe('/users/add');
    expect(pathOf('/users/42')).toBe('/users/:id');
    expect(pathOf('/inloggen')).toBe('/inloggen');
    expect(pathOf('/stagebank')).toBe('/stagebank');
    expect(pathOf('/form_builder/new')).toBe('/form_builder/new');
    expect(pathOf('/form_builder/7')).toBe('/form_builder/:id');
    expect(pathOf('/internships/assign')).toBe('/internships/assign');
    expect(pathOf('/stagevoortgang/uitleg')).toBe('/stagevoortgang/uitleg');
    expect(pathOf('/stagevoortgang/3')).toBe('/stagevoortgang/:internshipPeriodId');
    expect(pathOf('/organizations/signup')).toBe('/organizations/signup');
    expect(pathOf('/organizations/signup/success')).toBe('/organizations/signup/success');
    expect(pathOf('/organizations/5/edit')).toBe('/organizations/:id/edit');
  });

  it('sends unknown single segments to the CMS catch-all', () => {
    expect(matchRoute('/over-ons')).toEqual({
      route: ROUTES.find((r) => r.cmsPage),
      params: { slug: 'over-ons' },
    });
  });

  it('handles optional parameters present and absent', () => {
    expect(matchRoute('/nieuws')).toMatchObject({ route: { path: '/nieuws/:slug?' }, params: {} });
    expect(matchRoute('/nieuws/open-dag')).toMatchObject({ params: { slug: 'open-dag' } });
    expect(matchRoute('/forms')).toMatchObject({ route: { path: '/forms/:token?' }, params: {} });
    expect(matchRoute('/forms/abc123')).toMatchObject({ params: { token: 'abc123' } });
  });

  it('extracts several parameters', () => {
    expect(matchRoute('/contracts/12/sign/34')).toMatchObject({
      route: { path: '/contracts/:id/sign/:signerId' },
      params: { id: '12', signerId: '34' },
    });
    expect(matchRoute('/form_builder/1/submissions/2')?.params).toEqual({ id: '1', submissionId: '2' });
    expect(matchRoute('/workflows/8/9')?.params).toEqual({ id: '8', phaseId: '9' });
  });

  it('ignores a trailing slash, query and hash', () => {
    expect(pathOf('/users/add/')).toBe('/users/add');
    expect(pathOf('/stagebank?page=2#top')).toBe('/stagebank');
    expect(matchRoute('/users/3/edit/?tab=roles')?.params).toEqual({ id: '3' });
  });

  it('decodes parameters and tolerates malformed escapes', () => {
    expect(matchRoute('/nieuws/caf%C3%A9%20open')?.params).toEqual({ slug: 'café open' });
    expect(matchRoute('/nieuws/100%')?.params).toEqual({ slug: '100%' });
  });

  it('matches static segments case-insensitively, like React Router', () => {
    expect(pathOf('/Inloggen')).toBe('/inloggen');
    expect(matchRoute('/Users/AbC')?.params).toEqual({ id: 'AbC' });
  });

  it('returns undefined for paths in no row', () => {
    expect(matchRoute('/users/1/edit/extra')).toBeUndefined();
    expect(matchRoute('/a/b/c/d/e/f')).toBeUndefined();
    expect(matchRoute('/dev/unknown')).toBeUndefined();
  });

  it('can match against one owner’s routes', () => {
    expect(matchRoute('/users/add', routesFor('admin'))?.route.path).toBe('/users/add');
    expect(matchRoute('/users/add', routesFor('portal'))).toBeUndefined();
    expect(matchRoute('/stagebank', routesFor('admin'))).toBeUndefined();
  });
});
