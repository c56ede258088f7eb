import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { TContentConfig } from '../../content.config.ts';
import type { TDb } from '../../shared/request.ts';
import type { TStorageKind } from './uploads.table.ts';

/** Where a use case stores a file: its transaction (tenant set) and the tenant. */
export interface TStorageCtx {
  db: TDb;
  tenantId: string;
}

/**
 * The storage port of uploaded files, addressed per tenant by a key of 64 hex digits: the SHA-256 of
 * the bytes for uploads (`put` is idempotent: the same bytes have the same address), a random one for
 * form files. Adapters: PostgreSQL (`bytea` in the use case's transaction, under the tenant's RLS), the
 * file system (embedded profile) and an S3-compatible store (distributed profile). They only store
 * bytes: checks, content addressing and the served headers are the use cases' and routes', the same
 * for every adapter (`test/storage.int.test.ts` runs one contract suite against each).
 */
export interface TFileStorage {
  readonly kind: TStorageKind;
  put(ctx: TStorageCtx, hash: string, bytes: Buffer): Promise<void>;
  get(ctx: TStorageCtx, hash: string): Promise<Buffer | null>;
  remove(ctx: TStorageCtx, hash: string): Promise<void>;
  /** Makes the store usable (S3: the bucket exists); awaited at start, so a wrong setting fails the boot. */
  ready?(): Promise<void>;
  /** Whether the store answers now (S3: the bucket is there and the keys work); the service's /ready asks. */
  check?(): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;
const TENANT = /^[a-z0-9-]+$/;

/**
 * Where a file lives in a store of paths (the file system's folders, S3 keys): `<tenant>/<first two
 * hex>/<key>`. Every adapter checks its addresses with it: only tenant ids and 64 hex digits, so no
 * address leaves its tenant's folder.
 */
export function addressOf(tenantId: string, hash: string): string[] {
  if (!HASH.test(hash) || !TENANT.test(tenantId)) throw new Error('content storage: invalid address');
  return [tenantId, hash.slice(0, 2), hash];
}

/** Bytes in `content.file_blobs`, written in the use case's transaction (a rollback takes them back). */
export const postgresStorage: TFileStorage = {
  kind: 'postgres',
  async put({ db, tenantId }, hash, bytes) {
    addressOf(tenantId, hash);
    await db
      .insertInto('content.file_blobs')
      .values({ tenant_id: tenantId, hash, bytes })
      .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
      .execute();
  },
  async get({ db, tenantId }, hash) {
    addressOf(tenantId, hash);
    const row = await db
      .selectFrom('content.file_blobs')
      .select('bytes')
      .where('tenant_id', '=', tenantId)
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row?.bytes ?? null;
  },
  async remove({ db, tenantId }, hash) {
    addressOf(tenantId, hash);
    await db
      .deleteFrom('content.file_blobs')
      .where('tenant_id', '=', tenantId)
      .where('hash', '=', hash)
      .execute();
  },
};

/**
 * Files under `<root>/<tenant>/<first two hex>/<hash>`, written to a temporary name and renamed, so a
 * reader never sees half a file. The file is written before the row commits: a rolled-back upload leaves
 * an unreferenced file that the same bytes reuse. Removal happens when asked (after the row is gone).
 */
export function fileSystemStorage(root: string): TFileStorage {
  const pathOf = (tenantId: string, hash: string) => join(root, ...addressOf(tenantId, hash));
  return {
    kind: 'filesystem',
    async put({ tenantId }, hash, bytes) {
      const path = pathOf(tenantId, hash);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get({ tenantId }, hash) {
      try {
        return await readFile(pathOf(tenantId, hash));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove({ tenantId }, hash) {
      await rm(pathOf(tenantId, hash), { force: true });
    },
  };
}

export interface TS3Options {
  /** Unset: AWS S3 for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Objects `<tenant>/<first two hex>/<key>` in one private bucket (no ACL is ever granted: a file reaches
 * visitors only through the files route, with its checked type and headers). Every request is signed
 * (SigV4) with the configured key. Like the file system, the object is written before the row commits;
 * a rolled-back upload leaves an unreferenced object that the same bytes reuse.
 */
export function s3Storage(options: TS3Options): TFileStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const keyOf = (tenantId: string, hash: string) => addressOf(tenantId, hash).join('/');

  async function ensureBucket() {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
      return;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    try {
      await client.send(new CreateBucketCommand({ Bucket }));
    } catch (error) {
      // Another instance created it meanwhile.
      if ((error as Error).name !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }
  let bucket: Promise<void> | undefined;
  const ready = () =>
    (bucket ??= ensureBucket().catch((error: unknown) => {
      bucket = undefined; // try again next time (the store may come up later)
      throw error;
    }));

  return {
    kind: 's3',
    ready,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put({ tenantId }, hash, bytes) {
      await ready();
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(tenantId, hash),
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get({ tenantId }, hash) {
      await ready();
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(tenantId, hash) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // Only a missing object is "no file"; a missing bucket or a refusal is an error.
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove({ tenantId }, hash) {
      await ready();
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(tenantId, hash) }));
    },
  };
}

export type TStorageConfig = Pick<
  TContentConfig,
  | 'CONTENT_FILE_STORAGE'
  | 'CONTENT_FILE_DIR'
  | 'CONTENT_S3_ENDPOINT'
  | 'CONTENT_S3_REGION'
  | 'CONTENT_S3_BUCKET'
  | 'CONTENT_S3_ACCESS_KEY_ID'
  | 'CONTENT_S3_SECRET_ACCESS_KEY'
  | 'CONTENT_S3_FORCE_PATH_STYLE'
>;

/** The S3 settings of a configuration; a missing key is a wiring mistake, told at boot. */
export function s3OptionsOf(config: TStorageConfig): TS3Options {
  const { CONTENT_S3_ACCESS_KEY_ID: accessKeyId, CONTENT_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'content: CONTENT_FILE_STORAGE=s3 (or uploads stored in S3) needs CONTENT_S3_ACCESS_KEY_ID and CONTENT_S3_SECRET_ACCESS_KEY',
    );
  }
  return {
    endpoint: config.CONTENT_S3_ENDPOINT || undefined,
    region: config.CONTENT_S3_REGION,
    bucket: config.CONTENT_S3_BUCKET,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.CONTENT_S3_FORCE_PATH_STYLE,
  };
}

/** The adapters of a process: new files go to `write` (CONTENT_FILE_STORAGE); a file is read where its row says. */
export interface TStorages {
  write: TFileStorage;
  of(kind: TStorageKind): TFileStorage;
  /** The write adapter is usable (S3: its bucket exists); awaited when the routes start. */
  ready(): Promise<void>;
}

/** One set of adapters (one S3 client) per parsed configuration: routes and activities share them. */
const perConfig = new WeakMap<object, TStorages>();

export function storagesFor(config: TStorageConfig): TStorages {
  const known = perConfig.get(config);
  if (known) return known;
  let s3: TFileStorage | undefined;
  const adapters: Record<Exclude<TStorageKind, 's3'>, TFileStorage> = {
    postgres: postgresStorage,
    filesystem: fileSystemStorage(config.CONTENT_FILE_DIR),
  };
  // Built only when used: a process without S3 settings still reads its PostgreSQL and file-system rows.
  const of = (kind: TStorageKind) =>
    kind === 's3' ? (s3 ??= s3Storage(s3OptionsOf(config))) : adapters[kind];
  const write = of(config.CONTENT_FILE_STORAGE);
  const storages: TStorages = { write, of, ready: async () => write.ready?.() };
  perConfig.set(config, storages);
  return storages;
}
