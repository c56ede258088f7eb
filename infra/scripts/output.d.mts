// Types for output.mjs (plain JavaScript), so its tests can import it.

export interface TPhase {
  title: string;
  ms: number;
  status: 'ok' | 'failed' | 'skipped';
  note?: string;
  /** Epoch ms, set by createPhases: the summary totals the wall-clock span of phases run side by side. */
  start?: number;
  end?: number;
}

export declare function formatDuration(ms: number): string;
export declare function formatPhaseTable(phases: readonly TPhase[]): string[];
export declare function createPhases(out?: (line: string) => void): {
  phases: TPhase[];
  run<T>(title: string, fn: () => Promise<T> | T): Promise<T>;
  skip(title: string, note: string): void;
  summary(): string;
};
export declare function planTestRun(
  args: readonly string[],
  e2eFiles: readonly string[],
): { full: boolean; e2e: boolean };
/** A Vitest JSON report's failed tests, each with the first lines of its error (for the end of `npm test`). */
export declare function formatFailures(
  report: {
    testResults?: readonly {
      name: string;
      status: string;
      message?: string;
      assertionResults?: readonly { fullName: string; status: string; failureMessages?: readonly string[] }[];
    }[];
  },
  root: string,
  errorLines?: number,
): string[];
export declare function lastLines(text: string, count: number): string[];
export declare function openLog(file: string): {
  file: string;
  fd: number;
  tail(count?: number): string[];
  close(): void;
};
