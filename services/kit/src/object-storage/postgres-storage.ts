import type { TObjectStorage } from './object-storage.ts';
import { addressOf } from './object-storage.ts';

/** The blob table of a schema (`fileBlobsMigrationV1`, or content's own of the same shape). */
export type TBlobTable = `${string}.file_blobs`;

/** A schema's blob table as Kysely sees it. */
export interface TFileBlobsTable {
  tenant_id: string;
  hash: string;
  bytes: Buffer;
}

/**
 * Bytes in the owner's `<schema>.file_blobs`, written in the use case's transaction (a rollback takes
 * them back), under the tenant's RLS.
 */
export function postgresStorage(table: TBlobTable): TObjectStorage {
  return {
    kind: 'postgres',
    async put({ db, tenantId }, key, bytes) {
      addressOf(tenantId, key);
      await db
        .insertInto(table)
        .values({ tenant_id: tenantId, hash: key, bytes })
        .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
        .execute();
    },
    async get({ db, tenantId }, key) {
      addressOf(tenantId, key);
      const row = (await db
        .selectFrom(table)
        .select('bytes')
        .where('tenant_id', '=', tenantId)
        .where('hash', '=', key)
        .executeTakeFirst()) as { bytes: Buffer } | undefined;
      return row?.bytes ?? null;
    },
    async remove({ db, tenantId }, key) {
      addressOf(tenantId, key);
      await db.deleteFrom(table).where('tenant_id', '=', tenantId).where('hash', '=', key).execute();
    },
  };
}
