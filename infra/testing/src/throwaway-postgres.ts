import { existsSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '@stageplein/kit/runtime/embedded-postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RUNS = path.join(ROOT, '.data/throwaway-postgres');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A PostgreSQL cluster (embedded-postgres) for one test run or benchmark alone, on a free port in its
 * own folder, so concurrent runs never share or stop each other's server. Folders of dead runs are
 * removed first; `stop()` removes this one.
 */
export async function startThrowawayPostgres(
  label: string,
  options: { log?: ((line: string) => void) | undefined } = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  if (existsSync(RUNS)) {
    for (const name of readdirSync(RUNS)) {
      if (!alive(Number(name.split('-')[0]))) rmSync(path.join(RUNS, name), { recursive: true, force: true });
    }
  }
  const dataDir = path.join(RUNS, `${process.pid}-${label}`);
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
