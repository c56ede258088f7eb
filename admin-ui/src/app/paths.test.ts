import { describe, expect, it } from 'vitest';
import { matchRoute, routesFor } from '@stageplein/contracts/routes/route-manifest';
import { adminPath, portalPath } from './paths.ts';

const admin = routesFor('admin');
const ownerOf = (path: string) => matchRoute(path)?.route.owner;

describe('adminPath', () => {
  it('builds only paths the route manifest gives to the admin app, at the spec’s paths', () => {
    const built: [string, string][] = [
      [adminPath.home, '/beheer'],
      [adminPath.list('users'), '/users'],
      [adminPath.add('users'), '/users/add'],
      [adminPath.show('users', 'u-1'), '/users/:id'],
      [adminPath.edit('users', 'u-1'), '/users/:id/edit'],
      [adminPath.addRole('u-1'), '/users/:id/add_role'],
      [adminPath.editStudent('u-1'), '/students/:id/edit'],
      [adminPath.assignGroup('u-1'), '/students/:id/assign_group'],
      [adminPath.approve, '/organizations/approve'],
      [adminPath.add('organizations'), '/organizations/add'],
      [adminPath.show('organizations', 'o'), '/organizations/:id'],
      [adminPath.edit('organizations', 'o'), '/organizations/:id/edit'],
      [adminPath.add('groups'), '/groups/add'],
      [adminPath.show('groups', 'g'), '/groups/:id'],
      [adminPath.edit('groups', 'g'), '/groups/:id/edit'],
      [adminPath.list('levels'), '/levels'],
      [adminPath.list('tags'), '/tags'],
      [adminPath.list('school_years'), '/school_years'],
      [adminPath.add('internship_periods'), '/internship_periods/add'],
      [adminPath.edit('internship_periods', 'p'), '/internship_periods/:id/edit'],
      [adminPath.add('mentorships'), '/mentorships/add'],
      [adminPath.content, '/content'],
      [adminPath.contentPageAdd, '/content/pages/add'],
      [adminPath.contentPage('p'), '/content/pages/:id'],
      [adminPath.contentPageEdit('p'), '/content/pages/:id/edit'],
      [adminPath.contentNews, '/content/news'],
      [adminPath.contentNewsAdd, '/content/news/add'],
      [adminPath.contentNewsEdit('n'), '/content/news/:id/edit'],
      [adminPath.contentMenu, '/content/menu-items'],
      [adminPath.contentUploads, '/content/file-upload'],
      [adminPath.contentStockImages, '/content/stock-images'],
      [adminPath.contentForms, '/content/forms'],
      [adminPath.vacancies, '/admin/vacancies'],
      [adminPath.vacancy('v'), '/admin/vacancies/:id'],
      [adminPath.vacancyEdit('v'), '/admin/vacancies/:id/edit'],
      [adminPath.workflows, '/admin/workflows'],
      [adminPath.workflow('w'), '/admin/workflows/:id'],
      [adminPath.workflowVersion('v'), '/admin/workflow_versions/:id'],
    ];
    for (const [path, row] of built) expect(matchRoute(path, admin)?.route.path, path).toBe(row);
  });

  it('encodes ids', () => {
    expect(adminPath.show('users', 'a/b')).toBe('/users/a%2Fb');
  });

  it('links to the portal only for portal paths', () => {
    expect(ownerOf(portalPath.dashboard)).toBe('portal');
    for (const path of [
      portalPath.formBuilder,
      portalPath.formBuilderNew,
      portalPath.form('f'),
      portalPath.formEdit('f'),
      portalPath.workflow('w'),
    ])
      expect(ownerOf(path), path).toBe('portal');
  });
});
