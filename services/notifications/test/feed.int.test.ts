import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  call,
  envelope,
  eventually,
  expectStatus,
  getAs,
  internship,
  partiesOfFile,
  publish,
  userWith,
  type TUser,
} from './fixtures.ts';

const p = partiesOfFile();

const feed = (user: TUser, query = '', lang = 'nl') =>
  getAs(p.h, user, `/api/v1/notifications${query}`, lang);
const unread = (user: TUser, etag?: string) =>
  call(p.h.app, {
    method: 'GET',
    url: '/api/v1/notifications/unread_count',
    headers: { ...user.headers, ...(etag ? { 'if-none-match': etag } : {}) },
  });
const countOf = async (eventId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from notifications.notifications where event_id = ${eventId}`.execute(p.h.owner)
    ).rows[0]!.n,
  );

describe('the feed', () => {
  it('tells the student their application was accepted, in their language, once however often the event comes', async () => {
    const accepted = envelope('placements.internship.accepted', 'x', {
      ...internship(p.student.id, { school_id: p.school, status: 'accepted' }),
      from_status: 'applied',
      reason: null,
    });
    await publish(p.h, accepted);
    await eventually(async () => expect((await feed(p.student)).json().data).toHaveLength(1));
    // The same event again (a redelivery, a replay of dead letters, a new relay): nothing more.
    await publish(p.h, accepted);
    await publish(p.h, { ...accepted });
    const later = envelope('placements.internship.declined', 'y', {
      ...internship(randomUUID(), { status: 'declined' }),
      from_status: 'applied',
      reason: null,
    });
    await publish(p.h, later); // delivered after the replays: once it is applied, they were too
    await eventually(async () => expect(await countOf(later.id)).toBe(1));
    expect(await countOf(accepted.id)).toBe(1);

    const nl = await feed(p.student);
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
    expect((await feed(p.student, '', 'en')).json().data[0].attributes.text).toBe(
      'Bakkerij Brood accepted your application for ‘Stage bij de bakker’',
    );
  });

  it('counts unread with an ETag, marks one read, then all', async () => {
    const first = await unread(p.student);
    expectStatus(first, 200);
    expect(first.json().meta).toMatchObject({ unread: 1, poll_seconds: 15 });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await unread(p.student, etag)).statusCode).toBe(304);

    const approved = envelope('placements.internship.approved', 'z', {
      ...internship(p.student.id, { school_id: p.school, status: 'approved' }),
      from_status: 'accepted',
      reason: null,
    });
    await publish(p.h, approved);
    let next = first;
    await eventually(async () => {
      next = await unread(p.student, etag);
      expect(next.statusCode).toBe(200);
    });
    expect(next.json().meta.unread).toBe(2);
    const items = (await feed(p.student)).json().data;
    expect(next.json().meta.latest_id).toBe(items[0].id);
    expect(items[0].attributes.kind).toBe('internship_approved');

    const marked = await call(p.h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${items[1].id}`,
      headers: p.student.headers,
      payload: { data: { type: 'notification', id: items[1].id, attributes: { read: true } } },
    });
    expectStatus(marked, 200);
    expect(marked.json().data.attributes.read).toBe(true);
    expect((await unread(p.student)).json().meta.unread).toBe(1);
    const unreadOnly = (await feed(p.student, '?filter[read_at_null]=true')).json();
    expect(unreadOnly.data.map((n: { id: string }) => n.id)).toEqual([items[0].id]);

    const all = await call(p.h.app, {
      method: 'POST',
      url: '/api/v1/notifications/read_all',
      headers: p.student.headers,
    });
    expectStatus(all, 200);
    expect(all.json().meta.marked).toBe(1);
    expect((await unread(p.student)).json().meta.unread).toBe(0);
  });

  it('pages the feed newest first', async () => {
    const page = await feed(p.student, '?page[size]=1&page[number]=2');
    expectStatus(page, 200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0].attributes.kind).toBe('application_accepted');
    expect(page.json().links.prev).toContain('page%5Bnumber%5D=1');
    expectStatus(await feed(p.student, '?page[size]=0'), 400, 'bad_request');
  });

  it('answers nobody without credentials, and only the caller’s own notifications', async () => {
    expectStatus(
      await call(p.h.app, { method: 'GET', url: '/api/v1/notifications', headers: { 'x-tenant': 'demo' } }),
      401,
    );
    const other = await userWith(p.h, 'student', p.school, 'School');
    expect((await feed(other)).json().data).toEqual([]);
    expect((await unread(other)).json().meta).toMatchObject({ unread: 0, latest_id: null });
    const mine = (await feed(p.student)).json().data[0];
    const patch = await call(p.h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${mine.id}`,
      headers: other.headers,
      payload: { data: { type: 'notification', id: mine.id, attributes: { read: false } } },
    });
    expectStatus(patch, 404, 'not_found');
    expect((await feed(p.student)).json().data[0].attributes.read).toBe(true);
    const readAll = await call(p.h.app, {
      method: 'POST',
      url: '/api/v1/notifications/read_all',
      headers: other.headers,
    });
    expect(readAll.json().meta.marked).toBe(0);
  });

  it('keeps tenants apart', async () => {
    const elsewhere = await userWith(p.h, 'student', randomUUID(), 'School', 'raayland');
    // An event of another tenant naming the same person (ids are global) reaches only that tenant's feed.
    const there = envelope(
      'placements.internship.accepted',
      'r',
      { ...internship(p.student.id, { status: 'accepted' }), from_status: 'applied', reason: null },
      'raayland',
    );
    const mineThere = envelope(
      'placements.internship.accepted',
      'r2',
      { ...internship(elsewhere.id, { status: 'accepted' }), from_status: 'applied', reason: null },
      'raayland',
    );
    await publish(p.h, there, mineThere);
    await eventually(async () => expect((await feed(elsewhere)).json().data).toHaveLength(1));
    expect(
      (await feed(p.student))
        .json()
        .data.map((n: { attributes: { subject_id: string } }) => n.attributes.subject_id),
    ).not.toContain(there.data.internship_id);
    expect((await feed(p.student)).json().meta.total).toBe(2);
    // Credentials of one tenant do not open another's feed.
    const crossed = await call(p.h.app, {
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { ...elsewhere.headers, 'x-tenant': 'demo' },
    });
    expectStatus(crossed, 401);
    // Nor may a notification of another tenant be marked through its id.
    const theirs = (await feed(elsewhere)).json().data[0];
    const patch = await call(p.h.app, {
      method: 'PATCH',
      url: `/api/v1/notifications/${theirs.id}`,
      headers: p.student.headers,
      payload: { data: { type: 'notification', attributes: { read: true } } },
    });
    expectStatus(patch, 404, 'not_found');
  });
});
