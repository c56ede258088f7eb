import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { toFormData } from '@stageplein/contracts/client/form-data';
import { setTenant } from '@stageplein/kit/db/rls';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { testS3 } from '@stageplein/testing/s3';
import type { FastifyInstance } from 'fastify';
import { contentService } from '../src/content.module.ts';
import type { TDb } from '../src/shared/request.ts';
import {
  fileSystemStorage,
  postgresStorage,
  s3OptionsOf,
  s3Storage,
  storagesFor,
  type TFileStorage,
} from '../src/cms/uploads/storage.ts';
import { editor, harness, type THarness, type TUser } from './harness.ts';

/**
 * The storage port's contract, run against every adapter (PostgreSQL, the file system, S3 on a real
 * VersityGW), and the S3 adapter end to end: configured like the distributed profile, an upload through
 * the content API lands in the bucket and is served with the same headers as from PostgreSQL.
 */
let h: THarness;
let ed: TUser;
let dir: string;
const s3 = testS3();
const s3Config = () => ({
  ...h.deps.config,
  CONTENT_FILE_STORAGE: 's3' as const,
  CONTENT_S3_ENDPOINT: s3.endpoint,
  CONTENT_S3_REGION: s3.region,
  CONTENT_S3_BUCKET: s3.bucket,
  CONTENT_S3_ACCESS_KEY_ID: s3.accessKeyId,
  CONTENT_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  CONTENT_S3_FORCE_PATH_STYLE: true,
});
const clientConfig = (secretAccessKey = s3.secretAccessKey): S3ClientConfig => ({
  endpoint: s3.endpoint,
  region: s3.region,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey },
  maxAttempts: 1,
});

