// Authenticated GET /api/v1/current_user (signature check, revocation + roles lookup, user load) against
// unauthenticated routes of the same identity service in the same run: the same user + roles read
// without credentials (what authentication adds) and GET /api/v1/sign_in_options (no database at all).
import os from 'node:os';
import autocannon from 'autocannon';
import {
  cpuTicks,
  load,
  postgresPids as benchPostgresPids,
  loadNow,
  recordResult,
  startServer,
  stopServer,
  table,
  type TLoadResult,
  withSeededDatabase,
} from './bench-lib.ts';

const postgresPids = () => benchPostgresPids('bench-current-user');

const ROUNDS = 7;
const SECONDS = 4;
await withSeededDatabase('bench-current-user', async (ownerUrl) => {
  const server = await startServer('infra/bench/current-user.servers.ts', [ownerUrl]);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const signIn = await fetch(`${base}/auth/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant': 'demo' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'stageplein-demo' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const userId = ((await signIn.json()) as { data: { id: string } }).data.id;
    const tenant = { 'x-tenant': 'demo' };
    const credentials = {
      'access-token': signIn.headers.get('access-token')!,
      client: signIn.headers.get('client')!,
      uid: signIn.headers.get('uid')!,
    };
    const contenders = [
      {
        label: 'GET /api/v1/bench/users/{id} (same reads, unauthenticated)',
        path: `/api/v1/bench/users/${userId}`,
        headers: tenant,
      },
      {
        label: 'GET /api/v1/current_user?include=roles (authenticated)',
        path: '/api/v1/current_user?include=roles',
        headers: { ...tenant, ...credentials },
      },
      {
        label: 'GET /api/v1/sign_in_options (unauthenticated, no database)',
        path: '/api/v1/sign_in_options',
        headers: tenant,
      },
    ];
    // Alternating rounds (the order of the two database routes flips every round), median per
    // contender; and, because background load on a shared machine drifts within a run, the median of
    // the per-round ratios of the two back-to-back database routes as well.
    const runs: TLoadResult[][] = contenders.map(() => []);
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [0, 1, 2] : [1, 0, 2];
      for (const i of order) {
        const c = contenders[i]!;
        const result = await load(c.label, `${base}${c.path}`, { headers: c.headers, seconds: SECONDS });
        if (result.errors + result.non2xx > 0)
          throw new Error(`${c.label}: ${result.errors} errors, ${result.non2xx} non-2xx`);
        runs[i]!.push(result);
      }
      const [same, auth] = runs.map((r) => r[round]!.requestsPerSecond) as [number, number];
      ratios.push(auth / same);
      console.log(
        `round ${round + 1}: same reads ${same} req/s, authenticated ${auth} req/s (${(auth / same).toFixed(2)}×)`,
      );
    }
    // CPU per request (identity process + PostgreSQL, microseconds), which background load distorts far
    // less than throughput: short alternating slices of the two database routes.
    const cpuPerRequest: [number[], number[]] = [[], []];
    for (let slice = 0; slice < 2 * ROUNDS; slice++) {
      for (const i of slice % 2 === 0 ? [0, 1] : [1, 0]) {
        const c = contenders[i]!;
        const pids = [server.child.pid!, ...postgresPids()];
        const before = pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);
        const r = await autocannon({
          url: `${base}${c.path}`,
          headers: c.headers,
          connections: 16,
          duration: 2,
        });
        const after = [server.child.pid!, ...postgresPids()].reduce((sum, pid) => sum + cpuTicks(pid), 0);
        if (r.requests.total > 0 && before > 0)
          cpuPerRequest[i as 0 | 1].push(((after - before) * 1e6) / 100 / r.requests.total);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const [sameWork, authenticated, noDb] = runs.map(
      (r) => [...r].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(r.length / 2)]!,
    ) as [TLoadResult, TLoadResult, TLoadResult];
    const ratio = authenticated.requestsPerSecond / sameWork.requestsPerSecond;
    const paired = median(ratios);
    const met = ratio >= 0.8 && paired >= 0.8;
    const [cpuSame, cpuAuth] = cpuPerRequest.map((xs) => (xs.length ? median(xs) : NaN)) as [number, number];
    const cpuLine = Number.isNaN(cpuSame)
      ? ''
      : ` CPU per request (identity process + PostgreSQL, median of ${cpuPerRequest[0].length} alternating 2 s slices): same reads ${cpuSame.toFixed(0)} µs, authenticated ${cpuAuth.toFixed(0)} µs, i.e. ${(cpuSame / cpuAuth).toFixed(2)}× the throughput when CPU-bound.`;
    const body = `${table([sameWork, authenticated, noDb], sameWork)}\n\nTarget: authenticated ≥ 0.8× unauthenticated (the same reads without credentials). Result: ${ratio.toFixed(2)}× from the medians above, ${paired.toFixed(2)}× as the median of the per-round ratios (${ratios.map((r) => r.toFixed(2)).join(', ')}) (${met ? 'met' : 'NOT met'}); against the route without any database work: ${(authenticated.requestsPerSecond / noDb.requestsPerSecond).toFixed(2)}×.${cpuLine} Identity service alone (no gateway, production settings as in the standalone service server), 16 connections; ${ROUNDS} alternating rounds of ${SECONDS} s, each after a 2 s warm-up; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end; ${new Date().toISOString().slice(0, 10)}.`;
    console.log(`\nGET /api/v1/current_user\n${body}`);
    recordResult('GET /api/v1/current_user (authenticated vs unauthenticated, identity)', {
      result: `${ratio.toFixed(2)}× the same reads without credentials, ${paired.toFixed(2)}× by the per-round ratios (target 0.8×)`,
      load: loadNow(),
    });
  } finally {
    await stopServer(server.child);
  }
});
