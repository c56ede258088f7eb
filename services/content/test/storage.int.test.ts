import { createHash } from 'node:crypto';
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
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { testS3 } from '@stageplein/testing/s3';
import type { FastifyInstance } from 'fastify';
import { contentService } from '../src/content.module.ts';
import { editor, harness, type THarness, type TUser } from './harness.ts';

/**
 * Content on kit's object store (its contract per adapter: services/kit/test/object-storage.int.test.ts),
 * end to end: configured like the distributed profile, an upload through the content API lands in the
 * bucket and is served with the same headers as from PostgreSQL.
 */
let h: THarness;
let ed: TUser;
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
});
afterAll(async () => {
  await h?.close();
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
