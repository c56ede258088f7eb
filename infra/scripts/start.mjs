// `npm start`: installs what is missing, builds the UIs when stale, then runs the whole product
// (embedded PostgreSQL, services, relay, gateway) in one process on http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureDependencies, step } from './lib.mjs';

try {
  await ensureDependencies();
  const { buildUi } = await import('./build-ui.mjs');
  await buildUi();
} catch (error) {
  console.error(`\nStageplein could not start: ${error.message}`);
  process.exit(1);
}

const done = step('starting Stageplein');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'infra/stack/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
done();
// Ctrl-C reaches the child through the terminal's process group; forward a plain kill as well.
process.on('SIGTERM', () => child.kill('SIGTERM'));
process.on('SIGINT', () => undefined);
child.on('exit', (code) => process.exit(code ?? 0));
