import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasGps, PHOTO_CAMERA, photoWithGps } from '@stageplein/testing/photo-with-gps';
import { outboxEvents } from '@stageplein/testing/service-harness';
import {
  call,
  envelope,
  eventually,
  expectStatus,
  mentorship,
  named,
  partiesOfFile,
  publish,
  userWith,
  type TUser,
} from './fixtures.ts';

/**
 * Conversations (issue #35 item 5, docs/decisions/conversations.md): an internship's thread is its
 * parties' only, internal notes the school staff's only, another tenant sees nothing, attachments go
 * through the object store, read state per participant, and a new message is told once through the
 * pipeline even when its event is replayed.
 */
let otherTenant: TUser;
let thread: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const p = partiesOfFile(async () => {
  otherTenant = await userWith(p.h, 'admin', p.school, 'School', 'raayland');
  await publish(
    p.h,
    mentorship(p.school, p.mentor.id, p.student.id),
    envelope('placements.internship.created', p.mine.internship_id, p.mine),
    named(p.student, 'Sam', 'Student'),
    named(p.mentor, 'Mira', 'Mentor'),
    named(p.contact, 'Kees', 'Contact'),
  );
});

const get = (user: TUser, url: string, headers: Record<string, string> = {}) =>
  call(p.h.app, { method: 'GET', url, headers: { ...user.headers, ...headers } });
const post = (user: TUser, url: string, body?: unknown) =>
  call(p.h.app, { method: 'POST', url, headers: user.headers, ...(body ? { payload: body } : {}) });
const write = (user: TUser, id: string, body: string, internal = false) =>
  post(user, `/api/v1/conversations/${id}/messages`, {
    data: { type: 'message', attributes: { body, internal } },
  });
const open = (user: TUser, attributes: Record<string, string>) =>
  post(user, '/api/v1/conversations', { data: { type: 'conversation', attributes } });

/** The bodies of the messages a person sees, oldest first. */
async function bodiesSeenBy(user: TUser, id: string): Promise<string[]> {
  const res = await get(user, `/api/v1/conversations/${id}/messages`);
  expectStatus(res, 200);
  return res.json().data.map((m: { attributes: { body: string } }) => m.attributes.body);
}

/** A person's notifications of a kind. */
async function noticesOf(user: TUser, kind: string) {
  const res = await get(user, '/api/v1/notifications?page[size]=100');
  expectStatus(res, 200);
  return res
    .json()
    .data.filter((n: { attributes: { kind: string } }) => n.attributes.kind === kind)
    .map((n: { attributes: { text: string; link: string } }) => n.attributes);
}

