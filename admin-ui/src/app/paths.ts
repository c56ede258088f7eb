import type { Identifier } from 'ra-core';

const segment = (id: Identifier) => encodeURIComponent(String(id));

/**
 * The spec §2 paths of the back-office screens (react-admin's own `/users/create`,
 * `/users/:id/show` are not used: the route manifest decides which paths exist). Every link and
 * redirect of the back office is built here; a test checks each against the manifest's admin rows.
 */
export const adminPath = {
  home: '/beheer',
  list: (resource: string) => `/${resource}`,
  add: (resource: string) => `/${resource}/add`,
  show: (resource: string, id: Identifier) => `/${resource}/${segment(id)}`,
  edit: (resource: string, id: Identifier) => `/${resource}/${segment(id)}/edit`,
  addRole: (userId: Identifier) => `/users/${segment(userId)}/add_role`,
  editStudent: (userId: Identifier) => `/students/${segment(userId)}/edit`,
  assignGroup: (userId: Identifier) => `/students/${segment(userId)}/assign_group`,
  approve: '/organizations/approve',
  mailbox: '/admin/mailbox',
  content: '/content',
  contentPageAdd: '/content/pages/add',
  contentPage: (id: Identifier) => `/content/pages/${segment(id)}`,
  contentPageEdit: (id: Identifier) => `/content/pages/${segment(id)}/edit`,
  contentNews: '/content/news',
  contentNewsAdd: '/content/news/add',
  contentNewsEdit: (id: Identifier) => `/content/news/${segment(id)}/edit`,
  contentMenu: '/content/menu-items',
  contentUploads: '/content/file-upload',
  contentStockImages: '/content/stock-images',
  contentForms: '/content/forms',
  contentForm: (id: Identifier) => `/content/forms/${segment(id)}`,
  mail: (id: Identifier) => `/admin/mailbox/${segment(id)}`,
  // Vacancies: /vacancies… are the portal's (its organization admins' own screens).
  vacancies: '/admin/vacancies',
  vacancy: (id: Identifier) => `/admin/vacancies/${segment(id)}`,
  vacancyEdit: (id: Identifier) => `/admin/vacancies/${segment(id)}/edit`,
  dataViewer: '/admin/data-viewer',
  // Workflows (issue #33), read-only: designed in the portal's /workflows….
  workflows: '/admin/workflows',
  workflow: (id: Identifier) => `/admin/workflows/${segment(id)}`,
  workflowVersion: (id: Identifier) => `/admin/workflow_versions/${segment(id)}`,
} as const;

/** Portal paths the back office links to (full page loads: the gateway serves them with the portal). */
export const portalPath = {
  dashboard: '/dashboard',
  /** The form builder (issue #18): the back office's forms list links into it. */
  formBuilder: '/form_builder',
  formBuilderNew: '/form_builder/new',
  form: (id: Identifier) => `/form_builder/${segment(id)}`,
  formEdit: (id: Identifier) => `/form_builder/${segment(id)}/edit`,
  /** The workflow designer (issue #33): the back office's workflows link into it. */
  workflow: (id: Identifier) => `/workflows/${segment(id)}`,
} as const;
