/**
 * Records the JSON:API documents the data-provider unit tests read
 * (admin-ui/src/providers/fixtures/*.json) from the real API: the whole stack on an embedded
 * PostgreSQL in a temporary folder, driven through the gateway with `inject()` as the demo school
 * admin of the `demo` tenant. Run again when a serializer changes:
 *
 *   node --import tsx admin-ui/scripts/record-jsonapi-fixtures.ts && npx prettier --write admin-ui/src/providers/fixtures
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { parseConfig } from '@stageplein/kit/config/config';
import { generateAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { startStack } from '@stageplein/stack/stack';
import { STACK_CONFIG } from '@stageplein/stack/services';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/providers/fixtures');
const TENANT = 'demo';
const SCHOOL = seedOrganizationId(TENANT, 'school');
const PROVIDER = seedOrganizationId(TENANT, 'provider');

const dataDir = mkdtempSync(path.join(tmpdir(), 'stageplein-fixtures-'));
const config = parseConfig(
  {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_TOKEN_SECRET: generateAuthSecret(),
    EMBEDDED_PG_PORT: String(55_000 + Math.floor(Math.random() * 5000)),
  },
  STACK_CONFIG,
);
const stack = await startStack(config, { dataDir, logger: false });

type THeaders = Record<string, string>;
interface TAnswer {
  status: number;
  body: unknown;
  headers: THeaders;
}

async function call(method: string, url: string, headers: THeaders, body?: unknown): Promise<TAnswer> {
  const res = await stack.app.inject({
    method: method as 'GET',
    url,
    headers: {
      host: `${TENANT}.localhost`,
      accept: 'application/vnd.api+json',
      'accept-language': 'nl',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = {
    status: res.statusCode,
    body: res.body ? JSON.parse(res.body) : undefined,
    headers: {} as THeaders,
  };
  for (const name of ['access-token', 'client', 'uid', 'expiry', 'token-type']) {
    const value = res.headers[name];
    if (typeof value === 'string') answer.headers[name] = value;
  }
  return answer;
}

mkdirSync(OUT, { recursive: true });
const recorded: string[] = [];
/** Writes one fixture: the request, the status and the document exactly as the API answered. */
function record(name: string, request: { method: string; url: string; body?: unknown }, answer: TAnswer) {
  const file = path.join(OUT, `${name}.json`);
  const fixture = { request, status: answer.status, body: answer.body };
  writeFileSync(file, JSON.stringify(fixture, null, 2) + '\n');
  recorded.push(`${answer.status} ${request.method} ${request.url} → ${name}.json`);
}

async function exchange(name: string, method: string, url: string, headers: THeaders, body?: unknown) {
  const answer = await call(method, url, headers, body);
  record(name, { method, url, ...(body === undefined ? {} : { body }) }, answer);
  return answer;
}

async function signIn(local: string): Promise<THeaders> {
  const res = await call(
    'POST',
    '/auth/sign_in',
    {},
    { email: `${local}@${TENANT}.test`, password: 'stageplein-demo' },
  );
  if (res.status !== 200) throw new Error(`sign-in of ${local} answered ${res.status}`);
  const { expiry: _expiry, 'token-type': _type, ...credentials } = res.headers;
  return credentials;
}

