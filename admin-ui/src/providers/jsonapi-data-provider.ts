import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'ra-core';
import { toSnakeKeys } from '@stageplein/contracts/client/case-keys';
import {
  readCollectionDocument,
  readResourceDocument,
  type TFlatResource,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { THttpMethod } from '@stageplein/contracts/client/api-client';
import type {
  TMailBounceAttributes,
  TMailBounceDocument,
} from '@stageplein/contracts/notifications/mail-bounces';
import type { TQueryValue } from '@stageplein/contracts/client/query-string';
import type { THttpClient, THttpRequest } from './http-client.ts';
import { matchesFilter, sortRecords, toWireFilters, wireSort, type TWireFilters } from './jsonapi-query.ts';

/** How one react-admin resource maps onto the JSON:API. */
export interface TResourceConfig {
  /** Collection path, e.g. `/api/v1/users`. */
  path: string;
  /** A path from the call's `meta` instead (a page's revisions: `/api/v1/cms/pages/{meta.pageId}/revisions`). */
  pathOf?: (meta: TMeta) => string;
  /** Read one record at `{path}/{id}{oneSuffix}` (a page's draft: `/draft`). */
  oneSuffix?: string;
  /** JSON:API type of new records; updates send the record's own type (organizations: School…). */
  type: string;
  include?: { list?: readonly string[]; one?: readonly string[] };
  /**
   * `server`: filters, `sort` and `page[…]` go to the API, which pages (`meta.total`).
   * `client`: the API answers the whole collection; what it does not filter is done here.
   */
  query: 'server' | 'client';
  /** Named filters sent without a predicate (`with_role`, `search`, `all_years`). */
  scopes?: readonly string[];
  /** Client mode: wire filters the API applies itself (strict APIs answer 400 to any other). */
  serverFilters?: readonly string[];
  /** Server mode: fields the API sorts by (snake_case). */
  sorts?: readonly string[];
  /** Largest `page[size]` the API accepts. */
  maxPageSize?: number;
  /** getMany: `filter[id_in]`, the whole (client-mode) collection, or one getOne per id. */
  getMany: 'filter' | 'list' | 'each';
  updateMethod?: Extract<THttpMethod, 'PUT' | 'PATCH'>;
  /** `document`: `{ data: { type, id, attributes } }`; `attributes`: `{ attributes }` (spec §7 users PATCH). */
  updateBody?: 'document' | 'attributes';
  /** A flattened resource as the screens read it (derived fields). */
  fromResource?: (resource: TFlatResource) => RaRecord;
  /** Changed fields of a form → attributes (camelCase); default: the top-level values that changed. */
  toAttributes?: (
    data: Record<string, unknown>,
    previous: Record<string, unknown> | undefined,
  ) => Record<string, unknown>;
}

export type TResourceConfigs = Readonly<Record<string, TResourceConfig>>;

/** Ids per `filter[id_in]` call of getMany. */
const GET_MANY_CHUNK = 100;

/** Keys of a flattened resource that never travel back as attributes. */
const RESERVED = new Set(['id', 'type', 'relationships', 'links', 'meta']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The attributes to send: for an update only what changed (react-admin submits the whole record,
 * and our APIs refuse unknown or read-only attributes), for a create what was filled in. Resolved
 * relationships (`roles`, `profile`…) are never attributes.
 */
export function changedAttributes(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const relationships = new Set(Object.keys((previous?.relationships ?? data.relationships ?? {}) as object));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (RESERVED.has(key) || relationships.has(key) || value === undefined) continue;
    if (previous) {
      if (!same(value, previous[key])) out[key] = value === '' ? null : value;
    } else if (value !== null && value !== '') {
      out[key] = value;
    }
  }
  return out;
}

export interface TJsonApiDataProviderOptions {
  http: THttpClient;
  resources: TResourceConfigs;
}

/** Extra calls of the back office that are not CRUD (spec §7), on the same data provider. */
export interface TBackOfficeCalls {
  /** `PUT /api/v1/users/{id}/add_role` on the current organization. */
  addRole(userId: Identifier, name: string): Promise<{ data: RaRecord }>;
  /** `DELETE /api/v1/users/{id}/remove_role`. */
  removeRole(userId: Identifier, name: string): Promise<{ data: RaRecord }>;
  /** `GET /api/v1/mail_bounces/{id}`: whether mail to the person's address bounces (null: it does not). */
  mailBounce(userId: Identifier): Promise<TMailBounceAttributes | null>;
  /** `POST /api/v1/users/{id}/resend_confirmation_instructions`; the server's message. */
  resendConfirmation(userId: Identifier): Promise<{ message: string | undefined }>;
  /** `POST /api/v1/sign_in_as_user`: new credentials arrive in the answer's headers. */
  signInAsUser(userId: Identifier): Promise<{ data: RaRecord }>;
  /** `PUT /api/v1/organizations/{id}/approve` with `data{type, id, attributes{status}}`. */
  setOrganizationStatus(
    organization: { id: Identifier; type?: string },
    status: string,
    reason?: string,
  ): Promise<{ data: RaRecord }>;
  /** `POST /api/v1/vacancies/{id}/{action}` (publish, close, archive, hide with a reason, unhide). */
  vacancyAction(id: Identifier, action: string, reason?: string): Promise<{ data: RaRecord }>;
  /** `GET /api/v1/vacancies/{id}/people`: whom the vacancy's managers may choose as its contact person. */
  vacancyPeople(id: Identifier): Promise<{ data: RaRecord[] }>;
  /** `PUT /api/v1/students/{id}/assign_group`; null takes the student out of their group. */
  assignGroup(studentId: Identifier, groupId: Identifier | null): Promise<{ data: RaRecord | null }>;
  /** `POST /api/v1/cms/uploads` as form data, the file in `upload[file]` (spec §7 bracketed keys). */
  upload(file: Blob): Promise<{ data: RaRecord }>;
  /** `POST /api/v1/notification_templates/{kind}/preview`: texts not saved yet, rendered with sample data. */
  previewTemplate(kind: Identifier, texts: Record<string, string>): Promise<{ data: RaRecord }>;
}

export type TAdminDataProvider = DataProvider & TBackOfficeCalls;

/** Paths of the non-CRUD calls (spec §7). */
export const CALL_PATHS = {
  users: '/api/v1/users',
  signInAsUser: '/api/v1/sign_in_as_user',
  organizations: '/api/v1/organizations',
  students: '/api/v1/students',
  uploads: '/api/v1/cms/uploads',
  notificationTemplates: '/api/v1/notification_templates',
  mailBounces: '/api/v1/mail_bounces',
} as const;

type TMeta =
  | {
      include?: readonly string[];
      /** Read in this language (`accept-language`), e.g. a page's English draft. */
      language?: string;
      [key: string]: unknown;
    }
  | undefined;

/** The language header a call's `meta.language` asks for. */
const languageHeaders = (meta: TMeta) => (meta?.language ? { 'accept-language': meta.language } : undefined);

/**
 * react-admin data provider over our JSON:API (DESIGN §7; no maintained package exists). Every
 * document is flattened with `contracts/client/jsonapi-document` (attributes in camelCase,
 * relationships resolved from `included`, links and meta kept); bodies go out in snake_case; the
 * http client raises `HttpError` with the status and the field errors for forms.
 */
export function jsonApiDataProvider({ http, resources }: TJsonApiDataProviderOptions): TAdminDataProvider {
  function config(resource: string): TResourceConfig {
    const found = resources[resource];
    if (!found) throw new Error(`No JSON:API mapping for the resource "${resource}"`);
    return found;
  }

  const toRecord = (c: TResourceConfig, r: TFlatResource): RaRecord =>
    c.fromResource ? c.fromResource(r) : r;
  const itemPath = (c: TResourceConfig, id: Identifier) => `${c.path}/${encodeURIComponent(String(id))}`;
  const includeOf = (meta: TMeta, fallback: readonly string[] | undefined) => {
    const list = meta?.include ?? fallback;
    return list?.length ? list.join(',') : undefined;
  };

  async function readOne(c: TResourceConfig, path: string, request?: THttpRequest): Promise<RaRecord | null> {
    const { body } = await http(path, request);
    if (!body || typeof body !== 'object' || !('data' in body)) return null;
    const doc = readResourceDocument(body as TRawDocument);
    return doc.data ? toRecord(c, doc.data) : null;
  }

  async function send(c: TResourceConfig, path: string, request: THttpRequest): Promise<RaRecord | null> {
    return readOne(c, path, request);
  }

  /** Whole collection of a client-mode resource, with the filters the API applies itself. */
  async function fetchAll(c: TResourceConfig, wire: TWireFilters, meta: TMeta, signal?: AbortSignal) {
    const serverSide = new Set(c.serverFilters ?? []);
    const sent: TWireFilters = {};
    const local: [string, string | string[]][] = [];
    for (const [name, value] of Object.entries(wire)) {
      if (serverSide.has(name)) sent[name] = value;
      else local.push([name, value]);
    }
    const query: Record<string, TQueryValue> = {};
    const include = includeOf(meta, c.include?.list);
    if (include) query.include = include;
    if (Object.keys(sent).length) query.filter = sent;
    const { body } = await http(c.pathOf?.(meta) ?? c.path, {
      query,
      signal,
      headers: languageHeaders(meta),
    });
    const doc = readCollectionDocument(body as TRawDocument);
    const records = doc.data
      .map((r) => toRecord(c, r))
      .filter((r) => local.every(([n, v]) => matchesFilter(r, n, v)));
    return { records, doc };
  }

  async function getList(resource: string, params: Partial<GetListParams> & { signal?: AbortSignal }) {
    const c = config(resource);
    const wire = toWireFilters(params.filter, c.scopes);
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? 25;
    if (c.query === 'client') {
      const { records, doc } = await fetchAll(c, wire, params.meta, params.signal);
      const sorted = sortRecords(records, params.sort?.field, params.sort?.order === 'DESC' ? 'DESC' : 'ASC');
      const start = (page - 1) * perPage;
      return {
        data: sorted.slice(start, start + perPage),
        total: sorted.length,
        meta: { ...doc.meta, links: doc.links },
      };
    }
    const query: Record<string, TQueryValue> = {
      page: { number: page, size: Math.min(perPage, c.maxPageSize ?? perPage) },
    };
    const include = includeOf(params.meta, c.include?.list);
    if (include) query.include = include;
    const sort = wireSort(params.sort, c.sorts ?? []);
    if (sort) query.sort = sort;
    if (Object.keys(wire).length) query.filter = wire;
    const { body } = await http(c.pathOf?.(params.meta) ?? c.path, {
      query,
      signal: params.signal,
      headers: languageHeaders(params.meta),
    });
    const doc = readCollectionDocument(body as TRawDocument);
    const data = doc.data.map((r) => toRecord(c, r));
    const total = typeof doc.meta?.total === 'number' ? doc.meta.total : undefined;
    return {
      data,
      ...(total === undefined
        ? { pageInfo: { hasPreviousPage: page > 1, hasNextPage: !!doc.links?.next } }
        : { total }),
      meta: { ...doc.meta, links: doc.links },
    };
  }

  async function getOne(resource: string, params: GetOneParams & { signal?: AbortSignal }) {
    const c = config(resource);
    const include = includeOf(params.meta, c.include?.one);
    const data = await readOne(c, `${itemPath(c, params.id)}${c.oneSuffix ?? ''}`, {
      query: include ? { include } : undefined,
      signal: params.signal,
      headers: languageHeaders(params.meta),
    });
    if (!data) throw new Error(`${resource} ${params.id} came back empty`);
    return { data };
  }

  async function getMany(resource: string, params: GetManyParams & { signal?: AbortSignal }) {
    const c = config(resource);
    const ids = [...new Set(params.ids.map(String))];
    if (!ids.length) return { data: [] };
    if (c.getMany === 'list') {
      const { records } = await fetchAll(c, {}, params.meta, params.signal);
      return { data: records.filter((r) => ids.includes(String(r.id))) };
    }
    if (c.getMany === 'filter') {
      // At most 100 ids a call: 1000 uuids would make a URL past Node's 16 kB header limit.
      const size = Math.min(c.maxPageSize ?? GET_MANY_CHUNK, GET_MANY_CHUNK);
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
      const pages = await Promise.all(
        chunks.map((chunk) =>
          getList(resource, {
            filter: { idIn: chunk },
            pagination: { page: 1, perPage: chunk.length },
            meta: params.meta,
            signal: params.signal,
          }),
        ),
      );
      return { data: pages.flatMap((p) => p.data) };
    }
    // One call per id; ids this user may not see (403/404) are left out, as for a filtered list.
    const settled = await Promise.allSettled(
      ids.map((id) => getOne(resource, { id, meta: params.meta, signal: params.signal })),
    );
    const data = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.data] : []));
    const failure = settled.find(
      (s): s is PromiseRejectedResult =>
        s.status === 'rejected' && ![403, 404].includes(statusOfReason(s.reason)),
    );
    if (failure) throw failure.reason;
    return { data };
  }

  async function getManyReference(
    resource: string,
    params: GetManyReferenceParams & { signal?: AbortSignal },
  ) {
    return getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  }

  async function create(resource: string, params: CreateParams) {
    const c = config(resource);
    const data = params.data as Record<string, unknown>;
    const attributes = c.toAttributes ? c.toAttributes(data, undefined) : changedAttributes(data, undefined);
    const record = await send(c, c.path, {
      method: 'POST',
      body: { data: { type: c.type, attributes: toSnakeKeys(attributes) } },
    });
    if (!record) throw new Error(`Creating ${resource} answered without the new record`);
    return { data: record };
  }

  async function updateOne(
    c: TResourceConfig,
    id: Identifier,
    data: Record<string, unknown>,
    previous?: Record<string, unknown>,
  ) {
    const attributes = toSnakeKeys<Record<string, unknown>>(
      c.toAttributes ? c.toAttributes(data, previous) : changedAttributes(data, previous),
    );
    const type = typeof previous?.type === 'string' ? previous.type : c.type;
    const body =
      c.updateBody === 'attributes' ? { attributes } : { data: { type, id: String(id), attributes } };
    const record = await send(c, itemPath(c, id), { method: c.updateMethod ?? 'PATCH', body });
    return record ?? { ...previous, ...data, id };
  }

  async function update(resource: string, params: UpdateParams) {
    const c = config(resource);
    const previous = params.previousData as Record<string, unknown> | undefined;
    return { data: await updateOne(c, params.id, params.data as Record<string, unknown>, previous) };
  }

  async function updateMany(resource: string, params: UpdateManyParams) {
    const c = config(resource);
    const updated = await Promise.all(
      params.ids.map((id) => updateOne(c, id, params.data as Record<string, unknown>)),
    );
    return { data: updated.map((r) => r.id) };
  }

  async function deleteOne(resource: string, params: DeleteParams) {
    const c = config(resource);
    await http(itemPath(c, params.id), { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as RaRecord };
  }

  async function deleteMany(resource: string, params: DeleteManyParams) {
    await Promise.all(params.ids.map((id) => deleteOne(resource, { id })));
    return { data: params.ids };
  }

  const users = () => resources.users ?? config('users');

  return {
    async upload(file) {
      const c = resources.uploads ?? config('uploads');
      // `{ upload: { file } }` goes out as `upload[file]` (contracts/client/form-data.ts).
      const data = await send(c, CALL_PATHS.uploads, { method: 'POST', formData: { upload: { file } } });
      if (!data) throw new Error('The upload answered without the stored file');
      return { data };
    },
    getList: getList as DataProvider['getList'],
    getOne: getOne as DataProvider['getOne'],
    getMany: getMany as DataProvider['getMany'],
    getManyReference: getManyReference as DataProvider['getManyReference'],
    create: create as DataProvider['create'],
    update: update as DataProvider['update'],
    updateMany: updateMany as DataProvider['updateMany'],
    delete: deleteOne as DataProvider['delete'],
    deleteMany: deleteMany as DataProvider['deleteMany'],

    async addRole(userId, name) {
      const data = await send(users(), `${CALL_PATHS.users}/${encodeURIComponent(String(userId))}/add_role`, {
        method: 'PUT',
        body: { role: { name } },
      });
      return { data: data! };
    },
    async removeRole(userId, name) {
      const data = await send(
        users(),
        `${CALL_PATHS.users}/${encodeURIComponent(String(userId))}/remove_role`,
        {
          method: 'DELETE',
          body: { role: { name } },
        },
      );
      return { data: data! };
    },
    async mailBounce(userId) {
      const { body } = await http(`${CALL_PATHS.mailBounces}/${encodeURIComponent(String(userId))}`);
      return (body as TMailBounceDocument | undefined)?.data?.attributes ?? null;
    },
    async resendConfirmation(userId) {
      const { body } = await http(
        `${CALL_PATHS.users}/${encodeURIComponent(String(userId))}/resend_confirmation_instructions`,
        { method: 'POST' },
      );
      const message = (body as { meta?: { message?: unknown } } | undefined)?.meta?.message;
      return { message: typeof message === 'string' ? message : undefined };
    },
    async signInAsUser(userId) {
      const data = await send(users(), CALL_PATHS.signInAsUser, {
        method: 'POST',
        body: { data: { type: 'user', attributes: { user_id: String(userId) } } },
      });
      return { data: data! };
    },
    async setOrganizationStatus(organization, status, reason) {
      const c = config('organizations');
      const attributes: Record<string, string> = { status };
      if (reason) attributes.reason = reason;
      const data = await send(c, `${itemPath(c, organization.id)}/approve`, {
        method: 'PUT',
        body: { data: { type: organization.type ?? c.type, id: String(organization.id), attributes } },
      });
      return { data: data! };
    },
    async vacancyAction(id, action, reason) {
      const c = config('vacancies');
      const data = await send(c, `${itemPath(c, id)}/${encodeURIComponent(action)}`, {
        method: 'POST',
        body: reason === undefined ? undefined : { data: { type: c.type, attributes: { reason } } },
      });
      return { data: data! };
    },
    async vacancyPeople(id) {
      const c = config('vacancies');
      const { body } = await http(`${itemPath(c, id)}/people`);
      return { data: readCollectionDocument(body as TRawDocument).data };
    },
    async previewTemplate(kind, texts) {
      const { body } = await http(
        `${CALL_PATHS.notificationTemplates}/${encodeURIComponent(String(kind))}/preview`,
        {
          method: 'POST',
          body: { data: { type: 'notification_template_preview', attributes: toSnakeKeys(texts) } },
        },
      );
      const doc = readResourceDocument(body as TRawDocument);
      if (!doc.data) throw new Error('The preview answered without a rendering');
      return { data: doc.data };
    },
    async assignGroup(studentId, groupId) {
      const { body } = await http(
        `${CALL_PATHS.students}/${encodeURIComponent(String(studentId))}/assign_group`,
        {
          method: 'PUT',
          body: {
            data: {
              type: 'group_membership',
              attributes: { group_id: groupId === null ? null : String(groupId) },
            },
          },
        },
      );
      const doc = readResourceDocument(body as TRawDocument);
      return { data: doc.data };
    },
  };
}

function statusOfReason(reason: unknown): number {
  const status = (reason as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}
