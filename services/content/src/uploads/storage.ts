import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TContentConfig } from '../content.config.ts';
import type { TDb } from '../shared/request.ts';
import type { TStorageKind } from './uploads.table.ts';

/** Where a use case stores a file: its transaction (tenant set) and the tenant. */
export interface TStorageCtx {
  db: TDb;
  tenantId: string;
}

/**
 * The storage port of uploaded files, addressed by the SHA-256 of their bytes per tenant. `put` is
 * idempotent (the same bytes have the same address). Adapters: PostgreSQL (`bytea` in the use case's
 * transaction, under the tenant's RLS) and the file system (embedded profile). An S3-compatible adapter
 * would implement the same three calls.
 */
export interface TFileStorage {
  readonly kind: TStorageKind;
  put(ctx: TStorageCtx, hash: string, bytes: Buffer): Promise<void>;
  get(ctx: TStorageCtx, hash: string): Promise<Buffer | null>;
  remove(ctx: TStorageCtx, hash: string): Promise<void>;
}

export const postgresStorage: TFileStorage = {
  kind: 'postgres',
  async put({ db, tenantId }, hash, bytes) {
    await db
      .insertInto('content.file_blobs')
      .values({ tenant_id: tenantId, hash, bytes })
      .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
      .execute();
  },
  async get({ db, tenantId }, hash) {
    const row = await db
      .selectFrom('content.file_blobs')
      .select('bytes')
      .where('tenant_id', '=', tenantId)
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row?.bytes ?? null;
  },
  async remove({ db, tenantId }, hash) {
    await db
      .deleteFrom('content.file_blobs')
      .where('tenant_id', '=', tenantId)
      .where('hash', '=', hash)
      .execute();
  },
};

const HASH = /^[0-9a-f]{64}$/;
const TENANT = /^[a-z0-9-]+$/;

/**
 * Files under `<root>/<tenant>/<first two hex>/<hash>`, written to a temporary name and renamed, so a
 * reader never sees half a file. The file is written before the row commits: a rolled-back upload leaves
 * an unreferenced file that the same bytes reuse. Removal happens when asked (after the row is gone).
 */
export function fileSystemStorage(root: string): TFileStorage {
  const pathOf = (tenantId: string, hash: string) => {
    if (!HASH.test(hash) || !TENANT.test(tenantId)) throw new Error('content storage: invalid address');
    return join(root, tenantId, hash.slice(0, 2), hash);
  };
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

/** The adapters of a process: new files go to `write` (CONTENT_FILE_STORAGE); a file is read where its row says. */
export interface TStorages {
  write: TFileStorage;
  of(kind: TStorageKind): TFileStorage;
}

export function storagesFor(
  config: Pick<TContentConfig, 'CONTENT_FILE_STORAGE' | 'CONTENT_FILE_DIR'>,
): TStorages {
  const adapters: Record<TStorageKind, TFileStorage> = {
    postgres: postgresStorage,
    filesystem: fileSystemStorage(config.CONTENT_FILE_DIR),
  };
  return { write: adapters[config.CONTENT_FILE_STORAGE], of: (kind) => adapters[kind] };
}
