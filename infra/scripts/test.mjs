// `npm test`: provisions what the tests need (dependencies, Chromium, UI builds; PostgreSQL, Kafka and
// Temporal are started by the suites themselves), then lint, typecheck, and every Vitest project.
import { existsSync } from 'node:fs';
import { ROOT, ensureDependencies, run, step } from './lib.mjs';

const TYPECHECK_PROJECTS = [
  'contracts',
  'services/kit',
  'services/identity',
  'services/organizations',
  'services/gateway',
  'workflows',
  'infra',
  'portal-ui',
  'portal-ui/test',
  'admin-ui',
  'admin-ui/test',
];

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const done = step('installing Chromium (Debian package, once per machine)');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  await apt(['update', '-q']);
  await apt(['install', '-y', '-q', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
  done();
}

async function main() {
  const only = process.argv.slice(2);
  await ensureDependencies();
  await ensureChromium();

  let done = step('lint (eslint + prettier)');
  await run('npx', ['eslint', '.', '--max-warnings=0']);
  await run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
  done();

  done = step('typecheck');
  for (const project of TYPECHECK_PROJECTS) {
    if (existsSync(`${ROOT}/${project}/tsconfig.json`)) await run('npx', ['tsc', '-p', project]);
  }
  done();

  const { buildUi } = await import('./build-ui.mjs');
  await buildUi();

  done = step('vitest: unit, integration, e2e');
  await run('npx', ['vitest', 'run', ...only]);
  done();
}

main().catch((error) => {
  console.error(`\n✘ ${error.message}`);
  process.exit(1);
});
