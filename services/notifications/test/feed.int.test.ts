import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  envelope,
  eventually,
  expectStatus,
  harness,
  internship,
  publish,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let student: TUser;
let school: string;

beforeAll(async () => {
  h = await harness();
  school = randomUUID();
  student = await userWith(h, 'student', school, 'School');
}, 120_000);
afterAll(() => h?.close());

const feed = (user: TUser, query = '', lang = 'nl') =>
  call(h.app, {
    method: 'GET',
    url: `/api/v1/notifications${query}`,
    headers: { ...user.headers, 'accept-language': lang },
  });
const unread = (user: TUser, etag?: string) =>
  call(h.app, {
    method: 'GET',
    url: '/api/v1/notifications/unread_count',
    headers: { ...user.headers, ...(etag ? { 'if-none-match': etag } : {}) },
  });
const countOf = async (eventId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from notifications.notifications where event_id = ${eventId}`.execute(h.owner)
    ).rows[0]!.n,
  );

describe('the feed', () => {
  it('tells the student their application was accepted, in their language, once however often the event comes', async () => {
    const accepted = envelope('placements.internship.accepted', 'x', {
      ...internship(student.id, { school_id: school, status: 'accepted' }),
      from_status: 'applied',
      reason: null,
    });
    await publish(h, accepted);
    await eventually(async () => expect((await feed(student)).json().data).toHaveLength(1));
    // The same event again (a redelivery, a replay of dead letters, a new relay): nothing more.
    await publish(h, accepted);
    await publish(h, { ...accepted });
    const later = envelope('placements.internship.declined', 'y', {
      ...internship(randomUUID(), { status: 'declined' }),
      from_status: 'applied',
      reason: null,
    });
    await publish(h, later); // delivered after the replays: once it is applied, they were too
    await eventually(async () => expect(await countOf(later.id)).toBe(1));
    expect(await countOf(accepted.id)).toBe(1);

    const nl = await feed(student);
    expectStatus(nl, 200);
    const [item] = nl.json().data;
    expect(item.type).toBe('notification');
    expect(item.attributes).toMatchObject({
      kind: 'application_accepted',
      category: 'applications',
      text: 'Bakkerij Brood heeft je sollicitatie op ‘Stage bij de bakker’ geaccepteerd',
      subject_type: 'internship',
      subject_id: accepted.data.internship_id,
      link: `/internships/${accepted.data.internship_id as string}`,
      read: false,
      read_at: null,
    });
    expect(nl.json().meta.total).toBe(1);
    expect((await feed(student, '', 'en')).json().data[0].attributes.text).toBe(
      'Bakkerij Brood accepted your application for ‘Stage bij de bakker’',
    );
  });

  it('counts unread with an ETag, marks one read, then all', async () => {
    const first = await unread(student);
    expectStatus(first, 200);
    expect(first.json().meta).toMatchObject({ unread: 1, poll_seconds: 15 });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await unread(student, etag)).statusCode).toBe(304);

    const approved = envelope('placements.internship.approved', 'z', {
      ...internship(student.id, { school_id: school, status: 'approved' }),
      from_status: 'accepted',
      reason: null,
    });
    await publish(h, approved);
    let next = first;
    await eventually(async () => {
      next = await unread(student, etag);
      expect(next.statusCode).toBe(200);
    });
    expect(next.json().meta.unread).toBe(2);
    const items = (await feed(student)).json().data;
    expect(next.json().meta.latest_id).toBe(items[0].id);
    expect(items[0].attributes.kind).toBe('internship_approved');

    const marked = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${items[1].id}`,
      headers: student.headers,
      payload: { data: { type: 'notification', id: items[1].id, attributes: { read: true } } },
    });
    expectStatus(marked, 200);
    expect(marked.json().data.attributes.read).toBe(true);
    expect((await unread(student)).json().meta.unread).toBe(1);
    const unreadOnly = (await feed(student, '?filter[read_at_null]=true')).json();
    expect(unreadOnly.data.map((n: { id: string }) => n.id)).toEqual([items[0].id]);

    const all = await call(h.app, {
      method: 'POST',
      url: '/api/v1/notifications/read_all',
      headers: student.headers,
    });
    expectStatus(all, 200);
    expect(all.json().meta.marked).toBe(1);
    expect((await unread(student)).json().meta.unread).toBe(0);
  });

  it('pages the feed newest first', async () => {
    const page = await feed(student, '?page[size]=1&page[number]=2');
    expectStatus(page, 200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0].attributes.kind).toBe('application_accepted');
    expect(page.json().links.prev).toContain('page%5Bnumber%5D=1');
    expectStatus(await feed(student, '?page[size]=0'), 400, 'bad_request');
  });

  it('answers nobody without credentials, and only the caller’s own notifications', async () => {
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/notifications', headers: { 'x-tenant': 'demo' } }),
      401,
    );
    const other = await userWith(h, 'student', school, 'School');
    expect((await feed(other)).json().data).toEqual([]);
    expect((await unread(other)).json().meta).toMatchObject({ unread: 0, latest_id: null });
    const mine = (await feed(student)).json().data[0];
    const patch = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${mine.id}`,
      headers: other.headers,
      payload: { data: { type: 'notification', id: mine.id, attributes: { read: false } } },
    });
    expectStatus(patch, 404, 'not_found');
    expect((await feed(student)).json().data[0].attributes.read).toBe(true);
    const readAll = await call(h.app, {
      method: 'POST',
      url: '/api/v1/notifications/read_all',
      headers: other.headers,
    });
    expect(readAll.json().meta.marked).toBe(0);
  });

  it('keeps tenants apart', async () => {
    const elsewhere = await userWith(h, 'student', randomUUID(), 'School', 'raayland');
    // An event of another tenant naming the same person (ids are global) reaches only that tenant's feed.
    const there = envelope(
      'placements.internship.accepted',
      'r',
      { ...internship(student.id, { status: 'accepted' }), from_status: 'applied', reason: null },
      'raayland',
    );
    const mineThere = envelope(
      'placements.internship.accepted',
      'r2',
      { ...internship(elsewhere.id, { status: 'accepted' }), from_status: 'applied', reason: null },
      'raayland',
    );
    await publish(h, there, mineThere);
    await eventually(async () => expect((await feed(elsewhere)).json().data).toHaveLength(1));
    expect(
      (await feed(student))
        .json()
        .data.map((n: { attributes: { subject_id: string } }) => n.attributes.subject_id),
    ).not.toContain(there.data.internship_id);
    expect((await feed(student)).json().meta.total).toBe(2);
    // Credentials of one tenant do not open another's feed.
    const crossed = await call(h.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { ...elsewhere.headers, 'x-tenant': 'demo' },
    });
    expectStatus(crossed, 401);
    // Nor may a notification of another tenant be marked through its id.
    const theirs = (await feed(elsewhere)).json().data[0];
    const patch = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${theirs.id}`,
      headers: student.headers,
      payload: { data: { type: 'notification', attributes: { read: true } } },
    });
    expectStatus(patch, 404, 'not_found');
  });
});
