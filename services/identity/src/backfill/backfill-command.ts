// `npm run backfill -w @stageplein/identity`: see backfill.ts. DATABASE_URL (distributed profile), or
// the embedded cluster of `npm start` (started just for this command when it is not running).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installationAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { loadConfig } from '@stageplein/kit/config/config';
import { commandDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { IDENTITY_CONFIG } from '../identity.config.ts';
import { backfillIdentity } from './backfill.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// The back-fill signs nothing, but the configuration needs a secret: the installation's, like npm start.
const config = loadConfig(IDENTITY_CONFIG, {
  AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
});
const { ownerUrl, stop } = await commandDatabase({
  databaseUrl: config.DATABASE_URL,
  embeddedPort: config.EMBEDDED_PG_PORT,
  dataDir: path.join(ROOT, '.data/postgres'),
});
try {
  await backfillIdentity(ownerUrl, config);
} finally {
  await stop();
}
