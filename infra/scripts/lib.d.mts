// Types for lib.mjs (plain JavaScript), so TypeScript scripts (test-images.ts) can import it.
import type { SpawnOptions } from 'node:child_process';

export declare const ROOT: string;
export declare function step(title: string, options?: { oneLine?: boolean }): (note?: string) => void;
/** Runs a command in ROOT; `log`: a file descriptor for its output (the console when unset). */
export declare function run(
  command: string,
  args: string[],
  options?: SpawnOptions & { log?: number },
): Promise<void>;
export declare function ensureDependencies(options?: { log?: number }): Promise<void>;
export declare function ensureRedisServer(): Promise<void>;
