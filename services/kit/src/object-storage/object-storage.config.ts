import { z } from 'zod';
import { fileSystemStorage } from './file-system-storage.ts';
import type { TObjectStorage, TObjectStorageKind, TObjectStorages } from './object-storage.ts';
import { postgresStorage, type TBlobTable } from './postgres-storage.ts';
import { s3Storage, type TS3Options } from './s3-storage.ts';

/** An owner's keys without its prefix (`CONTENT_` + `FILE_STORAGE`…). */
const keysOf = (defaults: { dir: string; bucket: string }) => ({
  /**
   * Where the owner's objects live: `postgres` (its `file_blobs` table, in the writing transaction;
   * the default), `filesystem` (under `<P>_FILE_DIR`; one process) or `s3` (an S3-compatible store,
   * `<P>_S3_*`; the distributed profile, VersityGW in compose).
   */
  FILE_STORAGE: z.enum(['postgres', 'filesystem', 's3']).default('postgres'),
  FILE_DIR: z.string().min(1).default(defaults.dir),
  /** The S3 API's address, e.g. `http://versitygw:7070`; empty: AWS S3 itself (for `<P>_S3_REGION`). */
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  /** The region requests are signed for (SigV4); a single-site store takes any, usually `us-east-1`. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The owner's bucket (keys `<tenant>/<2 hex>/<key>`); created at start if missing. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3–63 of a-z, 0-9, dot, hyphen')
    .default(defaults.bucket),
  /**
   * Required with `<P>_FILE_STORAGE=s3`: the store's access key and secret (requests are signed).
   * Empty defaults rather than optional keys: a process must have parsed every key of its services.
   */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** `<endpoint>/<bucket>/<key>` (self-hosted stores) instead of `<bucket>.<endpoint>` (AWS). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});
type TKeys = ReturnType<typeof keysOf>;

/** An owner's object storage keys, `<P>_FILE_STORAGE`, `<P>_S3_BUCKET`…, as a zod shape. */
export type TObjectStorageKeys<P extends string> = { [K in keyof TKeys & string as `${P}_${K}`]: TKeys[K] };
/** Those keys as parsed. */
export type TObjectStorageConfig<P extends string> = {
  [K in keyof TKeys & string as `${P}_${K}`]: z.output<TKeys[K]>;
};

/**
 * The configuration keys of one owner's object store, prefixed with `prefix` (each service has its own
 * store: its bucket, its blob table, its folder, its credentials, as it has its own schema). A service
 * spreads them into its configuration keys, so its process parses them once at boot with the rest.
 */
export function objectStorageKeys<P extends string>(
  prefix: P,
  defaults: { dir: string; bucket: string },
): TObjectStorageKeys<P> {
  return Object.fromEntries(
    Object.entries(keysOf(defaults)).map(([key, schema]) => [`${prefix}_${key}`, schema]),
  ) as TObjectStorageKeys<P>;
}

/** Whose store: the keys' prefix and the schema's blob table (PostgreSQL adapter). */
export interface TObjectStorageOwner<P extends string> {
  prefix: P;
  blobTable: TBlobTable;
}

const read = <P extends string>(config: TObjectStorageConfig<P>, prefix: P) => {
  const c = new Map<string, unknown>(Object.entries(config));
  return <K extends keyof TKeys & string>(key: K) => c.get(`${prefix}_${key}`) as z.output<TKeys[K]>;
};

/** The S3 settings of a configuration; a missing key is a wiring mistake, told at boot. */
export function s3OptionsOf<P extends string>(config: TObjectStorageConfig<P>, prefix: P): TS3Options {
  const key = read(config, prefix);
  const accessKeyId = key('S3_ACCESS_KEY_ID');
  const secretAccessKey = key('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      `${prefix.toLowerCase()}: ${prefix}_FILE_STORAGE=s3 (or objects stored in S3) needs ${prefix}_S3_ACCESS_KEY_ID and ${prefix}_S3_SECRET_ACCESS_KEY`,
    );
  }
  return {
    endpoint: key('S3_ENDPOINT') || undefined,
    region: key('S3_REGION'),
    bucket: key('S3_BUCKET'),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: key('S3_FORCE_PATH_STYLE'),
  };
}

/** One set of adapters (one S3 client) per parsed configuration and owner: routes and activities share them. */
const perConfig = new WeakMap<object, Map<string, TObjectStorages>>();

/**
 * An owner's adapters for a parsed configuration, built once per configuration (the process's one
 * parse, reached through its deps) and owner. Writes go to `<P>_FILE_STORAGE`'s adapter; reads follow
 * the kind a row names, so a process that changed the setting still reads older objects. The S3 adapter
 * is built only when used: a process without S3 settings still reads its PostgreSQL and file rows.
 */
export function objectStoragesFor<P extends string>(
  config: TObjectStorageConfig<P>,
  owner: TObjectStorageOwner<P>,
): TObjectStorages {
  const known = perConfig.get(config)?.get(owner.prefix);
  if (known) return known;
  const key = read(config, owner.prefix);
  let s3: TObjectStorage | undefined;
  const adapters: Record<Exclude<TObjectStorageKind, 's3'>, TObjectStorage> = {
    postgres: postgresStorage(owner.blobTable),
    filesystem: fileSystemStorage(key('FILE_DIR')),
  };
  const of = (kind: TObjectStorageKind) =>
    kind === 's3' ? (s3 ??= s3Storage(s3OptionsOf(config, owner.prefix))) : adapters[kind];
  const write = of(key('FILE_STORAGE'));
  const storages: TObjectStorages = { write, of, ready: async () => write.ready?.() };
  const owners = perConfig.get(config) ?? new Map<string, TObjectStorages>();
  owners.set(owner.prefix, storages);
  perConfig.set(config, owners);
  return storages;
}
