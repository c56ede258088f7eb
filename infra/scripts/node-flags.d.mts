// Types for node-flags.mjs (plain JavaScript), so the benchmarks (TypeScript) can import it.
export declare const SERVER_NODE_FLAGS: readonly string[];
