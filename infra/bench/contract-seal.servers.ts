// The sealing benchmark's server: the whole product in one process (the embedded profile: gateway,
// services, relay and the seal activity), plus a control port that starts seals in this process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveForBench } from './bench-lib.ts';

const [ownerUrl] = process.argv.slice(2) as [string];
const [
  { parseConfig },
  { startPlatform },
  { buildGateway },
  { SERVICES, STACK_CONFIG },
  { UI_DIRS },
  { createContractDocumentActivities },
  { sampleSealedContract },
  { rendererFor },
] = await Promise.all([
  import('@stageplein/kit/config/config'),
  import('@stageplein/kit/runtime/platform'),
  import('@stageplein/gateway/gateway.app'),
  import('@stageplein/stack/services'),
  import('@stageplein/gateway/ui-dirs'),
  import('@stageplein/placements/contract-documents/index'),
  import('@stageplein/placements/contract-documents/render/sample-contract'),
  import('@stageplein/placements/contract-documents/render/sealed-contract-renderer'),
]);
const config = parseConfig(
  {
    DATABASE_URL: ownerUrl,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    AUTH_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
    TRUSTED_PROXIES: 'loopback',
  },
  STACK_CONFIG,
);
const platform = await startPlatform(ownerUrl, config, SERVICES);
for (let pass = 0; pass < 2; pass++)
  for (const service of SERVICES)
    if (!(await platform.relay.settled(service.schema, 600_000)))
      throw new Error(`the ${service.schema} outbox did not drain before measuring`);
const app = await buildGateway({
  config: platform.deps.config,
  deps: platform.deps,
  services: SERVICES,
  ui: UI_DIRS,
  logger: false,
});
const { sealContractDocument } = createContractDocumentActivities({ db: platform.deps.db, config });
const renderer = rendererFor(config);

/** CPU ms of this process, and of the render processes (Linux /proc; 0 where unreadable). */
const cpuMs = () => {
  const own = process.cpuUsage();
  const render = renderer.pids().reduce((sum, pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ 100
    } catch {
      return sum;
    }
  }, 0);
  return { main: (own.user + own.system) / 1000, render };
};

// Built once: the sample draws its signatures in JavaScript, work that is the benchmark's, not a seal's.
const sample = sampleSealedContract();

/**
 * `n` seals of new contracts (the 3-page sample), `parallel` at once; each one's time in ms, and the CPU
 * per seal of this process (what the API's event loop pays) and of the render processes.
 */
async function seal(n: number, parallel: number) {
  const times: number[] = [];
  // The process's own background (the relay's polling, timers) over a quiet second, reported beside it.
  const quiet = cpuMs().main;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const background = (cpuMs().main - quiet) / 1000;
  const started = performance.now();
  const before = cpuMs();
  let next = 0;
  const lane = async () => {
    while (next < n) {
      next++;
      const started = performance.now();
      await sealContractDocument({ ...sample, contractId: crypto.randomUUID() });
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  const after = cpuMs();
  return {
    times,
    mainCpuMs: (after.main - before.main) / n,
    backgroundMsPerSeal: (background * (performance.now() - started)) / n,
    renderCpuMs: (after.render - before.render) / n,
  };
}

/** Lanes that seal back to back until stopped: the load while the API is measured. */
function sealingLanes(lanes: number) {
  let stopped = false;
  const times: number[] = [];
  const lane = async () => {
    while (!stopped) {
      const started = performance.now();
      await sealContractDocument({ ...sample, contractId: crypto.randomUUID() });
      times.push(performance.now() - started);
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane));
  // A failed seal is the stop's answer (a 500), not an unhandled rejection that ends the process.
  done.catch(() => undefined);
  return {
    /** Stops starting seals, waits for those under way; each finished seal's time in ms. */
    stop: async () => {
      stopped = true;
      await done;
      return times;
    },
  };
}

/**
 * The control: as many processes as render, at the render processes' nice 10, each a busy loop — CPU
 * taken from the API's cores with nothing sent to or from the API's process.
 */
function busyLoops(processes: number) {
  const loops = Array.from({ length: processes }, () =>
    spawn('nice', ['-n', '10', process.execPath, '-e', 'for (;;);'], { stdio: 'ignore' }),
  );
  return {
    stop: async () => {
      await Promise.all(
        loops.map((loop) => new Promise((resolve) => loop.once('exit', resolve).kill('SIGKILL'))),
      );
      return [] as number[];
    },
  };
}
let lanes: ReturnType<typeof sealingLanes> | null = null;

// GET /seal?n=&parallel=: n seals, the answer when all are done. GET /lanes/start?lanes=: that many lanes
// sealing back to back from now on (&kind=busy-loop: the control's busy loops instead); GET /lanes/stop:
// they stop, the answer when the last seal is done.
const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  const reply = (work: Promise<number[] | { times: number[] }>) =>
    work.then(
      (answer) => res.end(JSON.stringify(Array.isArray(answer) ? { times: answer } : answer)),
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.stack);
      },
    );
  if (url.pathname === '/lanes/start') {
    if (lanes) {
      res.statusCode = 409;
      return void res.end('lanes are already sealing');
    }
    lanes =
      url.searchParams.get('kind') === 'busy-loop'
        ? busyLoops(Math.max(1, config.CONTRACT_RENDER_PROCESSES))
        : sealingLanes(Number(url.searchParams.get('lanes') ?? 20));
    return void res.end(JSON.stringify({ times: [] }));
  }
  if (url.pathname === '/lanes/stop') {
    const running = lanes;
    lanes = null;
    return void reply(running ? running.stop() : Promise.reject(new Error('no lanes are sealing')));
  }
  const n = Number(url.searchParams.get('n') ?? 1);
  const parallel = Number(url.searchParams.get('parallel') ?? 1);
  void reply(seal(n, parallel));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(`CONTROL ${(control.address() as { port: number }).port}`);
await serveForBench(app, async () => {
  control.close();
  await platform.close();
});
