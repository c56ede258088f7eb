import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, HeadBucketCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { freshDatabase } from '@stageplein/testing/harness';
import { testS3 } from '@stageplein/testing/s3';
import { APP_ROLE, createDb, createPool, dbUrls } from '../src/db/database.ts';
import { setTenant } from '../src/db/rls.ts';
import { fileBlobsMigrationV1 } from '../src/migrations/file-blobs.v1.ts';
import type { TObjectStorage, TObjectStorageCtx } from '../src/object-storage/object-storage.ts';
import {
  objectStorageKeys,
  objectStoragesFor,
  s3OptionsOf,
  type TObjectStorageConfig,
} from '../src/object-storage/object-storage.config.ts';
import { postgresStorage } from '../src/object-storage/postgres-storage.ts';
import { fileSystemStorage } from '../src/object-storage/file-system-storage.ts';
import { s3Storage } from '../src/object-storage/s3-storage.ts';
import { z } from 'zod';

/**
 * The object store's port contract, run against every adapter: PostgreSQL (a schema's `file_blobs` of
 * kit's migration, through the RLS-bound app role), the file system and S3 on the run's VersityGW;
 * then the S3 store's signing and privacy, and the configuration an owner's keys parse to.
 */
const SCHEMA = 'blobs_test';
let owner: Kysely<unknown>;
let app: Kysely<unknown>;
let dir: string;
const s3 = testS3();
const keys = objectStorageKeys('TEST', { dir: '.data/test-files', bucket: 'stageplein-test' });
const parse = (env: Record<string, string>) =>
  z.object(keys).parse(env) as unknown as TObjectStorageConfig<'TEST'>;
const s3Env = {
  TEST_FILE_STORAGE: 's3',
  TEST_S3_ENDPOINT: s3.endpoint,
  TEST_S3_REGION: s3.region,
  TEST_S3_BUCKET: s3.bucket,
  TEST_S3_ACCESS_KEY_ID: s3.accessKeyId,
  TEST_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
};
const owned = { prefix: 'TEST' as const, blobTable: `${SCHEMA}.file_blobs` as const };
const clientConfig = (secretAccessKey = s3.secretAccessKey): S3ClientConfig => ({
  endpoint: s3.endpoint,
  region: s3.region,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey },
  maxAttempts: 1,
});

