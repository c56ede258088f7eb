import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toFormData } from '@stageplein/contracts/client/form-data';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import { createActivities } from '../src/activities.ts';
import { call, editor, expectStatus, harness, NOW, type THarness, type TUser } from './harness.ts';

/**
 * Files visitors upload on public forms (docs/decisions/forms.md "Files on public forms"): the render
 * token authorises the upload for one form and question, the question's limits and content's checks
 * apply, the file is private to the form's editors, a submission takes an unused file of its own
 * question, and files no submission took are removed after a day.
 */
let h: THarness;
let ed: TUser;
let otherTenantEditor: TUser;
let address = 0;
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;
const setClock = (date: Date) => {
  (h.deps as { now?: () => Date }).now = () => date;
};
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const DEFINITION: TFormDefinition = {
  format: 1,
  title: { nl: 'Aanmelding met bijlage', en: 'Sign-up with attachment' },
  pages: [
    {
      id: 'p1',
      sections: [
        {
          id: 's1',
          fields: [
            { id: 'name', type: 'short_text', label: { nl: 'Naam', en: 'Name' } },
            {
              id: 'cv',
              type: 'file_upload',
              label: { nl: 'Cv (pdf)', en: 'CV (PDF)' },
              rules: { required: true, accept: ['pdf'], max_size_mb: 1 },
            },
            { id: 'photo', type: 'file_upload', label: { nl: 'Foto', en: 'Photo' } },
          ],
        },
      ],
    },
  ],
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  h = await harness();
  ed = await editor(h, 'demo');
  otherTenantEditor = await editor(h, 'raayland');
});
afterAll(() => h.close());
beforeEach(() => setClock(NOW));

async function createForm(user: TUser, definition: TFormDefinition = DEFINITION, publish = true) {
  const created = await call(h.app, {
    method: 'POST',
    url: '/api/v1/cms/forms',
    headers: user.headers,
    payload: { data: { type: 'form', attributes: { definition } } },
  });
  expectStatus(created, 201);
  const id: string = created.json().data.id;
  if (!publish) return { id, token: 'none' };
  const published = await call(h.app, {
    method: 'POST',
    url: `/api/v1/cms/forms/${id}/publish`,
    headers: user.headers,
  });
  expectStatus(published, 200);
  return { id, token: published.json().data.attributes.public_token as string };
}

async function renderToken(token: string, tenant = 'demo'): Promise<string> {
  const shown = await call(h.app, {
    method: 'GET',
    url: `/api/v1/public/forms/${token}`,
    headers: { 'x-tenant': tenant },
  });
  expectStatus(shown, 200);
  return shown.json().data.attributes.render_token;
}

