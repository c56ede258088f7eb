// `npm start`: installs what is missing, builds the UIs when stale, then runs the whole product
// (embedded PostgreSQL, Temporal, services, relay, gateway) in one process on http://localhost:3000.
//
// Quiet by default: one line per step with its elapsed time, then the URLs and demo accounts, and
// each mail the product sends (subject, recipient, links; also kept in .data/mail/). The
// output of npm, Vite, the Temporal CLI build and the server's own logs goes to .data/logs/start.log,
// whose end is shown when something fails. `VERBOSE=1 npm start` (or `npm start -- --verbose`) shows
// everything as it happens.
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, ensureRedisServer } from './lib.mjs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';
import { formatDuration, openLog } from './output.mjs';

const SERVER = path.join(ROOT, 'infra/stack/src/main.ts');
const verbose = process.argv.includes('--verbose') || ['1', 'true'].includes(process.env.VERBOSE ?? '');

async function startVerbose() {
  try {
    await ensureDependencies();
    await ensureRedisServer();
    const { buildUi } = await import('./build-ui.mjs');
    await buildUi();
  } catch (error) {
    console.error(`\nStageplein could not start: ${error.message}`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', SERVER], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  // Ctrl-C reaches the child through the terminal's process group; forward a plain kill as well.
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGINT', () => undefined);
  child.on('exit', (code) => process.exit(code ?? 0));
}

async function startQuiet() {
  const started = Date.now();
  const log = openLog(path.join(ROOT, '.data/logs/start.log'));
  const relative = path.relative(ROOT, log.file);
  const say = (line) => console.log(`• ${line} (at ${formatDuration(Date.now() - started)})`);
  const fail = (message) => {
    console.error(`\n✘ Stageplein could not start: ${message}`);
    const tail = log.tail(30);
    if (tail.length) console.error(`\nLast lines of ${relative}:\n${tail.map((l) => `  ${l}`).join('\n')}`);
    console.error(`\nThe whole log: ${relative}; VERBOSE=1 npm start shows everything as it happens.`);
    process.exit(1);
  };
  console.log(`Starting Stageplein (details in ${relative}; VERBOSE=1 npm start shows everything)`);
  try {
    await ensureDependencies({ log: log.fd });
    await ensureRedisServer({ log: log.fd });
    const { buildUi } = await import('./build-ui.mjs');
    await buildUi({ log: log.fd });
  } catch (error) {
    fail(error.message);
  }

  // The server reports progress and its banner over IPC (see infra/stack/src/main.ts); its other output is logged.
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', SERVER, '--report-to-parent'],
    {
      cwd: ROOT,
      stdio: ['inherit', log.fd, log.fd, 'ipc'],
    },
  );
  let ready = false;
  let lastBuildNotice = 0;
  child.on('message', (message) => {
    // Mails are what a newcomer follows (an invitation, a reset link): always shown, never only logged.
    if (typeof message?.mail === 'string') {
      writeSync(log.fd, `[npm start] ${message.mail}\n`);
      console.log(message.mail);
      return;
    }
    if (message?.ready) {
      ready = true;
      console.log(`\n${message.ready}`);
      return;
    }
    const line = message?.progress;
    if (typeof line !== 'string') return;
    writeSync(log.fd, `[npm start] ${line}\n`);
    // The dev server's own lines (and the Go build of the Temporal CLI) only go to the log, but a
    // first build takes minutes: say so, and that it is still going once a minute.
    if (!line.startsWith('temporal: ')) return say(line);
    if (/building it once/.test(line)) {
      lastBuildNotice = Date.now();
      say('building the Temporal CLI once for this machine (several minutes; the log shows its progress)');
    } else if (line.startsWith('temporal: ... still building') && Date.now() - lastBuildNotice >= 60_000) {
      lastBuildNotice = Date.now();
      say('still building the Temporal CLI');
    }
  });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  process.on('SIGINT', () => {
    if (ready) console.log('\nStopping…');
  });
  child.on('exit', (code, signal) => {
    if (code === 0) {
      console.log('Stopped.');
      process.exit(0);
    }
    // main.ts logs why it could not start as its last words; the tail shows the rest.
    const reason = log
      .tail(200)
      .findLast((line) => line.startsWith('Stageplein could not start: '))
      ?.slice('Stageplein could not start: '.length);
    const how = signal ?? `exit ${code}`;
    fail(reason ?? (ready ? `the server stopped (${how})` : `the server exited while starting (${how})`));
  });
}

await (verbose ? startVerbose() : startQuiet());
