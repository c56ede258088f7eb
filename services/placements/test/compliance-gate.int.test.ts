import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { organizationsService } from '@stageplein/organizations';
import {
  call,
  eventually,
  expectStatus,
  harness,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

/**
 * Compliance gating (docs/decisions/compliance.md) across both services: organizations announces an
 * organization's compliance (`organizations.compliance.changed`), placements keeps it and refuses to
 * publish a vacancy of an organization whose required document is missing or expired.
 */
let h: THarness;
let admin: TUser;
const PROVIDER = seedOrganizationId('demo', 'provider');

beforeAll(async () => {
  // The real organizations service: its seeds make the School require a VOG and liability insurance
  // and give the demo Provider both.
  h = await harness([organizationsService]);
  admin = await userWith(h, 'admin', PROVIDER, 'Provider');
  // Organizations learns the role from the same event.
  await eventually(async () => {
    const { rows } = await sql`select 1 from organizations.auth_roles where user_id = ${admin.id}`.execute(
      h.owner,
    );
    expect(rows).toHaveLength(1);
  });
}, 120_000);
afterAll(async () => h?.close());

async function draft(): Promise<string> {
  const res = await call(h.app, {
    method: 'POST',
    url: '/api/v1/vacancies',
    headers: admin.headers,
    payload: { data: { type: 'vacancy', attributes: { title: 'Activiteitenbegeleider' } } },
  });
  expectStatus(res, 201);
  return res.json().data.id as string;
}

const publish = (id: string, lang = 'nl') =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/vacancies/${id}/publish`,
    headers: { ...admin.headers, 'accept-language': lang },
  });

async function documents() {
  const res = await call(h.app, { url: '/api/v1/compliance_documents', headers: admin.headers });
  expectStatus(res, 200);
  return res.json().data as { id: string; attributes: { kind: string } }[];
}

describe('publishing needs the required compliance documents', () => {
  it('compliant: publishes; without its VOG: refused with the kind named; with a new VOG: publishes again', async () => {
    await eventually(async () => {
      const { rows } = await sql`select may_publish from placements.organization_compliance
        where organization_id = ${PROVIDER}`.execute(h.owner);
      expect(rows).toEqual([{ may_publish: true }]);
    });
    expectStatus(await publish(await draft()), 200);

    const vog = (await documents()).find((d) => d.attributes.kind === 'vog')!;
    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/compliance_documents/${vog.id}`,
        headers: admin.headers,
      }),
      204,
    );
    const blocked = await draft();
    // Wait for the change to reach placements' copy first: a publish that came before it would succeed.
    await eventually(async () => {
      const { rows } = await sql`select may_publish from placements.organization_compliance
        where organization_id = ${PROVIDER}`.execute(h.owner);
      expect(rows).toEqual([{ may_publish: false }]);
    });
    const res = await publish(blocked);
    expectStatus(res, 409, 'compliance_not_met');
    expect(res.json().errors[0].detail).toContain('Verklaring Omtrent het Gedrag (VOG)');
    const en = await publish(blocked, 'en');
    expectStatus(en, 409, 'compliance_not_met');
    expect(en.json().errors[0]).toMatchObject({ title: 'Required documents missing' });
    expect(en.json().errors[0].detail).toContain('Certificate of conduct (VOG)');
    expect(await outboxEvents(h, 'placements.vacancy.published', blocked)).toEqual([]);

    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/compliance_documents',
        headers: admin.headers,
        payload: {
          data: { type: 'compliance_document', attributes: { kind: 'vog', issued_on: '2026-11-01' } },
        },
      }),
      201,
    );
    await eventually(async () => expectStatus(await publish(blocked), 200));
  });

  it('an expired required document stops publishing too', async () => {
    const insurance = (await documents()).find((d) => d.attributes.kind === 'liability_insurance')!;
    expectStatus(
      await call(h.app, {
        method: 'PATCH',
        url: `/api/v1/compliance_documents/${insurance.id}`,
        headers: admin.headers,
        payload: {
          data: {
            type: 'compliance_document',
            id: insurance.id,
            attributes: { issued_on: '2025-11-01', expires_on: '2026-11-20' },
          },
        },
      }),
      200,
    );
    const id = await draft();
    await eventually(async () => {
      const { rows } = await sql`select may_publish from placements.organization_compliance
        where organization_id = ${PROVIDER}`.execute(h.owner);
      expect(rows).toEqual([{ may_publish: false }]);
    });
    const res = await publish(id);
    expectStatus(res, 409, 'compliance_not_met');
    expect(res.json().errors[0].detail).toContain('Aansprakelijkheidsverzekering');
  });

  it('another organization is not affected', async () => {
    const other = await userWith(h, 'admin', seedOrganizationId('demo', 'nonprofit'), 'NonProfit');
    const res = await call(h.app, {
      method: 'POST',
      url: '/api/v1/vacancies',
      headers: other.headers,
      payload: { data: { type: 'vacancy', attributes: { title: 'Huiswerkbegeleider' } } },
    });
    expectStatus(res, 201);
    // The seeded NonProfit's insurance expires in 20 days: expiring, so it still publishes.
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/vacancies/${res.json().data.id}/publish`,
        headers: other.headers,
      }),
      200,
    );
  });
});
