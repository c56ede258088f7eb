// The V8 flags our server processes run with: `npm start` (start.mjs) and the benchmarks' servers
// (infra/bench/bench-lib.ts); docker-compose.yml and every image's Dockerfile set the same NODE_OPTIONS
// (node-flags.test.ts checks both).
//
// A young generation of up to 64 MB per semi-space instead of V8's 16: a server allocates a request's
// rows, resources and document and drops them when it answers, so a small young generation is
// scavenged every few dozen milliseconds under load, each time copying the live objects of every
// request in flight, and each pause holds all of them up. Measured with the internships list
// (docs/benchmarks.md, session 12): gateway p99 82 / 70 / 62 ms with it, 101 / 92 / 94 ms without,
// alternating runs on the same machine. The price is memory: up to 3 × 48 MB more per process.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
