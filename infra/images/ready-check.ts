// The HEALTHCHECK of every image that serves HTTP (infra/images/Dockerfile): healthy while the process
// answers its own /ready (database and broker reachable, docs/architecture.md). Exit 0 healthy, 1 not.
const port = process.env.PORT ?? '3000';
const healthy = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(5000) }).then(
  (r) => r.ok,
  () => false,
);
process.exit(healthy ? 0 : 1);
