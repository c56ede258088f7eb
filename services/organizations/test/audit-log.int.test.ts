import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  expectError,
  harness,
  makeOrganization,
  seedOrg,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

/**
 * `GET /api/v1/audit_log_entries`: the tenant's platform operators read what the use cases recorded,
 * filtered by subject and paged. (Who may read it: authorization.int.test.ts, with the cross-tenant probe.)
 */
let h: THarness;
let operator: TUser;
let first: string;
let second: string;

const statusBody = (id: string, status: string, reason?: string) => ({
  data: { type: 'Provider', id, attributes: { status, ...(reason ? { reason } : {}) } },
});
const approve = (id: string, status: string, reason?: string) =>
  call(h.app, {
    method: 'PUT',
    url: `/api/v1/organizations/${id}/approve`,
    headers: operator.as(),
    payload: statusBody(id, status, reason),
  });
const entries = (query: string, headers = operator.as()) =>
  call(h.app, { url: `/api/v1/audit_log_entries${query}`, headers });

beforeAll(async () => {
  h = await harness();
  operator = await userWith(h, [['admin', seedOrg('volunteer-center'), 'VolunteerCenter']]);
  first = await makeOrganization(h, { type: 'Provider', status: 'pending' });
  second = await makeOrganization(h, { type: 'Provider', status: 'pending' });
  for (const [id, status, reason] of [
    [first, 'denied', 'Geen KvK-nummer'],
    [first, 'pending'],
    [first, 'approved'],
    [second, 'approved'],
  ] as const) {
    const res = await approve(id, status, reason);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => h?.close());

describe('GET /api/v1/audit_log_entries', () => {
  it('shows an organization’s history, newest first, with who changed what', async () => {
    const res = await entries(`?filter[subject_id_eq]=${first}`);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc.meta.total).toBe(3);
    expect(
      doc.data.map((e: { attributes: Record<string, unknown> }) => [
        e.attributes.action,
        e.attributes.before_status,
        e.attributes.after_status,
      ]),
    ).toEqual([
      ['organization.approved', 'pending', 'approved'],
      ['organization.reopened', 'denied', 'pending'],
      ['organization.denied', 'pending', 'denied'],
    ]);
    const denial = doc.data[2];
    expect(denial.type).toBe('audit_log_entry');
    expect(denial.attributes).toMatchObject({
      subject_type: 'organization',
      subject_id: first,
      actor_id: operator.id,
      impersonator_id: null,
      data: { reason: 'Geen KvK-nummer' },
    });
    expect(new Date(denial.attributes.created_at).toISOString()).toBe(denial.attributes.created_at);
  });

  it('filters by several subjects and by action; sort=created_at gives the oldest first', async () => {
    const both = await entries(`?filter[subject_id_in]=${first},${second}&sort=created_at`);
    expect(both.json().meta.total).toBe(4);
    expect(
      both.json().data.map((e: { attributes: { subject_id: string } }) => e.attributes.subject_id),
    ).toEqual([first, first, first, second]);
    const approvals = await entries(
      `?filter[subject_id_in]=${first},${second}&filter[action_eq]=organization.approved`,
    );
    expect(approvals.json().meta.total).toBe(2);
  });

  it('pages with meta.total and absolute links', async () => {
    const res = await entries(`?filter[subject_id_eq]=${first}&page[size]=2&page[number]=2`);
    const doc = res.json();
    expect(doc.meta.total).toBe(3);
    expect(doc.data).toHaveLength(1);
    expect(doc.data[0].attributes.action).toBe('organization.denied');
    expect(doc.links.prev).toMatch(/^http:\/\/.+page%5Bnumber%5D=1/);
    expect(doc.links.next).toBeNull();
  });

  it('refuses unknown and malformed parameters with a localized 400 naming them', async () => {
    const nl = await entries('?filter[subject_id_eq]=geen-uuid', {
      ...operator.as(),
      'accept-language': 'nl',
    });
    expectError(nl, 400, 'bad_request');
    expect(nl.json().errors[0].source).toEqual({ parameter: 'filter[subject_id_eq]' });
    const en = await entries('?filter[data_cont]=x', { ...operator.as(), 'accept-language': 'en' });
    expectError(en, 400, 'bad_request');
    expect(en.json().errors[0].source).toEqual({ parameter: 'filter[data_cont]' });
    expect(nl.json().errors[0].title).not.toBe(en.json().errors[0].title);
    expectError(await entries('?sort=action'), 400, 'bad_request');
  });

  it('is read-only: entries cannot be changed, not even by the owner', async () => {
    await expect(h.owner.deleteFrom('organizations.audit_log' as never).execute()).rejects.toThrow(
      /append-only/,
    );
  });
});
