// `npm run backfill -w @stageplein/placements`: see backfill.ts. DATABASE_URL (distributed profile), or
// the embedded cluster of `npm start` (started just for this command when it is not running).
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installationAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { loadConfig } from '@stageplein/kit/config/config';
import {
  embeddedServerUrl,
  ensureDatabase,
  startEmbeddedPostgres,
} from '@stageplein/kit/runtime/embedded-postgres';
import { PLACEMENTS_CONFIG } from '../placements.config.ts';
import { backfillPlacements } from './backfill.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// The back-fill signs nothing, but the configuration needs a secret: the installation's, like npm start.
const config = loadConfig(PLACEMENTS_CONFIG, {
  AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
});
let ownerUrl = config.DATABASE_URL;
let stop = async () => undefined as void;
if (!ownerUrl) {
  let server = embeddedServerUrl(config.EMBEDDED_PG_PORT);
  if (!(await answers(config.EMBEDDED_PG_PORT))) {
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(ROOT, '.data/postgres'),
      port: config.EMBEDDED_PG_PORT,
    });
    server = pg.url;
    stop = pg.stop;
  }
  ownerUrl = await ensureDatabase(server, 'stageplein');
}
try {
  await backfillPlacements(ownerUrl, config);
} finally {
  await stop();
}
