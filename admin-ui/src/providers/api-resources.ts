import type { RaRecord } from 'ra-core';
import type { TFlatResource } from '@stageplein/contracts/client/jsonapi-document';
import { USERS_QUERY } from '@stageplein/contracts/identity/users';
import { INTERNSHIP_PERIODS_QUERY } from '@stageplein/contracts/organizations/internship-periods';
import { wireFiltersOf } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  MENU_ITEMS_QUERY,
  NEWS_QUERY,
  PAGES_QUERY,
  STOCK_IMAGES_QUERY,
  UPLOADS_QUERY,
} from '@stageplein/contracts/content/content-queries';
import { FORMS_QUERY } from '@stageplein/contracts/forms/forms-api';
import { MENTORSHIPS_FILTERS } from '@stageplein/contracts/organizations/mentorships';
import { COMPLIANCE_DOCUMENTS_QUERY } from '@stageplein/contracts/organizations/compliance';
import { VACANCY_SEARCH_QUERY } from '@stageplein/contracts/placements/vacancy-search-params';
import { ORGANIZATIONS_QUERY } from '@stageplein/contracts/organizations/organizations';
import {
  GROUPS_FILTERS,
  SCHOOL_CATALOGUE_FILTERS,
} from '@stageplein/contracts/organizations/school-resources';
import { changedAttributes, type TResourceConfigs } from './jsonapi-data-provider.ts';

/** Profile fields of an organization (contracts/organizations/organizations.ts `ZProfileAttributes`). */
export const PROFILE_FIELDS = [
  'name',
  'description',
  'website',
  'city',
  'address',
  'postcode',
  'latitude',
  'longitude',
  'phone',
  'email',
  'logoUrl',
  'contactName',
  'contactEmail',
  'contactPhone',
] as const;

/**
 * An organization as the screens read it: the JSON:API `type` is its organization type (spec §3),
 * also kept as `organizationType`; with `include=profile` the profile's fields sit on the record so
 * forms edit them where the API takes them (top-level attributes of the update).
 */
export function organizationRecord(r: TFlatResource): RaRecord {
  const profile =
    r.profile && typeof r.profile === 'object' ? (r.profile as Record<string, unknown>) : undefined;
  const fromProfile: Record<string, unknown> = {};
  if (profile && 'description' in profile)
    for (const f of PROFILE_FIELDS) fromProfile[f] = profile[f] ?? null;
  return { ...fromProfile, ...r, organizationType: r.type };
}

/** A user with the names of their roles here, for lists and filters. */
export function userRecord(r: TFlatResource): RaRecord {
  const roles = Array.isArray(r.roles) ? (r.roles as { name?: unknown }[]) : [];
  const roleNames = roles.map((role) => role.name).filter((n): n is string => typeof n === 'string');
  return { ...r, roleNames: [...new Set(roleNames)].sort() };
}

/** Fields the API derives never travel back in an update (a create's form has no such fields). */
const withoutDerived =
  (...derived: string[]) =>
  (data: Record<string, unknown>, previous: Record<string, unknown> | undefined) => {
    const changed = changedAttributes(data, previous);
    if (previous) for (const key of derived) delete changed[key];
    return changed;
  };

/**
 * A page save (a revision of one language): `locale` always travels; a language new to the page
 * (the form showed the nl fallback) sends its whole text, since the server needs a title for it.
 */
export function pageAttributes(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const changed = withoutDerived(
    'bodyHtml',
    'revisionId',
    'publishedAt',
    'updatedAt',
    'status',
  )(data, previous);
  if (previous?.locale !== undefined && data.locale !== previous.locale)
    for (const key of ['title', 'seoDescription', 'body'])
      if (data[key] !== undefined && data[key] !== '') changed[key] = data[key];
  if (data.status !== undefined && data.status !== previous?.status) changed.status = data.status;
  if (data.locale !== undefined) changed.locale = data.locale;
  return changed;
}

/**
 * Every back-office resource on the API of the identity and organizations services, with what each
 * endpoint accepts (its route's query spec or filter list in contracts): strict query parsing answers 400 to anything else, so
 * client-mode resources send only the filters their route declares.
 */
