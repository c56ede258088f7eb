// What `npm test` and `npm start` print: timed phases with a summary table, and the plan of a test
// run. Plain Node, no dependencies (these scripts run before `npm install`).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `12.3 s`, or `4 min 05 s` from a minute on. */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * The phases as a table with a total line; a failed phase is marked ✘, a skipped one shows why. Phases
 * that know when they started and ended (createPhases) total their wall-clock span, since some run
 * side by side; others add up.
 */
export function formatPhaseTable(phases) {
  const rows = phases.map((p) => [
    p.status === 'failed' ? '✘' : p.status === 'skipped' ? '–' : '✔',
    p.title,
    p.status === 'skipped' ? (p.note ?? 'skipped') : formatDuration(p.ms),
  ]);
  const timed = phases.filter((p) => p.start !== undefined && p.end !== undefined);
  const total =
    timed.length > 0 && timed.length === phases.filter((p) => p.status !== 'skipped').length
      ? Math.max(...timed.map((p) => p.end)) - Math.min(...timed.map((p) => p.start))
      : phases.reduce((sum, p) => sum + (p.ms ?? 0), 0);
  rows.push([' ', 'total', formatDuration(total)]);
  const width = Math.max(...rows.map((r) => r[1].length));
  const timeWidth = Math.max(...rows.map((r) => r[2].length));
  return rows.map(([mark, title, time]) => `${mark} ${title.padEnd(width)}  ${time.padStart(timeWidth)}`);
}

/**
 * Runs named phases, printing each one's start and elapsed time: one after another, or side by side
 * (phases run concurrently keep their own times; the summary's total is the wall-clock span).
 */
export function createPhases(out = console.log) {
  const phases = [];
  return {
    phases,
    async run(title, fn) {
      const started = Date.now();
      out(`\n▶ ${title}`);
      const phase = { title, ms: 0, status: 'ok', start: started };
      phases.push(phase);
      try {
        const result = await fn();
        phase.end = Date.now();
        phase.ms = phase.end - started;
        out(`✔ ${title} (${formatDuration(phase.ms)})`);
        return result;
      } catch (error) {
        phase.end = Date.now();
        phase.ms = phase.end - started;
        phase.status = 'failed';
        throw error;
      }
    },
    skip(title, note) {
      phases.push({ title, ms: 0, status: 'skipped', note });
    },
    summary() {
      return ['', 'Phases:', ...formatPhaseTable(phases).map((line) => `  ${line}`)].join('\n');
    },
  };
}

/** Options of `vitest run` that take a value (the next argument unless written `--name=value`). */
const VALUE_OPTIONS = new Set([
  '--project',
  '-t',
  '--testNamePattern',
  '--reporter',
  '--shard',
  '--bail',
  '--retry',
  '--maxWorkers',
  '-c',
  '--config',
  '--outputFile',
  '--testTimeout',
  '--hookTimeout',
  '--exclude',
  '--dir',
  '-r',
  '--root',
  '--pool',
]);

/**
 * What a test run needs, from the arguments passed to Vitest. Without file filters, -t or --project it
 * is the full run (lint, typecheck, every project). Otherwise only Vitest runs, and the UIs are built
 * (and Chromium installed) only when an e2e file can be among the selected ones: Vitest's filters
 * select the files whose path contains one of them.
 */
export function planTestRun(args, e2eFiles) {
  const projects = [];
  const filters = [];
  let byName = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else if (arg === '--project') projects.push(args[++i] ?? '');
    else if (arg === '-t' || arg === '--testNamePattern') byName = Boolean(args[++i]);
    else if (arg.startsWith('--testNamePattern=')) byName = true;
    else if (VALUE_OPTIONS.has(arg)) i++;
    else if (!arg.startsWith('-')) filters.push(arg);
  }
  const full = projects.length === 0 && filters.length === 0 && !byName;
  const e2eProject = projects.length === 0 || projects.includes('e2e');
  const e2eFile = filters.length === 0 || e2eFiles.some((file) => filters.some((f) => file.includes(f)));
  return { full, e2e: e2eProject && e2eFile };
}

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/**
 * The failed tests of a Vitest JSON report (`--reporter=json`), each with the first lines of its
 * error: printed again at the very end of `npm test`, since a CI log is often read from its tail and
 * the engines' and unit/integration output comes long before the e2e's. A file that failed without a
 * failed test (a hook or an import threw) shows the file's message.
 */
export function formatFailures(report, root, errorLines = 6) {
  const lines = [];
  const excerpt = (text) =>
    text
      .replace(ANSI, '')
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, errorLines)
      .map((line) => `    ${line.trim()}`);
  for (const file of report.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      lines.push(`✘ ${name} > ${test.fullName}`, ...excerpt(test.failureMessages?.[0] ?? ''));
    }
    if (failed.length === 0)
      lines.push(`✘ ${name}`, ...excerpt(file.message || 'failed without a failed test'));
  }
  return lines;
}

/** The last `count` non-empty lines of a text. */
export function lastLines(text, count) {
  return text.split('\n').filter(Boolean).slice(-count);
}

/** A log file, emptied; child processes write to its descriptor, `tail()` shows its end. */
export function openLog(file) {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  return {
    file,
    fd,
    tail: (count = 40) => (existsSync(file) ? lastLines(readFileSync(file, 'utf8'), count) : []),
    close: () => closeSync(fd),
  };
}