/** A multipart body as the portal sends it (contracts' toFormData: `form_file[render_token]` …). */
async function multipart(fields: Record<string, string>, bytes: Buffer, name: string) {
  const data = toFormData(
    { form_file: { ...fields, file: new File([new Uint8Array(bytes)], name) } },
    () => new FormData(),
  );
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function uploadFile(
  token: string,
  options: {
    bytes?: Buffer;
    name?: string;
    field?: string;
    render?: string;
    tenant?: string;
    ip?: string;
    lang?: string;
  } = {},
) {
  const tenant = options.tenant ?? 'demo';
  const render = options.render ?? (await renderToken(token, tenant));
  const body = await multipart(
    { render_token: render, field: options.field ?? 'cv' },
    options.bytes ?? PDF,
    options.name ?? 'cv.pdf',
  );
  return call(h.app, {
    method: 'POST',
    url: `/api/v1/public/forms/${token}/files`,
    headers: {
      'x-tenant': tenant,
      'content-type': body.contentType,
      'accept-language': options.lang ?? 'nl',
    },
    remoteAddress: options.ip ?? nextAddress(),
    payload: body.payload,
  });
}

async function submit(token: string, answers: Record<string, unknown>) {
  setClock(NOW);
  const render = await renderToken(token);
  setClock(at(10));
  try {
    return await call(h.app, {
      method: 'POST',
      url: `/api/v1/public/forms/${token}/submissions`,
      headers: { 'x-tenant': 'demo' },
      remoteAddress: nextAddress(),
      payload: { data: { type: 'form_submission', attributes: { answers, render_token: render } } },
    });
  } finally {
    setClock(NOW);
  }
}

const fileId = async (res: Awaited<ReturnType<typeof uploadFile>>) => {
  expectStatus(res, 201);
  return res.json().data.id as string;
};

describe('a visitor uploads a file on a public form', () => {
  it('stores it privately; the submission takes it; only the form’s editors download it', async () => {
    const { id, token } = await createForm(ed);
    const uploaded = await uploadFile(token, { name: 'Mijn cv (2026).pdf' });
    const cv = await fileId(uploaded);
    expect(uploaded.json().data).toMatchObject({
      type: 'form_file',
      attributes: { field: 'cv', name: 'Mijn cv (2026).pdf', content_type: 'application/pdf' },
    });
    expect(uploaded.headers['cache-control']).toContain('no-store');

    const sent = await submit(token, { name: 'Sam', cv });
    expectStatus(sent, 201);
    const submissionId: string = sent.json().data.id;

    const shown = await call(h.app, {
      url: `/api/v1/cms/forms/${id}/submissions/${submissionId}`,
      headers: ed.headers,
    });
    expectStatus(shown, 200);
    expect(shown.json().data.attributes.files).toEqual({
      cv: { id: cv, name: 'Mijn cv (2026).pdf', content_type: 'application/pdf', byte_size: PDF.length },
    });
    const listed = await call(h.app, { url: `/api/v1/cms/forms/${id}/submissions`, headers: ed.headers });
    expect(listed.json().data[0].attributes.files.cv.id).toBe(cv);

    const download = await call(h.app, { url: `/api/v1/cms/forms/${id}/files/${cv}`, headers: ed.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Mijn cv _2026_.pdf"; filename*=UTF-8''${encodeURIComponent('Mijn cv (2026).pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');

    // Not for visitors, not under the public files address, not for another tenant's editors.
    expectStatus(
      await call(h.app, { url: `/api/v1/cms/forms/${id}/files/${cv}`, headers: { 'x-tenant': 'demo' } }),
      401,
    );
    const key = (
      await sql<{ storage_key: string }>`select storage_key from content.form_files where id = ${cv}`.execute(
        h.owner,
      )
    ).rows[0]!.storage_key;
    expectStatus(
      await call(h.app, { url: `/api/v1/cms/files/${key}`, headers: { 'x-tenant': 'demo' } }),
      404,
    );
    expectStatus(
      await call(h.app, { url: `/api/v1/cms/forms/${id}/files/${cv}`, headers: otherTenantEditor.headers }),
      404,
    );

    // The file answered one submission: naming it again is refused.
    const again = await submit(token, { name: 'Sam', cv });
    expectStatus(again, 422, 'validation_failed');
    expect(again.json().errors[0].source.pointer).toBe('/data/attributes/answers/cv');
    expect(again.json().errors[0].detail).toBe('Upload het bestand opnieuw');
  });

  it('images are re-encoded without their EXIF metadata', async () => {
    const { id, token } = await createForm(ed);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Visitor' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const photoId = await fileId(await uploadFile(token, { field: 'photo', bytes: photo, name: 'foto.jpg' }));
    const cv = await fileId(await uploadFile(token));
    expectStatus(await submit(token, { cv, photo: photoId }), 201);
    const download = await call(h.app, {
      url: `/api/v1/cms/forms/${id}/files/${photoId}`,
      headers: ed.headers,
    });
    expect(download.statusCode).toBe(200);
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(download.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('refuses another form’s render token, a forged one, and a question that is not a file question', async () => {
    const a = await createForm(ed);
    const b = await createForm(ed);
    expectStatus(await uploadFile(a.token, { render: await renderToken(b.token) }), 422, 'form_expired');
    expectStatus(await uploadFile(a.token, { render: 'forged' }), 422, 'form_expired');
    const wrongField = await uploadFile(a.token, { field: 'name' });
    expectStatus(wrongField, 422, 'validation_failed');
    expect(wrongField.json().errors[0].source.pointer).toBe('/field');
    expectStatus(await uploadFile(a.token, { field: 'nope' }), 422, 'validation_failed');
    // A stale render token (older than a day).
    const stale = await renderToken(a.token);
    setClock(at(25 * 3600));
    expectStatus(await uploadFile(a.token, { render: stale }), 422, 'form_expired');
  });

  it('refuses an unpublished, an archived and an unknown form (404) and nothing is stored', async () => {
    const before = await countFiles();
    const draft = await createForm(ed, DEFINITION, false);
    const body = await multipart({ render_token: 'x', field: 'cv' }, PDF, 'cv.pdf');
    for (const token of [draft.id, 'unknown-token']) {
      const res = await call(h.app, {
        method: 'POST',
        url: `/api/v1/public/forms/${token}/files`,
        headers: { 'x-tenant': 'demo', 'content-type': body.contentType },
        remoteAddress: nextAddress(),
        payload: body.payload,
      });
      expectStatus(res, 404);
    }
    const archived = await createForm(ed);
    const render = await renderToken(archived.token);
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/cms/forms/${archived.id}/archive`,
        headers: ed.headers,
      }),
      200,
    );
    expectStatus(await uploadFile(archived.token, { render }), 404);
    expect(await countFiles()).toBe(before);
  });

  it('applies the question’s kinds and size and content’s checks, with messages in nl and en', async () => {
    const { token } = await createForm(ed);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrongKind = await uploadFile(token, { bytes: png, name: 'cv.pdf' });
    expectStatus(wrongKind, 415, 'form_file_type_not_allowed');
    expect(wrongKind.json().errors[0].detail).toContain('PDF');
    const gif = await uploadFile(token, {
      field: 'photo',
      bytes: Buffer.from('GIF89a......'),
      name: 'a.gif',
      lang: 'en',
    });
    expectStatus(gif, 415, 'form_file_type_not_allowed');
    expect(gif.json().errors[0].detail).toBe(
      'This question only takes: JPEG, PNG, WebP, PDF. The content of the file decides its type.',
    );
    const polyglot = Buffer.concat([png, Buffer.from('PK\x03\x04 appended archive', 'latin1')]);
    expectStatus(
      await uploadFile(token, { field: 'photo', bytes: polyglot, name: 'p.png' }),
      422,
      'upload_polyglot',
    );
    const scripted = Buffer.from(
      '%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (x) >> >>\nendobj\n%%EOF\n',
    );
    expectStatus(await uploadFile(token, { bytes: scripted }), 422, 'upload_polyglot');

    // 1 MB on this question: a PDF of 1.2 MB is too large, with the question's limit in the message.
    const big = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(1_200_000, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const tooLarge = await uploadFile(token, { bytes: big });
    expectStatus(tooLarge, 413, 'file_too_large');
    expect(tooLarge.json().errors[0].detail).toBe('Het bestand mag maximaal 1 MB zijn.');
  });

  it('a render token a submission used takes no more files (#31.6)', async () => {
    const { token } = await createForm(ed);
    setClock(NOW);
    const render = await renderToken(token);
    const cv = await fileId(await uploadFile(token, { render }));
    setClock(at(10));
    const sent = await call(h.app, {
      method: 'POST',
      url: `/api/v1/public/forms/${token}/submissions`,
      headers: { 'x-tenant': 'demo' },
      remoteAddress: nextAddress(),
      payload: { data: { type: 'form_submission', attributes: { answers: { cv }, render_token: render } } },
    });
    expectStatus(sent, 201);
    expectStatus(await uploadFile(token, { render }), 409, 'form_already_submitted');
    setClock(NOW);
  });

  it('takes fewer pixels than editors’ uploads: a 30-megapixel PNG is refused, 24 megapixels pass (#31.5)', async () => {
    const { token } = await createForm(ed);
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#2a6' } })
        .png({ compressionLevel: 1 })
        .toBuffer();
    const big = await uploadFile(token, { field: 'photo', bytes: await png(6000, 5000), name: 'big.png' });
    expectStatus(big, 422, 'upload_unreadable');
    expectStatus(
      await uploadFile(token, { field: 'photo', bytes: await png(6000, 4000), name: 'ok.png' }),
      201,
    );
  });

  it('a submission refuses a file of another form, of another question and one never uploaded', async () => {
    const a = await createForm(ed);
    const b = await createForm(ed);
    const ofB = await fileId(await uploadFile(b.token));
    const photoOfA = await fileId(
      await uploadFile(a.token, {
        field: 'photo',
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
        name: 'x.png',
      }),
    );
    for (const cv of [ofB, photoOfA, '8d0f7a36-4c3e-4d6c-9a5e-0b7f0e6f2c11']) {
      const res = await submit(a.token, { cv });
      expectStatus(res, 422, 'validation_failed');
      expect(res.json().errors[0].source.pointer).toBe('/data/attributes/answers/cv');
    }
    // B's file is still unused and B's form takes it.
    expectStatus(await submit(b.token, { cv: ofB }), 201);
  });

  it('is rate-limited per client address', async () => {
    const { token } = await createForm(ed);
    const ip = nextAddress();
    const limit = h.deps.config.RATE_LIMIT_FORM_FILES as number;
    for (let i = 0; i < limit; i += 1) expectStatus(await uploadFile(token, { render: 'x', ip }), 422);
    expectStatus(await uploadFile(token, { render: 'x', ip }), 429, 'rate_limited');
    expectStatus(await uploadFile(token, { render: 'x', ip: nextAddress() }), 422);
  });

  it('is per tenant: a form’s token on another tenant’s host is unknown', async () => {
    const { token } = await createForm(ed);
    const render = await renderToken(token);
    expectStatus(await uploadFile(token, { render, tenant: 'raayland' }), 404);
    const theirs = await createForm(otherTenantEditor);
    // Their render token on our host: their form is unknown here.
    expectStatus(
      await uploadFile(theirs.token, { render: await renderToken(theirs.token, 'raayland') }),
      404,
    );
  });
});

const countFiles = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from content.form_files`.execute(h.owner)).rows[0]!.n,
  );

describe('files no submission took', () => {
  it('are removed after a day with their bytes; submitted and newer files stay', async () => {
    const { token } = await createForm(ed);
    const submitted = await fileId(await uploadFile(token));
    expectStatus(await submit(token, { cv: submitted }), 201);
    const abandoned = await fileId(await uploadFile(token));
    setClock(at(20 * 3600));
    const recent = await fileId(await uploadFile(token));
    setClock(NOW);
    const keyOf = async (id: string) =>
      (
        await sql<{
          storage_key: string;
        }>`select storage_key from content.form_files where id = ${id}`.execute(h.owner)
      ).rows[0]?.storage_key;
    const abandonedKey = (await keyOf(abandoned))!;
    const blobs = async (key: string) =>
      (
        await sql`select 1 from content.file_blobs where tenant_id = 'demo' and hash = ${key}`.execute(
          h.owner,
        )
      ).rows.length;
    expect(await blobs(abandonedKey)).toBe(1);

    const activities = createActivities({ db: h.deps.db, config: h.deps.config });
    expect(await activities.formFileCleanupTenants()).toContain('demo');
    // A day after the upload less a minute: nothing yet.
    const early = await activities.removeTenantUnusedFormFiles({
      tenant: 'demo',
      at: at(24 * 3600 - 60).toISOString(),
    });
    expect(early).toEqual({ tenant: 'demo', removed: 0 });
    const due = await activities.removeTenantUnusedFormFiles({
      tenant: 'demo',
      at: at(24 * 3600 + 60).toISOString(),
    });
    expect(due.removed).toBeGreaterThanOrEqual(1);
    expect(await keyOf(abandoned)).toBeUndefined();
    expect(await blobs(abandonedKey)).toBe(0);
    expect(await keyOf(submitted)).toBeDefined();
    expect(await keyOf(recent)).toBeDefined();
    // Another tenant's run removes nothing of this one.
    const other = await activities.removeTenantUnusedFormFiles({
      tenant: 'raayland',
      at: at(48 * 3600).toISOString(),
    });
    expect(other.tenant).toBe('raayland');
    expect(await keyOf(recent)).toBeDefined();
    // A removed file cannot be submitted any more.
    expectStatus(await submit(token, { cv: abandoned }), 422, 'validation_failed');
  });
});
