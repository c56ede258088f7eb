// `npm run events:replay -- …`: list or replay dead letters (services/kit/src/runtime/replay-command.ts).
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
import { REPLAY_USAGE, parseReplayArgs, runReplayCommand } from '@stageplein/kit/runtime/replay-command';
import { SERVICES } from '@stageplein/stack/services';
import { STACK_CONFIG } from '@stageplein/stack/services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

if (process.argv.includes('--help')) {
  console.log(REPLAY_USAGE);
  process.exit(0);
}
const args = parseReplayArgs(process.argv.slice(2));
// Replaying delivers to consumers only, but the configuration is the stack's: its installation secret.
const config = loadConfig(STACK_CONFIG, {
  AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
});
let ownerUrl = config.DATABASE_URL;
let stop = async () => undefined as void;
if (!ownerUrl) {
  // The embedded profile: use the running `npm start` cluster, or start it just for this command.
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
  const { failed } = await runReplayCommand(ownerUrl, config, SERVICES, args);
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await stop();
}
