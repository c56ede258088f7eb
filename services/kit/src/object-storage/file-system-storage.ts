import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { addressOf, type TObjectStorage } from './object-storage.ts';

/**
 * Objects under `<root>/<tenant>/<first two hex>/<key>`, written to a temporary name and renamed, so a
 * reader never sees half a file. The file is written before the row commits: a rolled-back write leaves
 * an unreferenced file that the same bytes reuse. Removal happens when asked (after the row is gone).
 */
export function fileSystemStorage(root: string): TObjectStorage {
  const pathOf = (tenantId: string, key: string) => join(root, ...addressOf(tenantId, key));
  return {
    kind: 'filesystem',
    async put({ tenantId }, key, bytes) {
      const path = pathOf(tenantId, key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get({ tenantId }, key) {
      try {
        return await readFile(pathOf(tenantId, key));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove({ tenantId }, key) {
      await rm(pathOf(tenantId, key), { force: true });
    },
  };
}
