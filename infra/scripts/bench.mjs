// `npm run bench`: every benchmark script, each comparing against a baseline in the same run.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, run, step } from './lib.mjs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';

await ensureDependencies();
const filter = process.argv[2];
const benches = readdirSync(path.join(ROOT, 'infra/bench')).filter(
  (f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)),
);
for (const bench of benches) {
  const done = step(`benchmark ${bench}`);
  // The servers' flags for the load generator too (autocannon runs in this process): its own
  // scavenges would otherwise count as the servers' latency.
  await run(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join('infra/bench', bench)]);
  done();
}
