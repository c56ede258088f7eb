// `npm run events:replay -- …`: list or replay dead letters (services/kit/src/runtime/replay-command.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installationAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { loadConfig } from '@stageplein/kit/config/config';
import { commandDatabase } from '@stageplein/kit/runtime/embedded-postgres';
import { REPLAY_USAGE, parseReplayArgs, runReplayCommand } from '@stageplein/kit/runtime/replay-command';
import { SERVICES } from '@stageplein/stack/services';
import { STACK_CONFIG } from '@stageplein/stack/services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

if (process.argv.includes('--help')) {
  console.log(REPLAY_USAGE);
  process.exit(0);
}
const args = parseReplayArgs(process.argv.slice(2));
// Replaying delivers to consumers only, but the configuration is the stack's: its installation secret.
const config = loadConfig(STACK_CONFIG, {
  AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(ROOT, '.data/auth-token-secret')),
});
// The embedded profile uses the running `npm start` cluster, or starts it just for this command.
const { ownerUrl, stop } = await commandDatabase({
  databaseUrl: config.DATABASE_URL,
  embeddedPort: config.EMBEDDED_PG_PORT,
  dataDir: path.join(ROOT, '.data/postgres'),
});
try {
  const { failed } = await runReplayCommand(ownerUrl, config, SERVICES, args);
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await stop();
}
