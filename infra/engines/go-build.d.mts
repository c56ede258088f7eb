// Types for the part of go-build.mjs (plain JavaScript) that TypeScript imports.
import type { Readable } from 'node:stream';

/** Calls `onLine` with every line `stream` writes (without its newline); a line split across chunks arrives whole. */
export declare function eachLine(stream: Readable, onLine: (line: string) => void): void;

/** The last `max` (40) non-empty lines `streams` write, as an array that fills as they come. */
export declare function lastLines(streams: readonly Readable[], max?: number): string[];
