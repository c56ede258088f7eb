import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createDb, createPool } from '@stageplein/kit/db/database';
import { prepareDatabase } from '@stageplein/kit/runtime/platform';
import type { TServiceModule } from '@stageplein/kit/service';
import type { TStackConfig } from '@stageplein/stack/services';
import { freshDatabase } from './harness.ts';

export interface TSeededDatabase {
  /** The owner's connection (no RLS): what a seed test reads back. */
  readonly owner: Kysely<unknown>;
  /** Runs every service's seeds again on the same database: a seed must change nothing the second time. */
  reseed(): Promise<void>;
}

/**
 * The setup of a seed test file: before its tests, a fresh database migrated and seeded for `services`
 * (in their order: a service's seeds may need the events of the ones before it), from the run's
 * template (harness.ts `freshDatabase`), and an owner connection, closed after them. Call it at the top
 * of the file; read `owner` inside the tests.
 */
export function seededDatabase(
  services: readonly TServiceModule<TStackConfig>[],
  options: { timeoutMs?: number } = {},
): TSeededDatabase {
  let owner: Kysely<unknown> | undefined;
  let ownerUrl = '';
  let config: TStackConfig | undefined;
  beforeAll(async () => {
    ({ ownerUrl, config } = await freshDatabase(services, { seed: true }));
    owner = createDb(createPool(ownerUrl, 2));
  }, options.timeoutMs ?? 120_000);
  afterAll(async () => {
    await owner?.destroy();
  });
  return {
    get owner() {
      if (!owner) throw new Error('seededDatabase: read `owner` inside a test (it opens in beforeAll)');
      return owner;
    },
    async reseed() {
      if (!config) throw new Error('seededDatabase: reseed inside a test (the database opens in beforeAll)');
      await prepareDatabase(ownerUrl, config, services, { seed: true });
    },
  };
}
