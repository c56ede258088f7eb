import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { DEMO_PASSWORD } from '@stageplein/identity';
import { SERVICES } from '@stageplein/stack/services';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * The cross-tenant matrix (issue #12), table-driven from the served OpenAPI document so a new route is
 * covered the day it is added. Tenant A = demo, tenant B = raayland; both callers are platform
 * operators of their tenant (the widest permissions). For every operation:
 *
 * 1. A's admin on A's host with B's ids (path and body): never a 2xx that shows B's data, and none of
 *    B's rows changes.
 * 2. A's token on B's host: gets no more than an anonymous caller there (a 2xx only where anonymous
 *    callers get one too, e.g. sign-in options).
 *
 * B's ids come from the database (every tenant table with an `id`), the path's resource from the
 * segment before `{id}` (RESOURCE_TABLES maps the few whose table has another name).
 */
const A = 'demo';
const B = 'raayland';
const SKIP_IN_DIRECTION_1 = new Set(['DELETE /auth/sign_out']); // would end the caller's own session
const RESOURCE_TABLES: Record<string, string> = {
  students: 'users',
  mailbox: 'dev_mails',
  news: 'news_articles',
  // A form's submissions (`/cms/forms/{id}/submissions/{submissionId}`).
  submissions: 'form_submissions',
  // A submitted file of a form (`/cms/forms/{id}/files/{fileId}`; content's `/cms/files/{hash}` is by hash).
  files: 'form_files',
  // A requirement's id is its School's or VolunteerCenter's (docs/decisions/compliance.md).
  compliance_requirements: 'organizations',
  // An allocation proposal's line is a student's (`/allocation_rounds/{id}/proposal/{student_id}`).
  proposal: 'users',
  // Hours are an internship's (`/hours/{internshipId}/entries/{entryId}`), a period default a period's.
  hours: 'internships',
  entries: 'hours_entries',
  periods: 'internship_periods',
  // An assignment's task (`/assignments/{id}/tasks/{taskId}/remind`, the supervisor's `/supervisor/tasks/{taskId}`).
  tasks: 'assignment_tasks',
  // Evaluations: a template by its id; an internship's evaluation is the internship's
  // (`/internships/{internshipId}/evaluation`). B's seeds make a template and an opened evaluation.
  evaluation_templates: 'evaluation_templates',
  // A workflow designer is a user (`/workflow_designers/{userId}`).
  workflow_designers: 'users',
  // The phases' runtime: a task of an internship's phase; a phase (`/internships/{id}/phases/{phaseId}/complete`).
  phase_tasks: 'internship_phase_tasks',
  phases: 'internship_phases',
  // A conversation's attachment (`/conversations/{id}/attachments/{attachmentId}`).
  attachments: 'message_attachments',
  // A person's bounce warning (`/mail_bounces/{user_id}`).
  mail_bounces: 'users',
  // A School's sign-in with Kennisnet is the School's (`/education_sso_schools/{id}`).
  education_sso_schools: 'organizations',
};
const TEMPLATE_KIND = 'invitation';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

type TSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minLength?: number;
  minimum?: number;
  nullable?: boolean;
};
type TOperation = {
  method: string;
  path: string;
  id: string;
  body?: TSchema;
};

let product: TTestProduct;
let app: FastifyInstance;
let owner: Kysely<unknown>;
let doc: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: TSchema }> } }>>;
  components?: { schemas?: Record<string, TSchema> };
};
const adminRows = new Map<
  string,
  { id: string; email: string; encrypted_password: string; status: string }
>();
/** B's ids per table (`schema.table` and bare `table`), and all of them. */
const idsOfB = new Map<string, string[]>();
let allIdsOfB = new Set<string>();
/** A file only B has (content's `/cms/files/{hash}`: seeded stock images are in both tenants). */
const HASH_OF_B = createHash('sha256').update(`only-${B}`).digest('hex');

/**
 * Signs in the tenant's admin afresh for each operation: an operation before may have changed the
 * admin's own account (a new password, e-mail or a lock from the sampled body), which is put back first.
 */
