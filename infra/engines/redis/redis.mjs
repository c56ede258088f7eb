// Redis for the embedded profile (`npm start`, the test stacks): Debian's redis-server, which `npm start`
// and `npm test` install when it is missing (infra/scripts/lib.mjs ensureRedisServer), on a free
// loopback port, in memory only (no RDB/AOF files), stopped with its owner.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const REDIS_SERVER = '/usr/bin/redis-server';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts redis-server on `port` (default: a free one); resolves once it answers PING. */
export async function startRedisServer(options = {}) {
  if (!existsSync(REDIS_SERVER))
    throw new Error(
      `${REDIS_SERVER} is missing: \`npm start\` and \`npm test\` install Debian's redis-server (apt-get install redis-server).`,
    );
  const port = options.port || (await freePort());
  const server = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error('redis-server did not answer within 10 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