beforeAll(async () => {
  h = await harness();
  ed = await editor(h, 'demo');
  dir = await mkdtemp(join(tmpdir(), 'content-storage-'));
});
afterAll(async () => {
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The port as a use case calls it: inside a transaction with the tenant set (PostgreSQL needs both). */
function inTenant<T>(tenantId: string, fn: (ctx: { db: TDb; tenantId: string }) => Promise<T>): Promise<T> {
  return h.deps.db.transaction().execute(async (trx) => {
    await setTenant(trx, tenantId);
    return fn({ db: trx as unknown as TDb, tenantId });
  });
}

const key = () => randomBytes(32).toString('hex');

const adapters: [string, () => TFileStorage][] = [
  ['postgres', () => postgresStorage],
  ['filesystem', () => fileSystemStorage(dir)],
  ['s3', () => s3Storage(s3OptionsOf(s3Config()))],
];

describe.each(adapters)('storage port contract: %s', (_name, adapter) => {
  it('keeps bytes under a key per tenant: put, get, put again, remove', async () => {
    const storage = adapter();
    await storage.ready?.();
    const k = key();
    const bytes = randomBytes(300_000); // binary, larger than one network packet
    expect(await inTenant('demo', (ctx) => storage.get(ctx, k))).toBeNull();
    await inTenant('demo', (ctx) => storage.put(ctx, k, bytes));
    // The same key again (the same upload's bytes) is no error and changes nothing.
    await inTenant('demo', (ctx) => storage.put(ctx, k, bytes));
    expect((await inTenant('demo', (ctx) => storage.get(ctx, k)))?.equals(bytes)).toBe(true);
    await inTenant('demo', (ctx) => storage.remove(ctx, k));
    expect(await inTenant('demo', (ctx) => storage.get(ctx, k))).toBeNull();
    // Removing what is gone is no error (a retried cleanup).
    await inTenant('demo', (ctx) => storage.remove(ctx, k));
  });

  it('keeps tenants apart: the same key in another tenant is another file', async () => {
    const storage = adapter();
    const k = key();
    await inTenant('demo', (ctx) => storage.put(ctx, k, Buffer.from('demo’s')));
    expect(await inTenant('raayland', (ctx) => storage.get(ctx, k))).toBeNull();
    await inTenant('raayland', (ctx) => storage.remove(ctx, k));
    expect((await inTenant('demo', (ctx) => storage.get(ctx, k)))?.toString()).toBe('demo’s');
  });

  it('refuses addresses that are not a tenant and 64 hex digits', async () => {
    const storage = adapter();
    await expect(inTenant('demo', (ctx) => storage.get(ctx, '../../etc/passwd'))).rejects.toThrow(
      'invalid address',
    );
    await expect(
      inTenant('demo', (ctx) => storage.put({ ...ctx, tenantId: 'demo/..' }, key(), Buffer.from('x'))),
    ).rejects.toThrow('invalid address');
  });
});

describe('S3 store (VersityGW): signed, private', () => {
  it('refuses a request signed with a wrong secret, and an adapter with it does not start', async () => {
    const right = new S3Client(clientConfig());
    await storagesFor(s3Config()).ready();
    await expect(right.send(new HeadBucketCommand({ Bucket: s3.bucket }))).resolves.toBeDefined();
    const wrong = new S3Client(clientConfig(`${s3.secretAccessKey}x`));
    const refused = await wrong
      .send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'demo/00/anything' }))
      .then(
        () => null,
        (error: { name: string; $metadata?: { httpStatusCode?: number } }) => error,
      );
    expect(refused?.$metadata?.httpStatusCode).toBe(403);
    expect(refused?.name).toBe('SignatureDoesNotMatch');
    const wrongAdapter = s3Storage({
      ...s3OptionsOf(s3Config()),
      secretAccessKey: `${s3.secretAccessKey}x`,
    });
    await expect(wrongAdapter.ready!()).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('answers an unsigned read of a stored object with 403', async () => {
    const storage = storagesFor(s3Config()).write;
    const k = key();
    await inTenant('demo', (ctx) => storage.put(ctx, k, Buffer.from('private')));
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/demo/${k.slice(0, 2)}/${k}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('private');
  });
});

describe('the distributed profile’s configuration: uploads in S3 through the content API', () => {
  let app: FastifyInstance;
  const bucket = testS3().bucket;
  const config = () => ({ ...s3Config(), CONTENT_S3_BUCKET: bucket });
  const client = () => new S3Client(clientConfig());

  beforeAll(async () => {
    // The bucket does not exist yet: the content service creates it when it starts.
    await expect(client().send(new HeadBucketCommand({ Bucket: bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    app = await createHttpApp({ name: 'content-s3-test', logger: false });
    await registerService(app, contentService, { ...h.deps, config: config() });
  });
  afterAll(() => app?.close());

  async function upload(target: FastifyInstance, bytes: Buffer, headers: Record<string, string>) {
    const data = toFormData(
      { upload: { file: new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' }) } },
      () => new FormData(),
    );
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    return target.inject({
      method: 'POST',
      url: '/api/v1/cms/uploads',
      headers: { ...headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  it('creates the bucket at start, stores the checked file in it and serves it like any other', async () => {
    await expect(client().send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 99, b: 199 } },
    })
      .png()
      .toBuffer();
    const res = await upload(app, png, ed.headers);
    expect(res.statusCode, res.body).toBe(201);
    const { hash, url } = res.json().data.attributes;
    const id = res.json().data.id as string;

    const rows = await sql<{ storage: string }>`select storage from content.uploads where id = ${id}`.execute(
      h.owner,
    );
    expect(rows.rows).toEqual([{ storage: 's3' }]);
    const blobs = await sql`select 1 from content.file_blobs where hash = ${hash}`.execute(h.owner);
    expect(blobs.rows).toHaveLength(0);
    const object = await client().send(
      new GetObjectCommand({ Bucket: bucket, Key: `demo/${hash.slice(0, 2)}/${hash}` }),
    );
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(createHash('sha256').update(stored).digest('hex')).toBe(hash);

    const served = await app.inject({ method: 'GET', url, headers: { 'x-tenant': 'demo' } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
    // The same file kept in PostgreSQL (another tenant, the default app) is served with the same headers.
    const other = await editor(h, 'raayland');
    const pg = await upload(h.app, png, other.headers);
    expect(pg.statusCode, pg.body).toBe(201);
    const fromPostgres = await h.app.inject({ method: 'GET', url, headers: { 'x-tenant': 'raayland' } });
    const headersOf = (r: typeof served) => {
      const { date: _date, ...rest } = r.headers;
      return rest;
    };
    expect(headersOf(served)).toEqual(headersOf(fromPostgres));

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/cms/uploads/${id}`,
      headers: ed.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await expect(
      client().send(new HeadObjectCommand({ Bucket: bucket, Key: `demo/${hash.slice(0, 2)}/${hash}` })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
  });

  it('is ready while its bucket answers, and says so on /ready when it no longer does', async () => {
    const ready = async () => {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      return {
        status: res.statusCode,
        files: (res.json() as { checks: Record<string, string> }).checks['content-files'],
      };
    };
    expect(await ready()).toEqual({ status: 200, files: 'ok' });
    // The store loses the bucket (emptied by the test above, then removed).
    await client().send(new DeleteBucketCommand({ Bucket: bucket }));
    const gone = await ready();
    expect(gone.status).toBe(503);
    expect(gone.files).not.toBe('ok');
    await client().send(new CreateBucketCommand({ Bucket: bucket }));
    expect(await ready()).toEqual({ status: 200, files: 'ok' });
  });

  it('refuses to start without the S3 keys', async () => {
    const broken = await createHttpApp({ name: 'content-s3-broken', logger: false });
    try {
      await expect(
        registerService(broken, contentService, {
          ...h.deps,
          config: { ...config(), CONTENT_S3_SECRET_ACCESS_KEY: '' },
        }),
      ).rejects.toThrow('CONTENT_S3_SECRET_ACCESS_KEY');
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
