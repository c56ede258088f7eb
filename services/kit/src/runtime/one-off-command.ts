import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installationAuthSecret } from '../auth/auth-keys.ts';
import { loadConfig, type TConfigKeys, type TConfigOf } from '../config/config.ts';
import { backfillService, type TServiceBackfill } from './backfill.ts';
import { commandDatabase } from './embedded-postgres.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A one-off command of the installation (`npm run backfill -w <service>`, `npm run events:replay`):
 * `keys`' configuration with the installation's token secret as `npm start` has it (the commands sign
 * nothing, but the configuration needs one), on DATABASE_URL (distributed profile) or the embedded
 * cluster of `npm start` (the running one, or started just for this command and stopped after it).
 */
export async function runOneOffCommand<K extends TConfigKeys, R>(
  keys: K,
  run: (ownerUrl: string, config: TConfigOf<K>) => Promise<R>,
): Promise<R> {
  const config = loadConfig(keys, {
    AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
  });
  const { ownerUrl, stop } = await commandDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedPort: config.EMBEDDED_PG_PORT,
    dataDir: path.join(ROOT, '.data/postgres'),
  });
  try {
    return await run(ownerUrl, config);
  } finally {
    await stop();
  }
}

/** `npm run backfill -w <service>`: the service's `src/backfill/backfill-command.ts` calls this. */
export const runBackfillCommand = <K extends TConfigKeys>(
  keys: K,
  backfill: TServiceBackfill<TConfigOf<K>>,
) => runOneOffCommand(keys, (ownerUrl, config) => backfillService(ownerUrl, config, backfill));