beforeAll(async () => {
  const { ownerUrl, config } = await freshDatabase([], { seed: false });
  owner = createDb(createPool(ownerUrl, 1));
  await sql.raw(`create schema ${SCHEMA}`).execute(owner);
  await fileBlobsMigrationV1(SCHEMA).up(owner);
  await sql.raw(`grant usage on schema ${SCHEMA} to ${APP_ROLE}`).execute(owner);
  await sql.raw(`grant select, insert, delete on ${SCHEMA}.file_blobs to ${APP_ROLE}`).execute(owner);
  app = createDb(createPool(dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD).app, 2));
  dir = await mkdtemp(join(tmpdir(), 'object-storage-'));
});
afterAll(async () => {
  await app?.destroy();
  await owner?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The port as a use case calls it: inside a transaction with the tenant set (PostgreSQL needs both). */
function inTenant<T>(tenantId: string, fn: (ctx: TObjectStorageCtx) => Promise<T>): Promise<T> {
  return app.transaction().execute(async (trx) => {
    await setTenant(trx, tenantId);
    return fn({ db: trx, tenantId });
  });
}

const key = () => randomBytes(32).toString('hex');

const adapters: [string, () => TObjectStorage][] = [
  ['postgres', () => postgresStorage(`${SCHEMA}.file_blobs`)],
  ['filesystem', () => fileSystemStorage(dir)],
  ['s3', () => s3Storage(s3OptionsOf(parse(s3Env), 'TEST'))],
];

describe.each(adapters)('object storage contract: %s', (name, adapter) => {
  it('keeps bytes under a key per tenant: put, get, put again, remove', async () => {
    const storage = adapter();
    expect(storage.kind).toBe(name);
    await storage.ready?.();
    const k = key();
    const bytes = randomBytes(300_000); // binary, larger than one network packet
    expect(await inTenant('demo', (ctx) => storage.get(ctx, k))).toBeNull();
    await inTenant('demo', (ctx) => storage.put(ctx, k, bytes));
    // The same key again (the same content-addressed bytes) is no error and changes nothing.
    await inTenant('demo', (ctx) => storage.put(ctx, k, bytes));
    expect((await inTenant('demo', (ctx) => storage.get(ctx, k)))?.equals(bytes)).toBe(true);
    await inTenant('demo', (ctx) => storage.remove(ctx, k));
    expect(await inTenant('demo', (ctx) => storage.get(ctx, k))).toBeNull();
    // Removing what is gone is no error (a retried cleanup).
    await inTenant('demo', (ctx) => storage.remove(ctx, k));
  });

  it('keeps tenants apart: the same key in another tenant is another object', async () => {
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

describe('PostgreSQL adapter: the write is the transaction’s', () => {
  it('a rolled-back transaction takes the bytes back; RLS hides another tenant’s rows', async () => {
    const storage = postgresStorage(`${SCHEMA}.file_blobs`);
    const k = key();
    await expect(
      inTenant('demo', async (ctx) => {
        await storage.put(ctx, k, Buffer.from('gone'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await inTenant('demo', (ctx) => storage.get(ctx, k))).toBeNull();
    await inTenant('demo', (ctx) => storage.put(ctx, k, Buffer.from('kept')));
    // Asked for demo's key with another tenant set on the transaction: the policy shows nothing.
    const crossed = await app.transaction().execute(async (trx) => {
      await setTenant(trx, 'raayland');
      return storage.get({ db: trx, tenantId: 'demo' }, k).catch((error: Error) => error);
    });
    expect(crossed).toBeNull();
  });
});

describe('file system adapter', () => {
  it('lays objects out per tenant and leaves no temporary file', async () => {
    const storage = fileSystemStorage(dir);
    const k = key();
    await inTenant('nuborgh', (ctx) => storage.put(ctx, k, Buffer.from('x')));
    expect(await readdir(join(dir, 'nuborgh', k.slice(0, 2)))).toEqual([k]);
  });
});

describe('S3 store (VersityGW): signed, private', () => {
  it('refuses a request signed with a wrong secret, and an adapter with it does not start', async () => {
    const right = new S3Client(clientConfig());
    await objectStoragesFor(parse(s3Env), owned).ready();
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
      ...s3OptionsOf(parse(s3Env), 'TEST'),
      secretAccessKey: `${s3.secretAccessKey}x`,
    });
    await expect(wrongAdapter.ready!()).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('answers an unsigned read of a stored object with 403', async () => {
    const storage = objectStoragesFor(parse(s3Env), owned).write;
    const k = key();
    await inTenant('demo', (ctx) => storage.put(ctx, k, Buffer.from('private')));
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/demo/${k.slice(0, 2)}/${k}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('private');
  });
});

describe('an owner’s configuration', () => {
  it('defaults to PostgreSQL, builds one set of adapters per parsed configuration, reads where a row says', () => {
    const config = parse({});
    const storages = objectStoragesFor(config, owned);
    expect(storages.write.kind).toBe('postgres');
    expect(objectStoragesFor(config, owned)).toBe(storages);
    expect(objectStoragesFor(parse({}), owned)).not.toBe(storages);
    expect(storages.of('filesystem').kind).toBe('filesystem');
    // No S3 keys: the S3 adapter is a wiring mistake only when asked for.
    expect(() => storages.of('s3')).toThrow('TEST_S3_SECRET_ACCESS_KEY');
  });

  it('refuses a bucket name S3 would refuse', () => {
    expect(() => parse({ TEST_S3_BUCKET: 'Not_A_Bucket' })).toThrow('an S3 bucket name');
  });
});
