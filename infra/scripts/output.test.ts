import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createPhases,
  formatDuration,
  formatFailures,
  formatPhaseTable,
  lastLines,
  openLog,
  planTestRun,
} from './output.mjs';

const E2E = ['portal-ui/test/auth.e2e.test.ts', 'services/gateway/test/portal.e2e.test.ts'];

describe('formatDuration', () => {
  it('shows seconds with a decimal below a minute, minutes and seconds above', () => {
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(65_000)).toBe('1 min 05 s');
    expect(formatDuration(1_234_000)).toBe('20 min 34 s');
  });
});

describe('formatPhaseTable', () => {
  it('aligns titles and times, marks failed and skipped phases, and adds the total', () => {
    expect(
      formatPhaseTable([
        { title: 'lint', ms: 30_000, status: 'ok' },
        { title: 'typecheck', ms: 75_500, status: 'ok' },
        { title: 'build UIs', ms: 0, status: 'skipped', note: 'no e2e' },
        { title: 'vitest', ms: 2_000, status: 'failed' },
      ]),
    ).toEqual([
      '✔ lint           30.0 s',
      '✔ typecheck  1 min 16 s',
      '– build UIs      no e2e',
      '✘ vitest          2.0 s',
      '  total      1 min 48 s',
    ]);
  });
});

describe('formatPhaseTable with phases run side by side', () => {
  it('totals the wall-clock span, not the sum', () => {
    expect(
      formatPhaseTable([
        { title: 'lint', ms: 40_000, status: 'ok', start: 0, end: 40_000 },
        { title: 'typecheck', ms: 80_000, status: 'ok', start: 0, end: 80_000 },
        { title: 'vitest', ms: 10_000, status: 'ok', start: 80_000, end: 90_000 },
      ]).at(-1),
    ).toBe('  total      1 min 30 s');
  });
});

describe('createPhases', () => {
  it('times each phase, records a failure and still summarises', async () => {
    const lines: string[] = [];
    const phases = createPhases((line) => lines.push(line));
    expect(await phases.run('one', () => 42)).toBe(42);
    await expect(
      phases.run('two', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(phases.phases.map((p) => [p.title, p.status])).toEqual([
      ['one', 'ok'],
      ['two', 'failed'],
    ]);
    expect(lines).toContain('\n▶ one');
    expect(lines.some((l) => /^✔ one \(\d+\.\d s\)$/.test(l))).toBe(true);
    expect(phases.summary()).toMatch(/Phases:\n {2}✔ one +\d+\.\d s\n {2}✘ two +\d+\.\d s\n {2} {2}total/);
  });
});

describe('planTestRun', () => {
  it('is the full run without filters or projects, also with other options', () => {
    expect(planTestRun([], E2E)).toEqual({ full: true, e2e: true });
    expect(planTestRun(['--reporter', 'dot', '--bail=1'], E2E)).toEqual({ full: true, e2e: true });
  });

  it('needs e2e only when the e2e project or an e2e file can be selected', () => {
    expect(planTestRun(['--project', 'unit'], E2E)).toEqual({ full: false, e2e: false });
    expect(planTestRun(['--project=e2e'], E2E)).toEqual({ full: false, e2e: true });
    expect(planTestRun(['services/identity'], E2E)).toEqual({ full: false, e2e: false });
    expect(planTestRun(['portal-ui'], E2E)).toEqual({ full: false, e2e: true });
    expect(planTestRun(['--project', 'integration', 'portal-ui'], E2E)).toEqual({ full: false, e2e: false });
  });

  it('does not take the value of an option for a file filter; a test name filter is not the full run', () => {
    expect(planTestRun(['-t', 'portal'], E2E)).toEqual({ full: false, e2e: true });
    expect(planTestRun(['--testNamePattern=x', '--project', 'unit'], E2E)).toEqual({
      full: false,
      e2e: false,
    });
    expect(planTestRun(['--reporter', 'e2e', 'kit'], E2E)).toEqual({ full: false, e2e: false });
  });
});

describe('openLog', () => {
  it('empties the file and shows the last non-empty lines', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stageplein-log-'));
    try {
      const file = path.join(dir, 'logs/start.log');
      const log = openLog(file);
      writeSync(log.fd, 'one\ntwo\n\nthree\n');
      expect(log.tail(2)).toEqual(['two', 'three']);
      log.close();
      const again = openLog(file);
      expect(again.tail()).toEqual([]);
      again.close();
      expect(lastLines('a\nb\n', 5)).toEqual(['a', 'b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('formatFailures', () => {
  it('lists each failed test with the first lines of its error, and a file that failed without one', () => {
    const report = {
      testResults: [
        { name: '/repo/a.int.test.ts', status: 'passed', message: '', assertionResults: [] },
        {
          name: '/repo/kit/b.int.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'b works', status: 'passed', failureMessages: [] },
            {
              fullName: 'b fails',
              status: 'failed',
              failureMessages: [
                '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n  at one\n  at two',
              ],
            },
          ],
        },
        {
          name: '/repo/c.int.test.ts',
          status: 'failed',
          message: 'Hook timed out in 5000ms',
          assertionResults: [{ fullName: 'c', status: 'skipped', failureMessages: [] }],
        },
      ],
    };
    expect(formatFailures(report, '/repo', 2)).toEqual([
      '✘ kit/b.int.test.ts > b fails',
      '    AssertionError: expected 1 to be 2',
      '    at one',
      '✘ c.int.test.ts',
      '    Hook timed out in 5000ms',
    ]);
  });
});