async function signIn(tenant: string): Promise<Record<string, string>> {
  const saved = adminRows.get(tenant);
  if (saved) {
    await sql`update identity.users set email = ${saved.email}, encrypted_password = ${saved.encrypted_password},
      status = ${saved.status}, failed_attempts = 0, locked_at = null where id = ${saved.id}`.execute(owner);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { host: `${tenant}.localhost` },
    payload: { email: `admin@${tenant}.test`, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': seedOrganizationId(tenant, 'volunteer-center'),
  };
}

let snapshotTables: { schema: string; table: string }[] | undefined;

/** Every tenant table of every service schema that has `tenant_id`. */
async function tenantTables(): Promise<{ schema: string; table: string; hasId: boolean }[]> {
  const { rows } = await sql<{ schema: string; table: string; has_id: boolean }>`
    select c.table_schema as schema, c.table_name as table,
      bool_or(i.column_name = 'id') as has_id
    from information_schema.columns c
    join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
    group by 1, 2 order by 1, 2`.execute(owner);
  return rows.map((r) => ({ schema: r.schema, table: r.table, hasId: r.has_id }));
}

/** A fingerprint of every row of tenant B, per table: one statement, as it runs after every operation. */
async function snapshotOfB(): Promise<Record<string, string>> {
  // An event of B counts in the outbox's log (never updated), not in the delivery queue, the relay's
  // bookkeeping, which empties whenever the relay catches up with B's own earlier events.
  snapshotTables ??= (await tenantTables()).filter((t) => t.table !== 'outbox_pending');
  const perTable = snapshotTables.map(
    ({ schema, table }) => sql`select ${`${schema}.${table}`} as k,
      md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
      from ${sql.table(`${schema}.${table}`)} t where t.tenant_id = ${B}`,
  );
  const { rows } = await sql<{ k: string; h: string }>`${sql.join(perTable, sql` union all `)}`.execute(
    owner,
  );
  return Object.fromEntries(rows.map((r) => [r.k, r.h]));
}

function resolve(schema: TSchema): TSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return resolve(doc.components!.schemas![name]!);
}

/** B's id for a name such as `organizations`, `organization_id`, `school_id`, `student_ids`. */
function idOfB(name: string, fallback: string): string {
  const base = name.replace(/_ids?$/, '');
  const candidates = [RESOURCE_TABLES[base] ?? base, `${base}s`, `${base}es`];
  if (['school', 'center', 'provider', 'nonprofit'].includes(base)) candidates.push('organizations');
  if (['student', 'mentor', 'user', 'admin'].includes(base)) candidates.push('users');
  for (const c of candidates) if (idsOfB.get(c)?.length) return idsOfB.get(c)![0]!;
  return fallback;
}

/** A plausible body with B's ids wherever the schema asks for an id (required fields, ids, relationships). */
function sample(schema: TSchema, name: string, pathId: string): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options) return sample(options.find((o) => resolve(o).type !== 'null') ?? options[0]!, name, pathId);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((p) => sample(p, name, pathId)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const obj: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      if (s.required?.includes(key) || /(^|_)ids?$/.test(key) || key === 'relationships' || key === 'data') {
        obj[key] = sample(prop, key, pathId);
      }
    }
    return obj;
  }
  if (type === 'array') return s.items ? [sample(s.items, name, pathId)] : [];
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (s.format === 'uuid' || /(^|_)ids?$/.test(name)) return name === 'id' ? pathId : idOfB(name, pathId);
  if (s.format === 'email' || name.includes('email')) return `student@${B}.test`;
  if (s.format === 'date') return '2027-01-15';
  if (s.format === 'date-time') return '2027-01-15T10:00:00Z';
  if (name === 'password' || name.endsWith('_password') || name === 'password_confirmation')
    return 'Stageplein-1234';
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

function operations(): TOperation[] {
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      id: `${method.toUpperCase()} ${path}`,
      body: op.requestBody?.content['application/vnd.api+json']?.schema,
    })),
  );
  return ops;
}

