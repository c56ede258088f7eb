import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectStatus, harness, userWith, type THarness, type TUser } from './harness.ts';

let h: THarness;
let user: TUser;
let other: TUser;

beforeAll(async () => {
  h = await harness();
  const school = randomUUID();
  [user, other] = await Promise.all([
    userWith(h, 'student', school, 'School'),
    userWith(h, 'student', school, 'School'),
  ]);
}, 120_000);
afterAll(() => h?.close());

const list = (u: TUser) =>
  call(h.app, { method: 'GET', url: '/api/v1/notification_preferences', headers: u.headers });
const choose = (u: TUser, category: string, delivery: string, lang = 'nl') =>
  call(h.app, {
    method: 'PATCH',
    url: `/api/v1/notification_preferences/${category}`,
    headers: { ...u.headers, 'accept-language': lang },
    payload: { data: { type: 'notification_preference', id: category, attributes: { delivery } } },
  });
const deliveries = async (u: TUser) =>
  Object.fromEntries(
    (await list(u))
      .json()
      .data.map((p: { id: string; attributes: { delivery: string } }) => [p.id, p.attributes.delivery]),
  );

describe('delivery preferences', () => {
  it('lists every category, e-mail by default; account and signing cannot be changed', async () => {
    const res = await list(user);
    expectStatus(res, 200);
    expect(res.json().data).toHaveLength(10);
    expect(res.json().data[0]).toEqual({
      type: 'notification_preference',
      id: 'account',
      attributes: { category: 'account', delivery: 'email', changeable: false },
    });
    expect(res.json().data.find((p: { id: string }) => p.id === 'hours').attributes).toEqual({
      category: 'hours',
      delivery: 'email',
      changeable: true,
    });
  });

  it('keeps a choice per person and category', async () => {
    expectStatus(await choose(user, 'hours', 'in_app'), 200);
    const digest = await choose(user, 'messages', 'digest');
    expect(digest.json().data.attributes).toEqual({
      category: 'messages',
      delivery: 'digest',
      changeable: true,
    });
    expectStatus(await choose(user, 'hours', 'digest'), 200);
    expect(await deliveries(user)).toMatchObject({
      hours: 'digest',
      messages: 'digest',
      applications: 'email',
    });
    // Another person's are their own.
    expect(await deliveries(other)).toMatchObject({ hours: 'email', messages: 'email' });
  });

  it('refuses switching off account and signing mail, in the caller’s language, and changes nothing', async () => {
    const nl = await choose(user, 'signing', 'in_app');
    expectStatus(nl, 422, 'notification_delivery_locked');
    expect(nl.json().errors[0].detail).toBe(
      'Berichten over je account en over ondertekenen krijg je altijd per e-mail.',
    );
    expect(nl.json().errors[0].source).toEqual({ pointer: '/data/attributes/delivery' });
    const en = await choose(user, 'account', 'digest', 'en');
    expectStatus(en, 422, 'notification_delivery_locked');
    expect(en.json().errors[0].detail).toBe(
      'Messages about your account and about signing always come by e-mail.',
    );
    expect(await deliveries(user)).toMatchObject({ account: 'email', signing: 'email' });
  });

  it('refuses an unknown category (404) or delivery (422), and nobody without credentials', async () => {
    expectStatus(await choose(user, 'gossip', 'email'), 404, 'not_found');
    expectStatus(await choose(user, 'hours', 'pigeon'), 422, 'validation_failed');
    expect((await deliveries(user)).hours).toBe('digest');
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/notification_preferences',
        headers: { 'x-tenant': 'demo' },
      }),
      401,
    );
  });

  it('keeps tenants apart: the same person’s choice in another tenant is not this one’s', async () => {
    const elsewhere = await userWith(h, 'student', randomUUID(), 'School', 'raayland');
    expectStatus(await choose(elsewhere, 'hours', 'in_app'), 200);
    const { rows } = await sql<{ tenant_id: string }>`
      select tenant_id from notifications.preferences where user_id = ${elsewhere.id}`.execute(h.owner);
    expect(rows).toEqual([{ tenant_id: 'raayland' }]);
    // demo's credentials on raayland's tenant header do not count there.
    const crossed = await call(h.app, {
      method: 'GET',
      url: '/api/v1/notification_preferences',
      headers: { ...user.headers, 'x-tenant': 'raayland' },
    });
    expectStatus(crossed, 401);
  });
});
