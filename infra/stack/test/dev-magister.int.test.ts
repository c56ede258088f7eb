import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { DEMO_PASSWORD, demoEmail } from '@stageplein/identity';
import {
  DEV_DEMO_STUDENT_NUMBER,
  devMagisterClient,
  seedDevMagisterConnections,
  startDevMagister,
} from '@stageplein/stack/dev-magister';
import { eventually } from '@stageplein/testing/eventually';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import type { TMagisterStandIn } from '@stageplein/testing/magister-stand-in';

/**
 * `npm start`'s Magister (infra/stack/src/stack.ts with devMagisterPort): the local stand-in with a roster
 * per tenant, and every tenant's School connected to it, so /importeren/magister works out of the box.
 * Checked through the product's API: the connection is there and the roster is read (the group import's
 * preview reads Magister without Temporal; the import itself is magister-import.int's).
 */
const TENANTS = ['demo', 'raayland'] as const;
let magister: TMagisterStandIn;
let product: TTestProduct;

beforeAll(async () => {
  magister = await startDevMagister(TENANTS, 0);
  product = await testProduct({ env: { MAGISTER_HOSTS: '127.0.0.1' } });
  await seedDevMagisterConnections(product.platform.ownerUrl, {
    url: magister.url,
    tenants: TENANTS,
    authSecret: product.platform.config.AUTH_TOKEN_SECRET,
  });
}, 120_000);
afterAll(async () => {
  await product?.close();
  await magister?.close();
});

async function admin(tenant: string) {
  const res = await product.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': tenant },
    payload: { email: demoEmail('admin', tenant), password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const headers = {
    'x-tenant': tenant,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    'x-current-organization-id': seedOrganizationId(tenant, 'school'),
  };
  // Organizations learns the admin's roles from identity's events.
  await eventually(async () => {
    const res = await product.app.inject({ method: 'GET', url: '/api/v1/imports', headers });
    expect(res.statusCode).toBe(200);
  }, 30_000);
  return headers;
}

describe('npm start: the Magister stand-in and a connection per School', () => {
  it.each(TENANTS)('%s: the School is connected and its own roster is read', async (tenant) => {
    const headers = await admin(tenant);
    const connection = await product.app.inject({
      method: 'GET',
      url: '/api/v1/imports/magister/connection',
      headers,
    });
    expect(connection.statusCode, connection.body).toBe(200);
    expect(connection.json().data.attributes).toMatchObject({
      base_url: magister.url,
      client_id: `stageplein-${tenant}`,
      has_secret: true,
      nightly: false,
    });
    const preview = await product.app.inject({
      method: 'POST',
      url: '/api/v1/imports/magister/group_preview',
      headers,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // The 24 of the roster and the demo student.
    expect(preview.json().data.attributes).toMatchObject({ source: 'magister', students: 25, invalid: 0 });
    expect(preview.json().data.attributes.groups.map((g: { name: string }) => g.name)).toEqual([
      '1A',
      '2B',
      '3C',
      '4D',
    ]);
  });

  it.each(TENANTS)(
    "%s: the demo student's completed internship is ready to write back under the number Magister knows",
    async (tenant) => {
      const headers = await admin(tenant);
      const owner = createDb(createPool(product.platform.ownerUrl, 1));
      const { rows } = await sql<{ id: string; period: string; number: string; email: string }>`
        select i.id, i.internship_period_id as period, e.student_number as number, u.email
        from placements.internships i
        join identity.users u on u.id = i.student_id
        join organizations.student_enrolments e on e.student_id = i.student_id and e.school_id = i.school_id
        where i.tenant_id = ${tenant} and i.status = 'completed'`.execute(owner);
      await owner.destroy();
      expect(rows).toEqual([
        {
          id: expect.any(String),
          period: expect.any(String),
          number: DEV_DEMO_STUDENT_NUMBER,
          email: demoEmail('student', tenant),
        },
      ]);
      const known = magister.schools.get(devMagisterClient(tenant).clientId)!.students;
      expect(known.find((s) => s.stamnummer === DEV_DEMO_STUDENT_NUMBER)?.emailadres).toBe(
        demoEmail('student', tenant),
      );
      // Placements learns the admin's roles from identity's events too.
      await eventually(async () => {
        const res = await product.app.inject({
          method: 'GET',
          url: `/api/v1/write_backs/preview?period_id=${rows[0]!.period}`,
          headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([rows[0]!.id]);
      }, 30_000);
    },
  );

  it('seeding again keeps a connection the school set up itself, and brings its own up to date', async () => {
    const headers = await admin('raayland');
    // The school's own client (PUT …/connection, which needs Temporal for its schedule, writes this row).
    const owner = createDb(createPool(product.platform.ownerUrl, 1));
    await owner.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'raayland', true)`.execute(trx);
      await sql`update organizations.roster_connections set client_id = 'eigen'
        where tenant_id = 'raayland'`.execute(trx);
    });
    await owner.destroy();
    await seedDevMagisterConnections(product.platform.ownerUrl, {
      url: 'http://127.0.0.1:1',
      tenants: TENANTS,
      authSecret: product.platform.config.AUTH_TOKEN_SECRET,
    });
    const get = async (h: Record<string, string>) =>
      (
        await product.app.inject({ method: 'GET', url: '/api/v1/imports/magister/connection', headers: h })
      ).json().data.attributes;
    expect(await get(headers)).toMatchObject({ client_id: 'eigen', base_url: magister.url });
    expect(await get(await admin('demo'))).toMatchObject({
      client_id: 'stageplein-demo',
      base_url: 'http://127.0.0.1:1',
    });
  });
});