export const API_RESOURCES: TResourceConfigs = {
  users: {
    path: '/api/v1/users',
    type: 'user',
    include: { list: ['roles', 'organizations'], one: ['roles', 'organizations'] },
    query: 'server',
    scopes: USERS_QUERY.scopes,
    sorts: USERS_QUERY.sorts,
    maxPageSize: USERS_QUERY.maxPageSize,
    // `filter[id_in]` (identity): several users in one call, still only those the caller may list.
    getMany: 'filter',
    updateMethod: 'PATCH',
    // Spec §7: `PATCH /api/v1/users/{id}` with `attributes`.
    updateBody: 'attributes',
    fromResource: userRecord,
    toAttributes: withoutDerived('roleNames'),
  },
  // Students are users with the student role; /students/{id}/… screens edit them.
  students: {
    path: '/api/v1/users',
    type: 'user',
    include: { list: ['roles'], one: ['roles'] },
    query: 'server',
    scopes: USERS_QUERY.scopes,
    sorts: USERS_QUERY.sorts,
    maxPageSize: USERS_QUERY.maxPageSize,
    getMany: 'filter',
    updateMethod: 'PATCH',
    updateBody: 'attributes',
    fromResource: userRecord,
    toAttributes: withoutDerived('roleNames'),
  },
  organizations: {
    path: '/api/v1/organizations',
    type: 'organization',
    // Spec §7: the list with include=vacancies, one organization with include=profile.
    include: { list: ['vacancies'], one: ['profile'] },
    query: 'server',
    scopes: ORGANIZATIONS_QUERY.scopes,
    sorts: ORGANIZATIONS_QUERY.sorts,
    maxPageSize: ORGANIZATIONS_QUERY.maxPageSize,
    getMany: 'filter',
    // Spec §7: `PUT /api/v1/organizations/{id}`.
    updateMethod: 'PUT',
    fromResource: organizationRecord,
    toAttributes: withoutDerived('organizationType', 'vacancies', 'profile', 'signup', 'parent'),
  },
  groups: {
    path: '/api/v1/groups',
    type: 'group',
    query: 'client',
    serverFilters: [...GROUPS_FILTERS],
    getMany: 'list',
    toAttributes: withoutDerived('studentsCount', 'schoolId', 'createdAt', 'updatedAt', 'students'),
  },
  levels: {
    path: '/api/v1/levels',
    type: 'level',
    query: 'client',
    serverFilters: [...SCHOOL_CATALOGUE_FILTERS],
    getMany: 'list',
  },
  tags: {
    path: '/api/v1/tags',
    type: 'tag',
    query: 'client',
    serverFilters: [...SCHOOL_CATALOGUE_FILTERS],
    getMany: 'list',
  },
  school_years: {
    path: '/api/v1/school_years',
    type: 'school_year',
    query: 'client',
    getMany: 'list',
  },
  internship_periods: {
    path: '/api/v1/internship_periods',
    type: 'internship_period',
    query: 'client',
    scopes: INTERNSHIP_PERIODS_QUERY.scopes,
    serverFilters: wireFiltersOf(INTERNSHIP_PERIODS_QUERY),
    getMany: 'list',
    updateMethod: 'PATCH',
  },
  mentorships: {
    path: '/api/v1/mentorships',
    type: 'mentorship',
    query: 'client',
    serverFilters: [...MENTORSHIPS_FILTERS],
    getMany: 'list',
  },
  // Compliance gating (docs/decisions/compliance.md): an organization's documents, and what the
  // tenant's schools and centres require (the id of a requirement is the requiring organization's).
  // The tenant's registration at the education federation: one record (id: the tenant). The whole
  // registration travels on each save (the API needs issuer and client id); the secret only when typed.
  education_sso_federations: {
    path: '/api/v1/education_sso_federations',
    type: 'education_sso_federation',
    query: 'client',
    getMany: 'list',
    updateMethod: 'PUT',
    toAttributes: (data) => ({
      issuer: data.issuer,
      clientId: data.clientId,
      ...(typeof data.clientSecret === 'string' && data.clientSecret !== ''
        ? { clientSecret: data.clientSecret }
        : {}),
    }),
  },
  compliance_documents: {
    path: '/api/v1/compliance_documents',
    type: 'compliance_document',
    query: 'client',
    serverFilters: wireFiltersOf(COMPLIANCE_DOCUMENTS_QUERY),
    getMany: 'list',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived('organizationId', 'createdAt', 'updatedAt'),
  },
  // The tenant's mail templates (notifications): one per kind, its id the kind; a save sends the changed texts.
  notification_templates: {
    path: '/api/v1/notification_templates',
    type: 'notification_template',
    query: 'client',
    getMany: 'list',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived('kind', 'variables', 'customized', 'updatedAt'),
  },
  compliance_requirements: {
    path: '/api/v1/compliance_requirements',
    type: 'compliance_requirement',
    query: 'client',
    getMany: 'list',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived('organizationId'),
  },
  // Content (/api/v1/cms, content editors). Pages: the list and one page as their latest saves
  // (`filter[status_eq]=draft`, `/draft`), in `meta.language`; a save is a PATCH with `locale`.
  pages: {
    path: '/api/v1/cms/pages',
    type: 'page',
    query: 'server',
    sorts: PAGES_QUERY.sorts,
    maxPageSize: PAGES_QUERY.maxPageSize,
    oneSuffix: '/draft',
    getMany: 'each',
    updateMethod: 'PATCH',
    toAttributes: pageAttributes,
  },
  page_revisions: {
    path: '/api/v1/cms/pages',
    pathOf: (meta) => `/api/v1/cms/pages/${encodeURIComponent(String(meta?.pageId))}/revisions`,
    type: 'page_revision',
    query: 'client',
    getMany: 'list',
  },
  news: {
    path: '/api/v1/cms/news',
    type: 'news_article',
    query: 'server',
    maxPageSize: NEWS_QUERY.maxPageSize,
    getMany: 'each',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived('bodyHtml', 'updatedAt'),
  },
  menus: {
    path: '/api/v1/cms/menus',
    type: 'menu',
    query: 'client',
    getMany: 'list',
  },
  menu_items: {
    path: '/api/v1/cms/menu_items',
    type: 'menuItem',
    query: 'client',
    serverFilters: wireFiltersOf(MENU_ITEMS_QUERY),
    getMany: 'list',
    updateMethod: 'PATCH',
  },
  // Uploads (content editors): newest first, 100 a page at most; created with the data provider's
  // `upload` (form data), never changed. Stock images: the tenant's library, an image upload each.
  uploads: {
    path: '/api/v1/cms/uploads',
    type: 'upload',
    query: 'server',
    sorts: UPLOADS_QUERY.sorts,
    maxPageSize: UPLOADS_QUERY.maxPageSize,
    getMany: 'each',
  },
  stock_images: {
    path: '/api/v1/cms/stock_images',
    type: 'stock_image',
    query: 'server',
    sorts: STOCK_IMAGES_QUERY.sorts,
    maxPageSize: STOCK_IMAGES_QUERY.maxPageSize,
    getMany: 'each',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived('uploadId', 'hash', 'url', 'width', 'height', 'createdAt'),
  },
  // Forms (issue #18): listed here, built and read in the portal's builder (/form_builder…).
  forms: {
    path: '/api/v1/cms/forms',
    type: 'form',
    query: 'server',
    sorts: FORMS_QUERY.sorts,
    maxPageSize: FORMS_QUERY.maxPageSize,
    getMany: 'each',
  },
  // A form's published versions with their submission counts (`/content/forms/{id}`).
  form_versions: {
    path: '/api/v1/cms/forms',
    pathOf: (meta) => `/api/v1/cms/forms/${encodeURIComponent(String(meta?.formId))}/versions`,
    type: 'form_version',
    query: 'client',
    getMany: 'list',
  },
  // Vacancies (placements, docs/decisions/placements.md): the search lists them (an organization's own
  // with `filter[organization_id_eq]`, every one for moderators); status changes are calls of their own.
  vacancies: {
    path: '/api/v1/vacancies',
    type: 'vacancy',
    query: 'server',
    scopes: VACANCY_SEARCH_QUERY.scopes,
    sorts: VACANCY_SEARCH_QUERY.sorts,
    maxPageSize: VACANCY_SEARCH_QUERY.maxPageSize,
    getMany: 'each',
    updateMethod: 'PATCH',
    toAttributes: withoutDerived(
      'descriptionHtml',
      'organizationName',
      'organizationId',
      'status',
      'publishedAt',
      'hidden',
      'hiddenReason',
      'imageUrl',
      'createdAt',
      'updatedAt',
    ),
  },
  // Internships (placements, issue #16) for the data viewer, which asks for the seven spec §7 includes
  // in each call's meta. The scopes are INTERNSHIPS_QUERY's (contracts/placements/internships.ts holds
  // zod schemas, kept out of this first load; data-viewer-columns.test.ts checks they agree).
  internships: {
    path: '/api/v1/internships',
    type: 'internship',
    query: 'server',
    scopes: ['group_id', 'search', 'in_scope', 'awaiting'],
    maxPageSize: 100,
    getMany: 'each',
  },
  // Workflows (placements, issue #33), read-only: a school's definitions (the published version and the
  // draft included), one version with its phases, and the internships running a definition
  // (`filter[definition_id]`, required by the API).
  workflow_definitions: {
    path: '/api/v1/workflow_definitions',
    type: 'workflow_definition',
    query: 'client',
    getMany: 'list',
  },
  workflow_versions: {
    path: '/api/v1/workflow_versions',
    type: 'workflow_version',
    query: 'client',
    getMany: 'each',
  },
  phase_runs: {
    path: '/api/v1/phase_runs',
    type: 'phase_run',
    query: 'client',
    scopes: ['definition_id'],
    serverFilters: ['definition_id'],
    getMany: 'list',
  },
  // The embedded profile's dev mailbox (platform operators): the newest 100 mails, read-only.
  mailbox: {
    path: '/api/v1/dev/mailbox',
    type: 'mail',
    query: 'client',
    getMany: 'list',
  },
};
