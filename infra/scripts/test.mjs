// `npm test [-- <vitest arguments>]`: provisions what the tests need (dependencies; Chromium and the UI
// builds when e2e tests can run; redis-server, built from a pinned Debian source package into
// ~/.cache/stageplein once per machine; Schemathesis, PyPI's API fuzzer, in a venv in
// ~/.cache/stageplein when the integration tests can run; PostgreSQL, Kafka, Temporal, Redis and VersityGW
// (S3; built from its Go module once per machine) are started by the suites themselves),
// then lint, typecheck (tsc -b: project references, incremental, build info in .cache/tsbuild) and
// Vitest. With a filter or --project (npm run test:unit, test:int, test:e2e) only Vitest runs, after
// what the selected files need. Each phase prints its time, and a table of them closes the run.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, ensureRedisServer, run } from './lib.mjs';
import { createPhases, formatFailures, openLog, planTestRun } from './output.mjs';

async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  await apt(['update', '-q']);
  await apt(['install', '-y', '-q', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
}

/** The API fuzz (infra/stack/test/security/fuzz.int.test.ts) can be selected: the integration project runs. */
function fuzzSelected(args, plan) {
  if (plan.full) return true;
  const projects = args.flatMap((a, i) =>
    a.startsWith('--project=') ? [a.slice(10)] : a === '--project' ? [args[i + 1]] : [],
  );
  const filters = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--project');
  const project = projects.length === 0 || projects.includes('integration');
  return (
    project &&
    (filters.length === 0 || filters.some((f) => 'infra/stack/test/security/fuzz.int.test.ts'.includes(f)))
  );
}

function e2eFiles() {
  return execFileSync('git', ['ls-files', '*.e2e.test.ts'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

/**
 * The whole suite: the engine suites (Kafka, Temporal; one file at a time, mostly waiting on brokers,
 * restarts and timeouts) in a second Vitest process beside unit and integration, which keep the cores
 * busy; then e2e. Vitest itself runs projects of different worker counts only one group after another.
 * The engines' output goes to a log printed as one block once they end; e2e runs whatever the first two
 * answered, and the run fails at the end if any of the three failed.
 */
async function runAllProjects(phases) {
  const log = openLog(path.join(ROOT, '.data/logs/vitest-engines.log'));
  const reports = [];
  const vitest = (projects, options = {}) => {
    const report = path.join(ROOT, `.data/logs/vitest-${projects.join('-')}.json`);
    rmSync(report, { force: true });
    reports.push(report);
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
    return run('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...reporters], options);
  };
  const settled = await Promise.allSettled([
    phases.run('vitest unit, integration', () => vitest(['unit', 'integration'])),
    phases.run('vitest engines (side by side; its output below)', () => vitest(['engines'], { log: log.fd })),
  ]);
  log.close();
  console.log(`\n── vitest engines (${path.relative(ROOT, log.file)}) ──\n${readFileSync(log.file, 'utf8')}`);
  const e2e = await phases
    .run('vitest e2e', () => vitest(['e2e']))
    .then(
      () => undefined,
      (error) => error,
    );
  const failed = [
    ...settled.filter((r) => r.status === 'rejected').map((r) => r.reason),
    ...(e2e ? [e2e] : []),
  ];
  if (failed.length) {
    // Again at the end, where a CI log's tail shows it (the engines' output is printed mid-run).
    const failures = reports
      .filter((file) => existsSync(file))
      .flatMap((file) => formatFailures(JSON.parse(readFileSync(file, 'utf8')), ROOT));
    console.log(
      ['', 'Failed:', ...(failures.length ? failures : ['(no failed test in the reports: see above)'])].join(
        '\n',
      ),
    );
    throw new Error(failed.map((e) => e.message).join('; '));
  }
}

async function main() {
  const args = process.argv.slice(2);
  const plan = planTestRun(args, e2eFiles());
  const phases = createPhases();
  try {
    await phases.run('dependencies', () => ensureDependencies());
    await phases.run('redis-server (built once per machine)', () => ensureRedisServer());
    // Lint, typecheck and the UI builds are independent, and each mostly keeps one core busy: side by
    // side on the two cores (each prints only its findings).
    const checks = plan.full
      ? [
          phases.run('lint (eslint + prettier)', async () => {
            await run('npx', ['eslint', '.', '--max-warnings=0']);
            await run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
          }),
          phases.run('typecheck (tsc -b)', () => run('npm', ['run', '--silent', 'typecheck'])),
        ]
      : [phases.skip('lint and typecheck', 'filtered run')];
    const builds = plan.e2e
      ? (async () => {
          await phases.run('Chromium', ensureChromium);
          const { buildUi } = await import('./build-ui.mjs');
          await phases.run('build UIs', () => buildUi());
        })()
      : phases.skip('Chromium and UI builds', 'no e2e selected');
    // allSettled first: a failing check must not leave the others running behind the error.
    const settled = await Promise.allSettled([...checks, builds]);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    if (fuzzSelected(args, plan)) {
      // Schemathesis from PyPI into a venv in the user cache, once per machine (the API fuzz).
      const { ensureSchemathesis, SCHEMATHESIS_VERSION } = await import('@stageplein/engines/schemathesis');
      await phases.run(`Schemathesis ${SCHEMATHESIS_VERSION}`, () =>
        ensureSchemathesis({ log: console.log }),
      );
    } else {
      phases.skip('Schemathesis', 'no API fuzz selected');
    }
    if (args.length === 0) await runAllProjects(phases);
    else
      await phases.run(`vitest run ${args.join(' ')}`.trim(), () => run('npx', ['vitest', 'run', ...args]));
    console.log(phases.summary());
  } catch (error) {
    console.log(phases.summary());
    console.error(`\n✘ ${error.message}`);
    process.exit(1);
  }
}

await main();
