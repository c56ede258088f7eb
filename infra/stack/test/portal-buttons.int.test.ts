import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { CURRENT_ORGANIZATION_HEADER, TENANT_HEADER } from '@stageplein/contracts/http/headers';
import {
  canOpenBackOffice,
  derivePermissions,
  type TPermissions,
} from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType, TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { mayImportStudents } from '@stageplein/contracts/organizations/organizations-policy';
import {
  evaluationsAvailable,
  mayManageEvaluationTemplates,
} from '@stageplein/contracts/placements/evaluation-policy';
import { managesVacanciesOf } from '@stageplein/contracts/placements/vacancy-policy';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from '@stageplein/identity';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

/**
 * The portal's buttons ask contracts' rules, the same functions the services' policies call (issue #32
 * item 3): for every caller — each demo account of a tenant, acting for each organization it has a role
 * in — each rule the portal asks answers as the server does when the caller presses the button. Two
 * tenants, one with evaluation forms (demo) and one without (stageplein, the default).
 */
const TENANTS: TTenantId[] = ['demo', 'stageplein', 'raayland'];
/** Raayland's School waits for approval: its admin must not get what an approved School's admin gets. */
const PENDING_SCHOOL = seedOrganizationId('raayland', 'school');

interface TCaller {
  name: string;
  tenant: TTenantId;
  headers: Record<string, string>;
  permissions: TPermissions;
  current: TCurrentOrganizationFacts;
}

let product: TTestProduct;
const callers: TCaller[] = [];

async function signIn(tenant: TTenantId, local: string) {
  const res = await product.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { [TENANT_HEADER]: tenant },
    payload: { email: demoEmail(local, tenant), password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    data: { relationships?: { roles?: { data: { id: string }[] } } };
    included?: { type: string; id: string; attributes: Record<string, unknown> }[];
  };
  const roles: TRoleRef[] = (body.included ?? [])
    .filter((r) => r.type === 'role')
    .map((r) => ({
      name: String(r.attributes.name),
      resourceType: String(r.attributes.resource_type),
      resourceId: String(r.attributes.resource_id),
    }));
  const credentials = {
    [TENANT_HEADER]: tenant,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
  return { roles, credentials };
}

beforeAll(async () => {
  product = await testProduct({ env: { PASSWORD_SCRYPT_COST: '10' } });
  // The organizations service's table and placements' read model of it (events would carry the change).
  const owner = createDb(createPool(product.platform.ownerUrl, 1));
  try {
    for (const table of ['organizations.organizations', 'placements.organizations'])
      await sql`update ${sql.table(table)} set status = 'pending' where id = ${PENDING_SCHOOL}`.execute(
        owner,
      );
  } finally {
    await owner.destroy();
  }
  for (const tenant of TENANTS)
    for (const account of DEMO_ACCOUNTS) {
      const { roles, credentials } = await signIn(tenant, account.local);
      expect(roles.length, `${account.local}@${tenant} has roles`).toBeGreaterThan(0);
      for (const organizationId of new Set(roles.map((r) => String(r.resourceId)))) {
        const headers = { ...credentials, [CURRENT_ORGANIZATION_HEADER]: organizationId };
        const shown = await product.app.inject({ url: `/api/v1/organizations/${organizationId}`, headers });
        expect(shown.statusCode, shown.body).toBe(200);
        // The organization's type is its roles' resource type (as the session knows it), its status the API's.
        const type = roles.find((r) => String(r.resourceId) === organizationId)!.resourceType;
        const { status } = (shown.json() as { data: { attributes: { status: string } } }).data.attributes;
        const current = {
          id: organizationId,
          type: type as TOrganizationType,
          status: status as TOrganizationStatus,
        };
        callers.push({
          name: `${account.local}@${tenant} for their ${type}`,
          tenant,
          headers,
          permissions: derivePermissions(roles, { id: organizationId, type }),
          current,
        });
      }
    }
}, 180_000);
afterAll(async () => product?.close());

/** A button: the rule the portal asks, and the server's answer to pressing it (true: not refused). */
interface TButton {
  portal(caller: TCaller): boolean;
  server(caller: TCaller): Promise<boolean>;
}

const refused = (res: LightMyRequestResponse, ...codes: string[]) => {
  if ([401, 403].includes(res.statusCode)) return true;
  const errors = res.statusCode >= 400 ? ((res.json() as { errors?: { code: string }[] }).errors ?? []) : [];
  return errors.some((e) => codes.includes(e.code));
};

const BUTTONS: Record<string, TButton> = {
  // progress-pages.tsx: the period's evaluation template section.
  'manage evaluation templates': {
    portal: (c) =>
      evaluationsAvailable(getTenant(c.tenant)!.features) &&
      mayManageEvaluationTemplates(c.permissions, c.current),
    server: async (c) => {
      const res = await product.app.inject({ url: '/api/v1/evaluation_templates', headers: c.headers });
      expect([200, 403, 404], res.body).toContain(res.statusCode);
      return !refused(res, 'evaluations_unavailable');
    },
  },
  // vacancy-manage-pages.tsx: the own vacancies and "add a vacancy".
  'manage vacancies': {
    portal: (c) => managesVacanciesOf(c.permissions, c.current),
    server: async (c) => {
      const res = await product.app.inject({
        method: 'POST',
        url: '/api/v1/vacancies',
        headers: c.headers,
        payload: { data: { type: 'vacancy', attributes: { title: 'Knoppentest' } } },
      });
      expect([201, 403], res.body).toContain(res.statusCode);
      return !refused(res);
    },
  },
  // import-csv-page.tsx: the upload form. The server decides before it reads the upload: an empty
  // form is refused (403) or found wanting (422), and nothing is imported.
  'import students': {
    portal: (c) => mayImportStudents(c.permissions, c.current),
    server: async (c) => {
      const boundary = 'knoppentest';
      const res = await product.app.inject({
        method: 'POST',
        url: '/api/v1/imports',
        headers: { ...c.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="school_id"\r\n\r\n${c.current.id}\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode, res.body).not.toBe(202);
      expect(res.statusCode, res.body).toBeLessThan(500);
      return !refused(res);
    },
  },
  // account-menu.tsx: the way to the back office, whose first screen is the organization's users.
  'open the back office': {
    portal: (c) => canOpenBackOffice(c.permissions),
    server: async (c) => {
      const res = await product.app.inject({ url: '/api/v1/users?page[size]=1', headers: c.headers });
      expect([200, 403], res.body).toContain(res.statusCode);
      return !refused(res);
    },
  },
};

describe.each(Object.keys(BUTTONS))('%s', (name) => {
  it('the portal’s rule answers as the server does, for every caller', async () => {
    const button = BUTTONS[name]!;
    const portal: Record<string, boolean> = {};
    const server: Record<string, boolean> = {};
    for (const caller of callers) {
      portal[caller.name] = button.portal(caller);
      server[caller.name] = await button.server(caller);
    }
    expect(portal).toEqual(server);
    // Not vacuous: each button is offered to someone and refused to someone.
    expect(Object.values(server)).toContain(true);
    expect(Object.values(server)).toContain(false);
  });
});

it('a School that waits for approval is among the callers', () => {
  expect(callers.filter((c) => c.current.id === PENDING_SCHOOL).map((c) => c.current.status)).toContain(
    'pending',
  );
});
