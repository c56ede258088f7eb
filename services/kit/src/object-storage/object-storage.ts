import type { Kysely } from 'kysely';

/** The adapters of the object store; a row that points at stored bytes names the one that holds them. */
export type TObjectStorageKind = 'postgres' | 'filesystem' | 's3';

/**
 * Where a use case stores an object: its transaction (tenant set; the PostgreSQL adapter writes in it)
 * and the tenant. Any service's database or transaction fits (`Kysely<DB>` for any `DB`).
 */
export interface TObjectStorageCtx {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's tables: the adapter names its own
  db: Kysely<any>;
  tenantId: string;
}

/**
 * The object store's port: bytes addressed per tenant by a key of 64 hex digits (a SHA-256 of the
 * bytes for content-addressed files, so `put` is idempotent; a random key for others). Adapters:
 * PostgreSQL (`bytea` in the use case's transaction, under the tenant's RLS), the file system (one
 * process) and an S3-compatible store (distributed profile). They only store bytes: checks, addressing
 * and the served headers are the use cases' and routes', the same for every adapter
 * (`services/kit/test/object-storage.int.test.ts` runs one contract suite against each).
 */
export interface TObjectStorage {
  readonly kind: TObjectStorageKind;
  put(ctx: TObjectStorageCtx, key: string, bytes: Buffer): Promise<void>;
  get(ctx: TObjectStorageCtx, key: string): Promise<Buffer | null>;
  remove(ctx: TObjectStorageCtx, key: string): Promise<void>;
  /** Makes the store usable (S3: the bucket exists); awaited at start, so a wrong setting fails the boot. */
  ready?(): Promise<void>;
  /** Whether the store answers now (S3: the bucket is there and the keys work); a service's /ready asks. */
  check?(): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;
const TENANT = /^[a-z0-9-]+$/;

/**
 * Where an object lives in a store of paths (the file system's folders, S3 keys): `<tenant>/<first two
 * hex>/<key>`. Every adapter checks its addresses with it: only tenant ids and 64 hex digits, so no
 * address leaves its tenant's folder.
 */
export function addressOf(tenantId: string, key: string): string[] {
  if (!KEY.test(key) || !TENANT.test(tenantId)) throw new Error('object storage: invalid address');
  return [tenantId, key.slice(0, 2), key];
}

/** A process's adapters for one owner: new objects go to `write`; an object is read where its row says. */
export interface TObjectStorages {
  write: TObjectStorage;
  of(kind: TObjectStorageKind): TObjectStorage;
  /** The write adapter is usable (S3: its bucket exists); awaited when the routes start. */
  ready(): Promise<void>;
}
