// The V8 flags our server processes run with: `npm start` (start.mjs), the benchmarks' servers
// (infra/bench/bench-lib.ts) and every image's CMD (node-flags.test.ts holds them together). On the
// command line, not in NODE_OPTIONS: Node refuses --no-allocation-site-pretenuring there.
//
// --max-semi-space-size=64: a young generation of up to 64 MB per semi-space instead of V8's 16. A
// server allocates a request's rows, resources and document and drops them when it answers, so a small
// young generation is scavenged every few dozen milliseconds under load, each time copying the live
// objects of every request in flight, and each pause holds all of them up. Measured with the
// internships list (docs/benchmarks.md, session 12): gateway p99 82 / 70 / 62 ms with it, 101 / 92 /
// 94 ms without. The price is memory: up to 3 × 48 MB more per process.
//
// --no-allocation-site-pretenuring: V8 allocates straight in the old generation what an allocation site
// saw survive. Under load a page's row arrays and objects qualify (16 requests in flight), and then every
// dead row in the old generation keeps its young field strings alive until the next full collection:
// each scavenge copies and promotes them. Measured with the internships list (docs/benchmarks.md,
// session 14): promoted 1.2 GB → 0.2 GB per run, scavenge pause median 13–14 → 3.3 ms, gateway p99
// 72 / 85 → 54 / 54 ms.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--no-allocation-site-pretenuring'];