try {
  const admin = { ...(await signIn('admin')), 'x-current-organization-id': SCHOOL };
  const bedrijf = { ...(await signIn('bedrijf')), 'x-current-organization-id': PROVIDER };

  await exchange('current-user', 'GET', '/api/v1/current_user?include=roles', admin);
  await exchange('current-organizations', 'GET', '/api/v1/current_organizations', admin);

  // Users
  const users = await exchange(
    'users-list',
    'GET',
    `/api/v1/users?include=roles,organizations&filter[organization_id_eq]=${SCHOOL}&sort=last_name,first_name&page[number]=1&page[size]=2`,
    admin,
  );
  const firstUser = (users.body as { data: { id: string }[] }).data[0]!.id;
  await exchange('user', 'GET', `/api/v1/users/${firstUser}?include=roles,organizations`, admin);
  const invited = await exchange('user-created', 'POST', '/api/v1/users', admin, {
    data: {
      type: 'user',
      attributes: { email: 'nieuw@demo.test', first_name: 'Nina', last_name: 'Nieuw', role: 'student' },
    },
  });
  const invitedId = (invited.body as { data: { id: string } }).data.id;
  await exchange('user-invalid', 'POST', '/api/v1/users', admin, {
    data: { type: 'user', attributes: { email: 'geen-adres', first_name: 'Nina' } },
  });
  await exchange('user-email-taken', 'POST', '/api/v1/users', admin, {
    data: {
      type: 'user',
      attributes: { email: 'student@demo.test', first_name: 'Sam', last_name: 'Dubbel' },
    },
  });
  await exchange('user-updated', 'PATCH', `/api/v1/users/${invitedId}`, admin, {
    attributes: { first_name: 'Nienke', phone_number: '06-12345678' },
  });
  await exchange('user-add-role', 'PUT', `/api/v1/users/${invitedId}/add_role`, admin, {
    role: { name: 'mentor' },
  });
  await exchange('user-remove-role', 'DELETE', `/api/v1/users/${invitedId}/remove_role`, admin, {
    role: { name: 'mentor' },
  });
  await exchange(
    'user-resend-confirmation',
    'POST',
    `/api/v1/users/${invitedId}/resend_confirmation_instructions`,
    admin,
  );
  await exchange('user-deleted', 'DELETE', `/api/v1/users/${invitedId}`, admin);
  await exchange('user-not-found', 'GET', '/api/v1/users/00000000-0000-4000-8000-000000000000', admin);
  await exchange('users-forbidden', 'GET', `/api/v1/users?filter[organization_id_eq]=${SCHOOL}`, bedrijf);
  await exchange('unauthorized', 'GET', '/api/v1/users', { 'x-current-organization-id': SCHOOL });

  // Organizations: a signup lands in the school admin's approval queue (it moderates Providers).
  await call(
    'POST',
    '/api/v1/organizations/signup',
    {},
    {
      data: {
        type: 'organization_signup',
        attributes: {
          organization_type: 'Provider',
          name: 'Kinderboerderij De Hoef',
          city: 'Utrecht',
          address: 'Hoefweg 1',
          postcode: '3511 AA',
          admin_email: 'hoef@demo.test',
          admin_first_name: 'Henk',
          admin_last_name: 'Hoef',
        },
      },
    },
  );
  const pending = await exchange(
    'organizations-pending',
    'GET',
    '/api/v1/organizations?include=profile,signup&filter[status_eq]=pending&sort=name&page[number]=1&page[size]=25',
    admin,
  );
  const pendingId = (pending.body as { data: { id: string }[] }).data[0]!.id;
  await exchange(
    'organizations-list',
    'GET',
    '/api/v1/organizations?include=vacancies&sort=name&page[size]=2',
    admin,
  );
  await exchange('organization', 'GET', `/api/v1/organizations/${PROVIDER}?include=profile`, admin);
  await exchange('organization-approved', 'PUT', `/api/v1/organizations/${pendingId}/approve`, admin, {
    data: { type: 'Provider', id: pendingId, attributes: { status: 'approved' } },
  });
  await exchange(
    'organization-invalid-transition',
    'PUT',
    `/api/v1/organizations/${pendingId}/approve`,
    admin,
    {
      data: { type: 'Provider', id: pendingId, attributes: { status: 'pending' } },
    },
  );
  await exchange('organization-updated', 'PUT', `/api/v1/organizations/${pendingId}`, admin, {
    data: {
      type: 'Provider',
      id: pendingId,
      attributes: { description: 'Dieren verzorgen met kinderen.', website: 'https://dehoef.nl' },
    },
  });
  await exchange('organization-update-invalid', 'PUT', `/api/v1/organizations/${pendingId}`, admin, {
    data: { type: 'Provider', id: pendingId, attributes: { website: 'geen url', postcode: '12' } },
  });

  // School data
  const groups = await exchange('groups-list', 'GET', '/api/v1/groups', admin);
  const groupId = (groups.body as { data: { id: string }[] }).data[0]!.id;
  await exchange('group', 'GET', `/api/v1/groups/${groupId}`, admin);
  await exchange('levels-list', 'GET', '/api/v1/levels', admin);
  await exchange('tags-list', 'GET', '/api/v1/tags', admin);
  await exchange('school-years-list', 'GET', '/api/v1/school_years', admin);
  await exchange('internship-periods-list', 'GET', '/api/v1/internship_periods', admin);
  const years = await call('GET', '/api/v1/school_years', admin);
  const current = (
    years.body as { data: { attributes: { is_current: boolean; start_date: string } }[] }
  ).data.find((y) => y.attributes.is_current)!;
  const start = current.attributes.start_date;
  const period = await exchange('internship-period-created', 'POST', '/api/v1/internship_periods', admin, {
    data: {
      type: 'internship_period',
      attributes: { name: 'Snuffelstage', start_date: start, end_date: start.replace(/-\d\d$/, '-28') },
    },
  });
  const periodId = (period.body as { data: { id: string } }).data.id;
  await exchange('internship-period-archived', 'PATCH', `/api/v1/internship_periods/${periodId}`, admin, {
    data: { type: 'internship_period', id: periodId, attributes: { status: 'archived' } },
  });
  await exchange('internship-period-invalid', 'POST', '/api/v1/internship_periods', admin, {
    data: {
      type: 'internship_period',
      attributes: { name: 'Omgekeerd', start_date: '2030-06-01', end_date: '2030-01-01' },
    },
  });
  const everyone = await call('GET', `/api/v1/users?include=roles&page[size]=1000`, admin);
  const byEmail = (email: string) =>
    (everyone.body as { data: { id: string; attributes: { email: string } }[] }).data.find(
      (u) => u.attributes.email === email,
    )!.id;
  const created = await exchange('mentorship-created', 'POST', '/api/v1/mentorships', admin, {
    data: {
      type: 'mentorship',
      attributes: { mentor_id: byEmail('mentor@demo.test'), student_id: byEmail('student@demo.test') },
    },
  });
  await exchange('mentorships-list', 'GET', '/api/v1/mentorships', admin);
  const mentorshipId = (created.body as { data: { id: string } }).data.id;
  await exchange('mentorship-deleted', 'DELETE', `/api/v1/mentorships/${mentorshipId}`, admin);
  await exchange(
    'assign-group',
    'PUT',
    `/api/v1/students/${byEmail('student@demo.test')}/assign_group`,
    admin,
    {
      data: { type: 'group_membership', attributes: { group_id: groupId } },
    },
  );
  console.log(recorded.join('\n'));
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