/** The path with B's id of the resource each `{param}` names (the segment before it). */
function pathOfB(path: string): string {
  return path.replace(/\/([^/{]+)\/\{(\w+)\}/g, (_m, segment: string, param: string) => {
    // A language, not a row (the CMS messages file of `/cms/messages/{lang}`).
    if (param === 'lang') return `/${segment}/nl`;
    // Content's files by hash and icon sets by name are not rows with an id.
    if (param === 'hash') return `/${segment}/${HASH_OF_B}`;
    if (param === 'file') return `/${segment}/lucide.json`;
    // A form's published version is a number, not a row with an id.
    if (param === 'version') return `/${segment}/1`;
    // A delivery preference is the caller's own, named by its category (no tenant's row).
    if (param === 'category') return `/${segment}/applications`;
    // A tenant's federation registration is named by the tenant (B seeds one).
    if (segment === 'education_sso_federations') return `/${segment}/${B}`;
    const table = RESOURCE_TABLES[segment] ?? segment;
    const id = idsOfB.get(table)?.[0];
    if (!id) throw new Error(`no row of tenant ${B} for {id} of /${segment}: map it in RESOURCE_TABLES`);
    return `/${segment}/${id}`;
  });
}

async function call(
  op: TOperation,
  host: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const url = pathOfB(op.path);
  const pathId = /[0-9a-f-]{36}/.exec(url)?.[0] ?? idOfB('organizations', '');
  const payload = op.body ? JSON.stringify(sample(op.body, 'body', pathId)) : undefined;
  return app.inject({
    method: op.method as 'GET',
    url,
    headers: {
      host: `${host}.localhost`,
      ...headers,
      ...(payload ? { 'content-type': 'application/vnd.api+json' } : {}),
    },
    payload,
  });
}

/** Resources the seeds do not make: an upload, a form's file, an import, an allocation round, hours (the seeds make B's mentorship). */
async function seedMoreOfB(): Promise<void> {
  const user = async (local: string) =>
    (
      await sql<{
        id: string;
      }>`select id from identity.users where tenant_id = ${B} and email = ${`${local}@${B}.test`}`.execute(
        owner,
      )
    ).rows[0]!.id;
  const admin = await user('admin');
  const school = seedOrganizationId(B, 'school');
  await sql`insert into content.uploads (tenant_id, hash, kind, content_type, byte_size, name, storage, created_at)
    values (${B}, ${HASH_OF_B}, 'pdf', 'application/pdf', 5, 'b.pdf', 'postgres', now())`.execute(owner);
  await sql`insert into content.file_blobs (tenant_id, hash, bytes) values (${B}, ${HASH_OF_B}, ${Buffer.from('%PDF-')})`.execute(
    owner,
  );
  // A file a visitor uploaded on B's contact form (private to B's editors).
  await sql`insert into content.form_files (tenant_id, form_id, form_version, field_id, storage_key, storage,
      content_type, byte_size, name, created_at)
    select ${B}, id, 1, 'cv', ${createHash('sha256').update(`form-file-${B}`).digest('hex')}, 'postgres',
      'application/pdf', 5, 'b.pdf', now() from content.forms where tenant_id = ${B} and purpose = 'contact'`.execute(
    owner,
  );
  // B (a traineeship tenant) has no allocation round, hours or bulk message in its seeds: one of each.
  const internship = (
    await sql<{ id: string }>`select id from placements.internships where tenant_id = ${B} limit 1`.execute(
      owner,
    )
  ).rows[0]!.id;
  await sql`insert into placements.allocation_rounds (tenant_id, school_id, name, deadline, created_at, updated_at)
    values (${B}, ${school}, 'Ronde B', now() + interval '7 days', now(), now())`.execute(owner);
  await sql`insert into placements.hours_entries (tenant_id, internship_id, date, quarters, description, created_at, updated_at)
    values (${B}, ${internship}, current_date, 4, 'B', now(), now())`.execute(owner);
  await sql`insert into placements.bulk_messages (id, tenant_id, school_id, author_id, subject, body,
      to_contacts, to_supervisors, internship_count, created_at)
    values (gen_random_uuid(), ${B}, ${school}, ${admin}, 'B', 'B', false, false, 0, now())`.execute(owner);
  // B's seeded contract sealed, its PDF in placements' store (`/contracts/{id}/document`).
  await sql`insert into placements.file_blobs (tenant_id, hash, bytes) values (${B}, ${HASH_OF_B}, ${Buffer.from('%PDF-')})`.execute(
    owner,
  );
  await sql`insert into placements.contract_documents (tenant_id, contract_id, school_id, school_name, title, language,
      pdf_hash, content_hash, byte_size, storage, party_user_ids, sealed_at, created_at)
    select ${B}, id, ${school}, 'B', 'B', 'nl', ${HASH_OF_B}, ${HASH_OF_B}, 5, 'postgres', array[${admin}]::uuid[], now(), now()
    from placements.contracts where tenant_id = ${B} order by id limit 1`.execute(owner);
  // B's internship thread with a message and its attachment in notifications' store (`/conversations/{id}/…`).
  await sql`insert into notifications.file_blobs (tenant_id, hash, bytes) values (${B}, ${HASH_OF_B}, ${Buffer.from('%PDF-')})`.execute(
    owner,
  );
  await sql`with c as (insert into notifications.conversations (tenant_id, kind, internship_id, created_at)
      values (${B}, 'internship', ${internship}, now()) returning id),
    m as (insert into notifications.messages (tenant_id, conversation_id, author_id, author_name, body)
      select ${B}, c.id, ${admin}, 'B', 'B' from c returning id)
    insert into notifications.message_attachments (tenant_id, message_id, file_name, content_type, size, hash, storage)
    select ${B}, m.id, 'b.pdf', 'application/pdf', 5, ${HASH_OF_B}, 'postgres' from m`.execute(owner);
  // B's own text for a mail kind (`/notification_templates/{kind}`: the id is the kind, the row B's).
  await sql`insert into notifications.mail_templates (tenant_id, kind, subject_nl, body_nl, subject_en, body_en, updated_at)
    values (${B}, ${TEMPLATE_KIND}, 'B', 'B', 'B', 'B', now())`.execute(owner);
  // B's own registration at the education federation (`/education_sso_federations/{tenant}`).
  await sql`insert into identity.education_sso_federations (tenant_id, issuer, client_id, secret_sealed, created_at, updated_at)
    values (${B}, 'https://connect.entree.kennisnet.nl/', 'b-client', 'v1.b.b.b', now(), now())`.execute(
    owner,
  );
  // B's people's addresses bounce (`/mail_bounces/{user_id}` then has B's data to leak).
  await sql`insert into notifications.mail_suppressions (tenant_id, address, suppressed_at, reason, updated_at)
    select ${B}, lower(email), now(), 'hard_bounce', now() from identity.users where tenant_id = ${B}`.execute(
    owner,
  );
  // B's student reported its declined application; B's School recorded contact and paused the organization
  // (`/discrimination_reports/{id}`, `/discrimination_reports/organizations/{organization_id}/pause`).
  await sql`with r as (insert into placements.discrimination_reports (tenant_id, internship_id, student_id, school_id,
        organization_id, grounds, description, created_at)
      select ${B}, id, student_id, school_id, organization_id, array['origin'], 'B', now() from placements.internships
      where tenant_id = ${B} and status = 'declined' and organization_id is not null order by id limit 1
      returning id, school_id, organization_id),
    a as (insert into placements.discrimination_report_actions (tenant_id, report_id, action, note, at)
      select ${B}, id, 'contact', 'B', now() from r)
    insert into placements.organization_pauses (tenant_id, school_id, organization_id, paused_at)
    select ${B}, school_id, organization_id, now() from r`.execute(owner);
  expect(
    (await sql`select 1 from placements.discrimination_reports where tenant_id = ${B}`.execute(owner)).rows,
  ).toHaveLength(1);
  // B's finished write-back with an internship as its item (`/write_backs/{id}`, `/write_backs/{id}/file`).
  const written = await sql`with i as (select id, student_id, internship_period_id from placements.internships
      where tenant_id = ${B} and internship_period_id is not null order by id limit 1),
    w as (insert into placements.write_backs (id, tenant_id, school_id, period_id, target, status, requested_by,
      created_at, finished_at)
      select gen_random_uuid(), ${B}, ${school}, i.internship_period_id, 'file', 'done', ${admin}, now(), now() from i
      returning id)
    insert into placements.write_back_items (write_back_id, tenant_id, internship_id, position, student_id,
      student_name, hours_done, state, student_number, handled_at)
    select w.id, ${B}, i.id, 0, i.student_id, 'B', 1, 'exported', 'B1', now() from w, i`.execute(owner);
  expect(Number(written.numAffectedRows)).toBe(1);
  // B's workplace supervisor asked B's company for an account (`/supervisor_account_requests/{id}/invited`, `…/declined`).
  const asked =
    await sql`insert into placements.supervisor_account_requests (tenant_id, organization_id, internship_id,
      email, name, requested_at)
    select ${B}, organization_id, id, 'begeleider-b@x.test', 'B', now() from placements.internships
    where tenant_id = ${B} and organization_id is not null order by id limit 1`.execute(owner);
  expect(Number(asked.numAffectedRows)).toBe(1);
  // An import needs the workflow engine to start; its finished row is all the matrix reads.
  await sql`insert into organizations.imports (id, tenant_id, school_id, workflow_id, file_name, file_size,
      file_sha256, status, created_by, created_at, updated_at)
    values (gen_random_uuid(), ${B}, ${school}, ${`matrix-${B}`}, 'leerlingen.csv', 10, 'x', 'completed', ${admin}, now(), now())`.execute(
    owner,
  );
}

const idsOfBIn = (body: string) => [...new Set(body.match(UUID) ?? [])].filter((id) => allIdsOfB.has(id));

beforeAll(async () => {
  product = await testProduct({
    env: {
      DEV_MAILBOX: 'true',
      PASSWORD_SCRYPT_COST: '10',
      RATE_LIMIT_SIGN_IN: '100000',
      RATE_LIMIT_PASSWORD: '100000',
      RATE_LIMIT_CONFIRM: '100000',
    },
  });
  app = product.app;
  owner = createDb(createPool(product.platform.ownerUrl));
  doc = (await app.inject({ url: '/api/v1/openapi.json' })).json();
  for (const tenant of [A, B]) {
    const { rows } = await sql<{ id: string; email: string; encrypted_password: string; status: string }>`
      select id, email, encrypted_password, status from identity.users
      where tenant_id = ${tenant} and email = ${`admin@${tenant}.test`}`.execute(owner);
    adminRows.set(tenant, rows[0]!);
  }
  // B has mail too (its mailbox is a resource), then B's ids of every table.
  await app.inject({
    method: 'POST',
    url: '/auth/password',
    headers: { host: `${B}.localhost` },
    payload: { email: `student@${B}.test` },
  });
  await seedMoreOfB();
  // Every event so far (the seeds' and these) applied by its consumers (the read models): the matrix
  // starts from rows that no longer change by themselves.
  for (const { schema } of SERVICES)
    expect(await product.platform.deps.outboxSettled!(schema, B, 60_000), schema).toBe(true);
  for (const { schema, table, hasId } of await tenantTables()) {
    if (!hasId) continue;
    const { rows } = await sql<{ id: string }>`
      select id::text as id from ${sql.table(`${schema}.${table}`)} where tenant_id = ${B} order by id::text`.execute(
      owner,
    );
    // Read models share their owner's table name (placements.tags, organizations.tags): keep both.
    idsOfB.set(table, [...(idsOfB.get(table) ?? []), ...rows.map((r) => r.id)]);
  }
  allIdsOfB = new Set([...idsOfB.values()].flat());
  // A mail template's id is its kind (the same word in every tenant); B has its own row of it (seedMoreOfB).
  idsOfB.set('notification_templates', [TEMPLATE_KIND]);
}, 120_000);
afterAll(async () => {
  await owner?.destroy();
  await product?.close();
});

describe(`cross-tenant matrix over every operation of the OpenAPI document (${A} → ${B})`, () => {
  it('covers the document', () => {
    expect(operations().length).toBeGreaterThan(50);
    expect(allIdsOfB.size).toBeGreaterThan(10);
  });

  it(`1. ${A}'s operator with ${B}'s ids on ${A}'s host: no 2xx with ${B}'s data, none of ${B}'s rows changes`, async () => {
    const leaks: string[] = [];
    const changes: string[] = [];
    let before = await snapshotOfB();
    for (const op of operations().filter((o) => !SKIP_IN_DIRECTION_1.has(o.id))) {
      const res = await call(op, A, await signIn(A));
      expect(res.statusCode, `${op.id}: ${res.body}`).toBeLessThan(500);
      const leaked = res.statusCode < 300 ? idsOfBIn(res.body) : [];
      if (leaked.length) leaks.push(`${op.id} → ${res.statusCode} shows ${leaked.join(', ')}`);
      const after = await snapshotOfB();
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length) changes.push(`${op.id} → ${res.statusCode} changed ${changed.join(', ')}`);
      before = after;
    }
    expect({ leaks, changes }).toEqual({ leaks: [], changes: [] });
  }, 300_000);

  it(`2. ${A}'s token on ${B}'s host gets no more than an anonymous caller there`, async () => {
    const wider: string[] = [];
    for (const op of operations()) {
      const withToken = await call(op, B, await signIn(A));
      expect(withToken.statusCode, `${op.id}: ${withToken.body}`).toBeLessThan(500);
      if (withToken.statusCode >= 300) continue;
      const anonymous = await call(op, B, {});
      if (anonymous.statusCode >= 300)
        wider.push(`${op.id} → ${withToken.statusCode} (anonymous: ${anonymous.statusCode})`);
    }
    expect(wider).toEqual([]);
  }, 300_000);
});