async function multipart(
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer; type: string }[],
) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(`message[${k}]`, v);
  for (const f of files)
    data.append('message[attachments][]', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

describe('conversations', () => {
  it('an internship’s thread is its parties’ only: opened once, 404 to anyone else', async () => {
    const first = await open(p.student, { internship_id: p.mine.internship_id });
    expectStatus(first, 201);
    thread = first.json().data.id;
    const again = await open(p.contact, { internship_id: p.mine.internship_id });
    expectStatus(again, 200);
    expect(again.json().data.id).toBe(thread);
    const roles = Object.fromEntries(
      first.json().data.attributes.participants.map((p: { id: string; roles: string[] }) => [p.id, p.roles]),
    );
    expect(roles).toEqual({
      [p.student.id]: ['student'],
      [p.mentor.id]: ['mentor'],
      [p.schoolAdmin.id]: ['school_admin'],
      [p.contact.id]: ['organization_contact'],
      [p.providerAdmin.id]: ['organization_admin'],
    });
    expect(first.json().data.attributes.title).toBe('Stage bij de bakker · Bakkerij Brood');

    for (const party of [p.mentor, p.schoolAdmin, p.providerAdmin, p.contact])
      expectStatus(await get(party, `/api/v1/conversations/${thread}`), 200);
    expectStatus(await open(p.bystander, { internship_id: p.mine.internship_id }), 404);
    expectStatus(await get(p.bystander, `/api/v1/conversations/${thread}`), 404);
    expectStatus(await get(p.bystander, `/api/v1/conversations/${thread}/messages`), 404);
    expectStatus(await write(p.bystander, thread, 'Hallo?'), 404);
    expect((await get(p.bystander, '/api/v1/conversations')).json().data).toEqual([]);
    expectStatus(await open(p.student, { internship_id: randomUUID() }), 404);
  });

  it('internal notes: the school’s staff write and read them; student and organization never see them', async () => {
    expectStatus(await write(p.mentor, thread, 'Let op: Sam had vorige week moeite.', true), 201);
    // The staff's list says the newest message is an internal note.
    const noted = (await get(p.schoolAdmin, `/api/v1/conversations/${thread}`)).json().data.attributes;
    expect([noted.last_message_excerpt, noted.last_message_internal]).toEqual([
      'Let op: Sam had vorige week moeite.',
      true,
    ]);
    expectStatus(await write(p.student, thread, 'Hoi, wanneer begin ik?'), 201);
    expectStatus(await write(p.student, thread, 'Stiekem intern', true), 403);
    expectStatus(await write(p.contact, thread, 'Ook intern', true), 403);
    expectStatus(await write(p.providerAdmin, thread, 'Intern van het bedrijf', true), 403);
    expectStatus(await write(p.student, thread, '   '), 422);

    expect(await bodiesSeenBy(p.student, thread)).toEqual(['Hoi, wanneer begin ik?']);
    expect(await bodiesSeenBy(p.contact, thread)).toEqual(['Hoi, wanneer begin ik?']);
    expect(await bodiesSeenBy(p.providerAdmin, thread)).toEqual(['Hoi, wanneer begin ik?']);
    expect(await bodiesSeenBy(p.schoolAdmin, thread)).toEqual([
      'Let op: Sam had vorige week moeite.',
      'Hoi, wanneer begin ik?',
    ]);
    expect(await bodiesSeenBy(p.mentor, thread)).toHaveLength(2);
    // The list's newest message and the counts follow what each may read.
    const listed = (await get(p.contact, '/api/v1/conversations')).json().data[0].attributes;
    expect(listed.last_message_excerpt).toBe('Hoi, wanneer begin ik?');
    expect(listed.may_write_internal).toBe(false);
    expect(listed.last_message_internal).toBe(false);
    const staff = (await get(p.schoolAdmin, `/api/v1/conversations/${thread}`)).json().data.attributes;
    expect(staff.may_write_internal).toBe(true);
    expect(staff.unread).toBe(2);
  });

  it('a new message is told once through the pipeline, even when its event is replayed; internal notes to staff only', async () => {
    // Student's message: the mentor and the contact person hear (the organization's admin does not: there
    // is a contact), nobody hears of the mentor's internal note but staff who opened the thread.
    // The relay carries notifications' own outbox to its feed consumer.
    await eventually(async () => {
      expect(await noticesOf(p.mentor, 'message_received')).toHaveLength(1);
      expect(await noticesOf(p.contact, 'message_received')).toHaveLength(1);
    });
    const [told] = await noticesOf(p.contact, 'message_received');
    expect(told.text).toBe('Sam Student schreef in het gesprek over ‘Stage bij de bakker’');
    expect(told.link).toBe(`/conversations?id=${thread}`);
    expect(await noticesOf(p.providerAdmin, 'message_received')).toHaveLength(0);
    expect(await noticesOf(p.student, 'message_received')).toHaveLength(0);

    const events = await outboxEvents(p.h, 'notifications.conversation.message_posted', thread);
    expect(events).toHaveLength(2);
    const internal = events.find((e) => (e.data as { internal: boolean }).internal)!;
    expect((internal.data as { recipient_ids: string[] }).recipient_ids).toEqual([]);
    // Replayed: nothing new.
    await publish(p.h, ...events);
    expect(await noticesOf(p.mentor, 'message_received')).toHaveLength(1);
    expect(await noticesOf(p.contact, 'message_received')).toHaveLength(1);

    // The school admin opened the thread (above, by reading it): once read, they hear of what follows.
    expectStatus(await post(p.schoolAdmin, `/api/v1/conversations/${thread}/read`), 200);
    expectStatus(await write(p.mentor, thread, 'Alleen voor de school', true), 201);
    await eventually(async () => expect(await noticesOf(p.schoolAdmin, 'message_received')).toHaveLength(1));
    expect(await noticesOf(p.student, 'message_received')).toHaveLength(0);
    expect(await noticesOf(p.contact, 'message_received')).toHaveLength(1);
  });

  it('read state per participant: unread counts, reading moves only the reader’s, and marks their notifications read', async () => {
    expectStatus(await write(p.contact, thread, 'Je begint maandag om 9 uur.'), 201);
    const before = (await get(p.student, `/api/v1/conversations/${thread}`)).json().data.attributes;
    expect(before.unread).toBe(1);
    await eventually(async () =>
      expect(await noticesOf(p.student, 'message_received')).toMatchObject([{ read: false }]),
    );

    const read = await post(p.student, `/api/v1/conversations/${thread}/read`);
    expectStatus(read, 200);
    expect(read.json().meta.last_read_at).not.toBeNull();
    const after = (await get(p.student, `/api/v1/conversations/${thread}`)).json().data.attributes;
    expect(after.unread).toBe(0);
    const readAt = (id: string) =>
      after.participants.find((p: { id: string }) => p.id === id).last_read_at as string | null;
    expect(readAt(p.student.id)).toBe(read.json().meta.last_read_at);
    expect(readAt(p.providerAdmin.id)).toBeNull();
    expect(await noticesOf(p.student, 'message_received')).toMatchObject([{ read: true }]);
    // The mentor has not read the contact's message; the contact (its author) has.
    expect((await get(p.mentor, `/api/v1/conversations/${thread}`)).json().data.attributes.unread).toBe(1);
    expect((await get(p.contact, `/api/v1/conversations/${thread}`)).json().data.attributes.unread).toBe(0);
  });

  it('polling: the messages and the list answer 304 to their ETag until something changes', async () => {
    const url = `/api/v1/conversations/${thread}/messages`;
    const first = await get(p.student, url);
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await get(p.student, url, { 'if-none-match': etag })).statusCode).toBe(304);
    const list = await get(p.student, '/api/v1/conversations');
    expect(
      (await get(p.student, '/api/v1/conversations', { 'if-none-match': list.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    expectStatus(await write(p.contact, thread, 'Tot maandag!'), 201);
    expectStatus(await get(p.student, url, { 'if-none-match': etag }), 200);
    expectStatus(
      await get(p.student, '/api/v1/conversations', { 'if-none-match': list.headers.etag as string }),
      200,
    );
  });

  it('attachments: stored through the object store, downloaded by those who may read the message only', async () => {
    const { payload, contentType } = await multipart(
      { body: 'Het contract en een foto', internal: 'false' },
      [
        { name: 'contract.pdf', bytes: PDF, type: 'application/pdf' },
        { name: '../foto.png', bytes: PNG, type: 'image/png' },
      ],
    );
    const res = await call(p.h.app, {
      method: 'POST',
      url: `/api/v1/conversations/${thread}/messages`,
      headers: { ...p.contact.headers, 'content-type': contentType },
      payload,
    });
    expectStatus(res, 201);
    const attachments = res.json().data.attributes.attachments as {
      id: string;
      url: string;
      file_name: string;
      content_type: string;
      size: number;
    }[];
    expect(attachments.map((a) => [a.file_name, a.content_type])).toEqual([
      ['contract.pdf', 'application/pdf'],
      ['foto.png', 'image/png'],
    ]);
    // A PDF is stored as sent; an image re-encoded (its size is what is stored).
    expect(attachments[0]!.size).toBe(PDF.length);
    const image = await get(p.student, attachments[1]!.url);
    expect(attachments[1]!.size).toBe(image.rawPayload.length);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const download = await get(p.student, attachments[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="contract.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The bytes are in the object store (its PostgreSQL adapter here), under the tenant's RLS.
    const blobs = await p.h.owner.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
      return (
        await sql<{ hash: string }>`select hash from ${sql.table(`${p.h.schema}.file_blobs`)}`.execute(trx)
      ).rows;
    });
    expect(blobs).toHaveLength(2);
    expectStatus(await get(p.bystander, attachments[0]!.url), 404);

    // An internal note's attachment: staff only.
    const note = await multipart({ body: 'Verslag', internal: 'true' }, [
      {
        name: 'verslag.pdf',
        bytes: Buffer.from(PDF.toString('latin1').replace('%%EOF', '% verslag\n%%EOF')),
        type: 'application/pdf',
      },
    ]);
    const noted = await call(p.h.app, {
      method: 'POST',
      url: `/api/v1/conversations/${thread}/messages`,
      headers: { ...p.mentor.headers, 'content-type': note.contentType },
      payload: note.payload,
    });
    expectStatus(noted, 201);
    const noteUrl = noted.json().data.attributes.attachments[0].url as string;
    expect((await get(p.schoolAdmin, noteUrl)).statusCode).toBe(200);
    expectStatus(await get(p.student, noteUrl), 404);
    expectStatus(await get(p.contact, noteUrl), 404);

    // Not a PDF or an image (by its bytes, whatever its name): refused, nothing written.
    const count = (await bodiesSeenBy(p.student, thread)).length;
    const bad = await multipart({ body: 'Een script' }, [
      { name: 'echt.pdf', bytes: Buffer.from('<script>alert(1)</script>'), type: 'application/pdf' },
    ]);
    const refused = await call(p.h.app, {
      method: 'POST',
      url: `/api/v1/conversations/${thread}/messages`,
      headers: { ...p.student.headers, 'content-type': bad.contentType, 'accept-language': 'en' },
      payload: bad.payload,
    });
    expectStatus(refused, 415, 'upload_type_not_allowed');
    expect(await bodiesSeenBy(p.student, thread)).toHaveLength(count);
  });

  it('attachments: a photo is stored without its metadata and upright; disguised or active files are refused in nl and en, changing nothing', async () => {
    const send = async (file: { name: string; bytes: Buffer; type: string }, lang = 'nl') => {
      const form = await multipart({ body: `Bijlage ${file.name}` }, [file]);
      return call(p.h.app, {
        method: 'POST',
        url: `/api/v1/conversations/${thread}/messages`,
        headers: { ...p.student.headers, 'content-type': form.contentType, 'accept-language': lang },
        payload: form.payload,
      });
    };
    const blobCount = () =>
      p.h.owner.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', 'demo', true)`.execute(trx);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(
          `${p.h.schema}.file_blobs`,
        )}`.execute(trx);
        return rows[0]!.n;
      });

    // A phone's photo: 40×20 pixels stored sideways (EXIF orientation 6), with where and by what it was taken.
    const photo = await photoWithGps({ width: 40, height: 20, background: '#c33', orientation: 6 });
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString('latin1')).toContain(PHOTO_CAMERA.Make);
    expect(hasGps(original.exif)).toBe(true);
    expect([original.orientation, original.width, original.height]).toEqual([6, 40, 20]);
    const sent = await send({ name: 'IMG_0042.jpg', bytes: photo, type: 'image/jpeg' });
    expectStatus(sent, 201);
    const [attachment] = sent.json().data.attributes.attachments as { url: string; content_type: string }[];
    expect(attachment!.content_type).toBe('image/jpeg');
    const download = await get(p.contact, attachment!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain('attachment; filename="IMG_0042.jpg"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(download.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(hasGps(download.rawPayload)).toBe(false);
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // The rotation is applied to the pixels: upright, 20 wide and 40 high.
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(download.rawPayload.includes(PHOTO_CAMERA.Make)).toBe(false);

    const messages = (await bodiesSeenBy(p.student, thread)).length;
    const blobs = await blobCount();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();

    // A PNG called .pdf: its name would open it as another type on the reader's desktop.
    const renamed = await send({ name: 'contract.pdf', bytes: png, type: 'application/pdf' });
    expectStatus(renamed, 422, 'upload_name_mismatch');
    expect(renamed.json().errors[0]).toMatchObject({
      title: 'Naam past niet bij het bestand',
      detail:
        'Dit bestand is naar zijn inhoud een PNG, maar de naam eindigt op .pdf. Geef het de juiste extensie en probeer het opnieuw.',
      source: { pointer: '/data/attributes/attachments' },
    });
    const renamedEn = await send({ name: 'contract.pdf', bytes: png, type: 'application/pdf' }, 'en');
    expectStatus(renamedEn, 422, 'upload_name_mismatch');
    expect(renamedEn.json().errors[0]).toMatchObject({
      title: 'Name does not fit the file',
      detail: expect.stringContaining('a PNG by its content, but its name ends in .pdf'),
    });

    // HTML with a script, called .png and declared an image: not a type we take, by its bytes.
    const html = {
      name: 'foto.png',
      bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
      type: 'image/png',
    };
    const disguised = await send(html);
    expectStatus(disguised, 415, 'upload_type_not_allowed');
    expect(disguised.json().errors[0].title).toBe('Bestandstype niet toegestaan');
    const disguisedEn = await send(html, 'en');
    expectStatus(disguisedEn, 415, 'upload_type_not_allowed');
    expect(disguisedEn.json().errors[0].title).toBe('File type not allowed');

    // Active content inside an allowed type: a PDF that runs JavaScript when opened, an archive after a PNG.
    const scripted = Buffer.from(
      PDF.toString('latin1').replace(
        '/Type /Catalog',
        '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      ),
    );
    const active = await send({ name: 'contract.pdf', bytes: scripted, type: 'application/pdf' });
    expectStatus(active, 422, 'upload_polyglot');
    expect(active.json().errors[0].title).toBe('Bestand geweigerd');
    const activeEn = await send({ name: 'contract.pdf', bytes: scripted, type: 'application/pdf' }, 'en');
    expectStatus(activeEn, 422, 'upload_polyglot');
    expect(activeEn.json().errors[0].title).toBe('File refused');
    const appended = Buffer.concat([png, Buffer.from('PK\x03\x04 payload.jsp', 'latin1')]);
    expectStatus(
      await send({ name: 'foto.png', bytes: appended, type: 'image/png' }),
      422,
      'upload_polyglot',
    );

    // Nothing of the refused messages was written: no message, no bytes in the store.
    expect(await bodiesSeenBy(p.student, thread)).toHaveLength(messages);
    expect(await blobCount()).toBe(blobs);
  });

  it('direct conversations: only between people who share an internship', async () => {
    const direct = await open(p.student, { user_id: p.contact.id });
    expectStatus(direct, 201);
    const id = direct.json().data.id as string;
    expect(direct.json().data.attributes).toMatchObject({ kind: 'direct', title: 'Kees Contact' });
    expectStatus(await open(p.contact, { user_id: p.student.id }), 200);
    expectStatus(await open(p.student, { user_id: p.bystander.id }), 404);
    expectStatus(await open(p.student, { user_id: p.student.id }), 422);
    expectStatus(await get(p.mentor, `/api/v1/conversations/${id}`), 404);
    expectStatus(await write(p.student, id, 'Mag ik je iets vragen?', true), 403);
    expectStatus(await write(p.student, id, 'Mag ik je iets vragen?'), 201);
    await eventually(async () =>
      expect(await noticesOf(p.contact, 'direct_message_received')).toHaveLength(1),
    );
    const [told] = await noticesOf(p.contact, 'direct_message_received');
    expect(told.text).toBe('Sam Student stuurde je een bericht');
    const options = (await get(p.student, '/api/v1/conversations/options')).json().data;
    expect(options.map((o: { id: string }) => o.id).sort()).toEqual(
      [`internship:${p.mine.internship_id}`, `person:${p.mentor.id}`, `person:${p.contact.id}`].sort(),
    );
  });

  it('another tenant sees nothing of it (RLS): 404 for the conversation, its messages and writing', async () => {
    expectStatus(await get(otherTenant, `/api/v1/conversations/${thread}`), 404);
    expectStatus(await get(otherTenant, `/api/v1/conversations/${thread}/messages`), 404);
    expectStatus(await write(otherTenant, thread, 'Hallo'), 404);
    expectStatus(await open(otherTenant, { internship_id: p.mine.internship_id }), 404);
    expect((await get(otherTenant, '/api/v1/conversations')).json().data).toEqual([]);
  });
});
