import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installationAuthSecret } from '../auth/auth-keys.ts';
import { loadConfig, type TConfigKeys, type TConfigOf } from '../config/config.ts';
import { backfillService, type TServiceBackfill } from './backfill.ts';
import { commandDatabase } from './embedded-postgres.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * `npm run backfill -w <service>` (the service's `src/backfill/backfill-command.ts` calls this with its
 * config keys and its back-fill): on DATABASE_URL (distributed profile), or the embedded cluster of
 * `npm start` (started just for this command when it is not running).
 */
export async function runBackfillCommand<K extends TConfigKeys>(
  keys: K,
  backfill: TServiceBackfill<TConfigOf<K>>,
): Promise<void> {
  // The back-fill signs nothing, but the configuration needs a secret: the installation's, like npm start.
  const config = loadConfig(keys, {
    AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
  });
  const { ownerUrl, stop } = await commandDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedPort: config.EMBEDDED_PG_PORT,
    dataDir: path.join(ROOT, '.data/postgres'),
  });
  try {
    await backfillService(ownerUrl, config, backfill);
  } finally {
    await stop();
  }
}
