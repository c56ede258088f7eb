import path from 'node:path';
import { loadConfig } from '@stageplein/kit/config/config';
import { installationAuthSecret } from '@stageplein/kit/auth/auth-keys';
import { startTelemetry } from '@stageplein/kit/telemetry/telemetry';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from '@stageplein/identity';
import { EMBEDDED_CONFIG, mailLines, watchMailFolder } from './embedded.ts';
import { REPO_ROOT, startStack } from './stack.ts';

/** The seeded demo accounts (embedded profile only), so a person can sign in right away. */
function demoAccountsText(port: number, mailDir: string): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${demoEmail(a.local, '<tenant>').padEnd(24)} ${a.description}`);
  return [
    `Demo accounts on every tenant, password "${DEMO_PASSWORD}" (e.g. ${demoEmail('admin', 'raayland')} at http://raayland.localhost:${port}):`,
    ...lines,
    `Outgoing mail (invitations, password resets…) is shown here as it is sent and kept in ${mailDir}/<tenant>/;`,
    `the tenant's platform operators (${demoEmail('admin', '<tenant>')} acting for its VolunteerCenter) also read it at /api/v1/dev/mailbox.\n`,
  ].join('\n');
}

/**
 * `npm start`: the whole product in one process — on its embedded PostgreSQL, or on DATABASE_URL
 * when set. (The distributed profile runs each service, the relay, the worker and the gateway as
 * their own processes; see docker-compose.yml.)
 */
async function main(): Promise<void> {
  // The embedded profile's signing secret (generated per installation on first start, kept in .data)
  // and its one explicit tenant fallback: plain `localhost` (and any Host naming no tenant) is `stageplein`.
  const config = loadConfig(EMBEDDED_CONFIG, {
    AUTH_TOKEN_SECRET: () => installationAuthSecret(path.join(REPO_ROOT, '.data/auth-token-secret')),
    DEFAULT_TENANT: () => 'stageplein',
  });
  const telemetry = startTelemetry({
    serviceName: 'stageplein',
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  // Under the quiet `npm start` (infra/scripts/start.mjs, --report-to-parent) progress and the banner go
  // to it over IPC, and everything else this process prints goes to its log file.
  const report = process.argv.includes('--report-to-parent') ? process.send?.bind(process) : undefined;
  const step = (s: string) => (report ? report({ progress: s }) : console.log(`  • ${s}`));
  const stack = await startStack(config, {
    progress: step,
    devEntreePort: config.DEV_ENTREE_PORT,
    devMagisterPort: config.DEV_MAGISTER_PORT,
  });
  try {
    await stack.app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await stack.stop();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `Port ${config.PORT} is already in use. Stop the other process or start with PORT=<free port>.`,
      );
    }
    throw error;
  }
  const port = config.PORT;
  const banner = [
    `Stageplein is running${config.HOST === '127.0.0.1' ? ' (on this machine only; HOST=0.0.0.0 opens it to the network)' : ` on ${config.HOST}`}:\n  http://localhost:${port}\n  http://<tenant>.localhost:${port}  e.g. http://raayland.localhost:${port}\n  API docs: http://localhost:${port}/api/v1/openapi.json\nPress Ctrl-C to stop.\n`,
    ...(config.DATABASE_URL
      ? []
      : [demoAccountsText(port, path.relative(process.cwd(), config.MAIL_DIR) || '.')]),
    ...(Object.keys(config.EDUCATION_SSO).length === 0
      ? [
          `Kennisnet sign-in (/inloggen/kennisnet) goes to a local stand-in for Entree (http://localhost:${config.DEV_ENTREE_PORT}), where you choose a school identity.\n`,
        ]
      : []),
    `Magister (/importeren/magister) is a local stand-in (http://localhost:${config.DEV_MAGISTER_PORT}): every School is connected to it, with a roster of 24 students.\n`,
  ].join('\n');
  if (report) report({ ready: banner });
  else console.log(`\n${banner}`);
  // Each mail in the terminal (the quiet `npm start` logs this process's output, so it goes over IPC).
  const stopMailWatch = watchMailFolder(config.MAIL_DIR, (mail) => {
    const text = mailLines(mail);
    if (report) report({ mail: text });
    else console.log(text);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopMailWatch();
    console.log(`\n${signal}: stopping…`);
    await stack.stop();
    await telemetry.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nStageplein could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
