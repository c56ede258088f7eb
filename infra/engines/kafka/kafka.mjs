// A real Apache Kafka broker (single-node KRaft, loopback only) for development and tests.
//
// The broker's jars come from Maven Central through Maven (infra/engines/kafka/pom.xml) into the user's
// cache <user cache>/stageplein/kafka/<version>/libs, once per machine (shared by every clone);
// Maven's own repository is kept beside it in m2/. The broker's config, cluster id, data and log live in a data dir
// (default .data/kafka-test).
//
//   import { startKafka } from '@stageplein/engines/kafka';
//   const kafka = await startKafka();          // { brokers: ['127.0.0.1:19092'], stop, ... }
//   ...
//   await kafka.stop();
//
// CLI: node infra/engines/kafka/kafka.mjs ensure|start|stop|status [--port N] [--controller-port N] [--data-dir DIR]
//
// Plain Node ESM, no dependencies except kafkajs (readiness check).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, closeSync, readSync, fstatSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findOnPath, pidAlive, sleep } from '../go-build.mjs';
import {
  acquireLock as acquireEngineLock,
  ensureMavenJars,
  javaBin as engineJava,
  mavenJarsPaths,
  provisionedMavenJars,
} from '../maven-jars.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Repository root, found from this file's location (infra/engines/kafka/kafka.mjs). */
export const REPO_ROOT = resolve(HERE, '..', '..', '..');

/** The Kafka release used. Override with STAGEPLEIN_KAFKA_VERSION (must exist on Maven Central). */
export const KAFKA_VERSION = process.env.STAGEPLEIN_KAFKA_VERSION || '3.9.2';

export const DEFAULT_PORT = 19092;
export const DEFAULT_CONTROLLER_PORT = 19093;
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data', 'kafka-test');

const POM = join(HERE, 'pom.xml');

const defaultLog = (msg) => process.stderr.write(`[kafka] ${msg}\n`);

// ---------------------------------------------------------------------------------------------
// Paths and small helpers

/** Where things live for a given version; nothing is created. */
export function kafkaPaths(version = KAFKA_VERSION) {
  const p = mavenJarsPaths('kafka', version);
  return { ...p, repoRoot: REPO_ROOT, pom: POM, classpath: join(p.libsDir, '*') };
}

function dataPaths(dataDir) {
  return {
    dataDir,
    config: join(dataDir, 'server.properties'),
    log4j: join(dataDir, 'log4j.properties'),
    clusterIdFile: join(dataDir, 'cluster-id'),
    logDirs: join(dataDir, 'kraft-logs'),
    brokerLog: join(dataDir, 'broker.log'),
    pidFile: join(dataDir, 'broker.pid'),
    startLock: join(dataDir, '.start.lock'),
  };
}

/** The broker's jars as maven-jars.mjs fetches them. */
const kafkaJars = (version) => ({
  engine: 'kafka',
  label: 'Apache Kafka',
  version,
  pom: POM,
  versionProperty: 'kafka.version',
  mainJar: `kafka_2.13-${version}.jar`,
});

const javaBin = () => engineJava('kafka');
const acquireLock = (lockDir, opts) => acquireEngineLock(lockDir, { ...opts, engine: 'kafka' });

// ---------------------------------------------------------------------------------------------
// Provisioning

/**
 * Makes sure the broker's jars are in the cache, fetching them with Maven the first time
 * (once per machine; later calls only read the marker file: maven-jars.mjs).
 * @returns {Promise<{version, home, libsDir, classpath, java, jars, bytes, provisioned: boolean, seconds?}>}
 */
export async function ensureKafka({ log = defaultLog, version = KAFKA_VERSION } = {}) {
  const p = kafkaPaths(version);
  const { marker, provisioned } = await ensureMavenJars({ ...kafkaJars(version), log });
  return {
    version,
    home: p.home,
    libsDir: p.libsDir,
    classpath: p.classpath,
    mavenRepo: p.mavenRepo,
    java: javaBin(),
    jars: marker.jars.length,
    bytes: marker.bytes,
    provisioned,
    ...(provisioned ? { seconds: marker.seconds } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Probing

/** True if something accepts TCP connections on host:port. */
function tcpOpen(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((res) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.destroy();
      res(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

let kafkajsModule;
async function loadKafkajs() {
  kafkajsModule ??= await import('kafkajs');
  return kafkajsModule.Kafka ? kafkajsModule : kafkajsModule.default;
}

/**
 * Asks the broker on 127.0.0.1:port for its metadata with the kafkajs admin client.
 * @returns {Promise<{ok: true, clusterId, brokers, topics} | {ok: false, error}>}
 */
export async function probeKafka({ port = DEFAULT_PORT, timeoutMs = 3000 } = {}) {
  if (!(await tcpOpen(port, '127.0.0.1', Math.min(timeoutMs, 1000)))) {
    return { ok: false, error: new Error(`nothing listening on 127.0.0.1:${port}`) };
  }
  const { Kafka, logLevel } = await loadKafkajs();
  const kafka = new Kafka({
    clientId: 'stageplein-kafka-probe',
    brokers: [`127.0.0.1:${port}`],
    connectionTimeout: Math.min(timeoutMs, 2000),
    requestTimeout: timeoutMs,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin({ retry: { retries: 0 } });
  let timer;
  try {
    const work = (async () => {
      await admin.connect();
      const cluster = await admin.describeCluster();
      const topics = await admin.listTopics();
      return { ok: true, clusterId: cluster.clusterId, brokers: cluster.brokers, topics };
    })();
    const timeout = new Promise((_, rej) => {
      timer = setTimeout(() => rej(new Error(`no answer within ${timeoutMs}ms`)), timeoutMs);
    });
    return await Promise.race([work, timeout]);
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
    await admin.disconnect().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Broker config and storage

function serverProperties({ port, controllerPort, logDirs }) {
  return `# Written by infra/engines/kafka/kafka.mjs on every start; edits are overwritten.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${controllerPort}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=${logDirs}
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=false
delete.topic.enable=true
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=4
log.retention.hours=168
log.segment.bytes=134217728
`;
}

const LOG4J = `# Written by infra/engines/kafka/kafka.mjs. The broker's stdout goes to broker.log in the data dir.
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.authorizer.logger=WARN
`;

/** A Kafka cluster id: 16 random bytes, URL-safe base64 without padding (22 chars). */
function newClusterId() {
  return randomBytes(16).toString('base64url');
}

function runJava(args, { timeoutMs = 120_000 } = {}) {
  return new Promise((res, rej) => {
    const child = spawn(javaBin(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      rej(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      res({ code, signal, out });
    });
  });
}

function jvmArgs(d, heap) {
  return [
    `-Xmx${heap}`,
    '-Xms128m',
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    // C1 only: starts about twice as fast on 2 busy cores; peak throughput does not matter here.
    '-XX:TieredStopAtLevel=1',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    `-Dlog4j.configuration=${pathToFileURL(d.log4j).href}`,
    `-Dkafka.logs.dir=${d.dataDir}`,
    // Extra JVM flags for experiments, e.g. STAGEPLEIN_KAFKA_JVM_OPTS='-XX:TieredStopAtLevel=1'.
    ...(process.env.STAGEPLEIN_KAFKA_JVM_OPTS || '').split(/\s+/).filter(Boolean),
  ];
}

/** Writes config, and formats the storage once (the cluster id is kept in the data dir). */
async function prepareDataDir(d, { port, controllerPort, classpath, log }) {
  await mkdir(d.logDirs, { recursive: true });
  await writeFile(d.config, serverProperties({ port, controllerPort, logDirs: d.logDirs }));
  await writeFile(d.log4j, LOG4J);

  const metaFile = join(d.logDirs, 'meta.properties');
  let clusterId = (await readFile(d.clusterIdFile, 'utf8').catch(() => '')).trim();
  if (existsSync(metaFile)) {
    const meta = await readFile(metaFile, 'utf8');
    const fromMeta = /^cluster\.id=(.+)$/m.exec(meta)?.[1]?.trim();
    if (fromMeta && fromMeta !== clusterId) {
      clusterId = fromMeta;
      await writeFile(d.clusterIdFile, clusterId + '\n');
    }
    return clusterId;
  }
  if (!clusterId) {
    clusterId = newClusterId();
    await writeFile(d.clusterIdFile, clusterId + '\n');
  }
  log(`formatting KRaft storage in ${d.logDirs} (cluster id ${clusterId})`);
  const r = await runJava([
    ...jvmArgs(d, '256m'),
    '-cp',
    classpath,
    'kafka.tools.StorageTool',
    'format',
    // One argument, so an id starting with '-' (base64url allows it) is not read as a flag.
    `--cluster-id=${clusterId}`,
    '-c',
    d.config,
    '--ignore-formatted',
  ]);
  if (r.code !== 0) {
    throw new Error(`kafka: storage format failed (exit ${r.code ?? r.signal}):\n${r.out.trim()}`);
  }
  return clusterId;
}

/** Last `lines` lines of a file, read from byte offset `from` on (at most the last 64 KiB). */
function tailFile(file, { from = 0, lines = 40 } = {}) {
  let fd;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const start = Math.max(from, size - 65536);
    const buf = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buf, 0, buf.length, start);
    return buf
      .toString('utf8')
      .split('\n')
      .slice(-lines - 1)
      .join('\n')
      .trim();
  } catch {
    return '(no broker log)';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// Broker process

/** Children started by this process, stopped (SIGTERM) if this process exits without stop(). */
const liveChildren = new Set();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of liveChildren) {
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  });
}

/** Is pid a java process running kafka.Kafka with this data dir's config? (guards against pid reuse) */
async function isOurBroker(pid, d) {
  if (!pidAlive(pid)) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null) return true; // no /proc: trust the pid file
  const args = cmdline.split('\0');
  return args.includes('kafka.Kafka') && args.includes(d.config);
}

function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((res) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      res(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      res(true);
    };
    child.once('exit', onExit);
  });
}

async function waitForPidExit(pid, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!pidAlive(pid)) return true;
    await sleep(100);
  }
  return !pidAlive(pid);
}

async function launch(d, { port, controllerPort, heap, startTimeoutMs, log, dieWithParent }) {
  const kafka = await ensureKafka({ log });
  const clusterId = await prepareDataDir(d, { port, controllerPort, classpath: kafka.classpath, log });

  // A broker of ours left over from a crashed run on this data dir holds its lock: stop it.
  const oldPid = Number((await readFile(d.pidFile, 'utf8').catch(() => '')).trim());
  if (oldPid && (await isOurBroker(oldPid, d))) {
    log(`stopping leftover broker pid ${oldPid} on ${d.dataDir}`);
    process.kill(oldPid, 'SIGTERM');
    if (!(await waitForPidExit(oldPid, 30_000))) process.kill(oldPid, 'SIGKILL');
    await waitForPidExit(oldPid, 5000);
  }
  if (await tcpOpen(controllerPort)) {
    throw new Error(
      `kafka: controller port 127.0.0.1:${controllerPort} is already in use (pass another controllerPort)`,
    );
  }

  const logStart = existsSync(d.brokerLog) ? (await stat(d.brokerLog)).size : 0;
  await appendFile(
    d.brokerLog,
    `\n===== ${new Date().toISOString()} starting broker on 127.0.0.1:${port} =====\n`,
  );
  const out = openSync(d.brokerLog, 'a');
  const started = Date.now();
  let child;
  try {
    const javaArgs = [...jvmArgs(d, heap), '-cp', kafka.classpath, 'kafka.Kafka', d.config];
    // On Linux, util-linux's setpriv sets PR_SET_PDEATHSIG before exec'ing java (same pid), so the
    // broker gets SIGTERM when this process dies without calling stop() (a killed test worker).
    const setpriv = dieWithParent && process.platform === 'linux' ? findOnPath('setpriv') : null;
    const [cmd, args] = setpriv
      ? [setpriv, ['--pdeathsig', 'TERM', javaBin(), ...javaArgs]]
      : [javaBin(), javaArgs];
    child = spawn(cmd, args, {
      cwd: d.dataDir,
      detached: true, // own process group: Ctrl-C in a terminal reaches us, not the JVM directly
      stdio: ['ignore', out, out],
    });
  } finally {
    closeSync(out);
  }
  await new Promise((res, rej) => {
    child.once('spawn', res);
    child.once('error', rej);
  });
  installExitHook();
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  await writeFile(d.pidFile, `${child.pid}\n`);
  log(`broker pid ${child.pid} starting on 127.0.0.1:${port} (log: ${d.brokerLog})`);

  // Readiness: the admin client must get metadata back.
  const deadline = started + startTimeoutMs;
  let lastError;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      liveChildren.delete(child);
      throw new Error(
        `kafka: broker exited during startup (${child.exitCode ?? child.signalCode}). Broker log tail (${d.brokerLog}):\n` +
          tailFile(d.brokerLog, { from: logStart }),
      );
    }
    const probe = await probeKafka({ port, timeoutMs: 3000 });
    if (probe.ok) break;
    lastError = probe.error;
    if (Date.now() > deadline) {
      await stopChild(child, { timeoutMs: 10_000 });
      throw new Error(
        `kafka: broker on 127.0.0.1:${port} not ready after ${Math.round(startTimeoutMs / 1000)}s ` +
          `(last error: ${lastError?.message}). Broker log tail (${d.brokerLog}):\n` +
          tailFile(d.brokerLog, { from: logStart }),
      );
    }
    await sleep(300);
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  log(`broker ready on 127.0.0.1:${port} in ${seconds}s`);
  return { child, clusterId, seconds };
}

async function stopChild(child, { signal = 'SIGTERM', timeoutMs = 30_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    /* gone */
  }
  if (!(await waitForExit(child, timeoutMs))) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* gone */
    }
    await waitForExit(child, 10_000);
  }
  liveChildren.delete(child);
}

/**
 * Starts a single-node KRaft broker+controller on loopback, or reuses one already answering on
 * the port. The returned handle can stop the broker and start it again on the same data dir and
 * port (for fault-injection tests):
 *
 *   const k = await startKafka();
 *   await k.stop();           // graceful (SIGTERM; SIGKILL after 30 s)
 *   await k.stop({ signal: 'SIGKILL' });   // or a crash
 *   ...producers keep retrying...
 *   await k.start();          // same dir, port, cluster id; resolves when ready
 *   await k.restart();        // stop() + start()
 *
 * @param {object} [opts]
 * @param {number} [opts.port=19092]
 * @param {number} [opts.controllerPort=19093]
 * @param {string} [opts.dataDir] default <repo>/.data/kafka-test
 * @param {(msg: string) => void} [opts.log] default: stderr with a [kafka] prefix
 * @param {string} [opts.heap='512m'] JVM -Xmx
 * @param {number} [opts.startTimeoutMs=120000]
 * @param {boolean} [opts.reuse=true] reuse a broker already answering on the port
 * @param {boolean} [opts.dieWithParent=true] the broker gets SIGTERM if this process dies (Linux)
 */
export async function startKafka({
  port = DEFAULT_PORT,
  controllerPort = DEFAULT_CONTROLLER_PORT,
  dataDir = DEFAULT_DATA_DIR,
  log = defaultLog,
  heap = '512m',
  startTimeoutMs = 120_000,
  reuse = true,
  dieWithParent = true,
} = {}) {
  const brokers = [`127.0.0.1:${port}`];
  const d = dataPaths(resolve(dataDir));

  const existing = await probeKafka({ port, timeoutMs: 3000 });
  if (existing.ok) {
    if (!reuse) throw new Error(`kafka: a broker is already answering on 127.0.0.1:${port} (reuse: false)`);
    log(`reusing the broker already answering on 127.0.0.1:${port} (cluster ${existing.clusterId})`);
    return reusedHandle(brokers, existing.clusterId, d);
  }
  if (await tcpOpen(port)) {
    throw new Error(`kafka: 127.0.0.1:${port} is in use by something that does not answer as a Kafka broker`);
  }

  await mkdir(d.dataDir, { recursive: true });
  const release = await acquireLock(d.startLock, {
    log,
    what: `another process starting Kafka in ${d.dataDir}`,
  });
  let state;
  try {
    // Another process may have started it while we waited for the lock.
    const again = await probeKafka({ port, timeoutMs: 3000 });
    if (again.ok) {
      if (!reuse) throw new Error(`kafka: a broker is already answering on 127.0.0.1:${port} (reuse: false)`);
      log(`reusing the broker already answering on 127.0.0.1:${port}`);
      return reusedHandle(brokers, again.clusterId, d);
    }
    state = await launch(d, { port, controllerPort, heap, startTimeoutMs, log, dieWithParent });
  } finally {
    await release();
  }

  let child = state.child;
  let pending = null; // serialises stop/start
  const serial = (fn) => {
    const run = (pending ?? Promise.resolve()).catch(() => {}).then(fn);
    pending = run;
    return run;
  };
  const handle = {
    brokers,
    reused: false,
    clusterId: state.clusterId,
    dataDir: d.dataDir,
    logFile: d.brokerLog,
    port,
    controllerPort,
    startSeconds: state.seconds,
    /** pid of the running broker JVM, or null while stopped. */
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? child.pid : null;
    },
    get running() {
      return handle.pid !== null;
    },
    /** Stops the broker: SIGTERM (graceful) by default, SIGKILL after timeoutMs. Idempotent. */
    stop: ({ signal = 'SIGTERM', timeoutMs = 30_000 } = {}) =>
      serial(async () => {
        if (!handle.running) return;
        log(`stopping broker pid ${child.pid} (${signal})`);
        await stopChild(child, { signal, timeoutMs });
        await rm(d.pidFile, { force: true });
      }),
    /** Starts the broker again on the same data dir and ports; resolves when it answers. */
    start: () =>
      serial(async () => {
        if (handle.running) return;
        const r = await launch(d, { port, controllerPort, heap, startTimeoutMs, log, dieWithParent });
        child = r.child;
        handle.startSeconds = r.seconds;
      }),
    restart: async (opts) => {
      await handle.stop(opts);
      await handle.start();
    },
  };
  return handle;
}

function reusedHandle(brokers, clusterId, d) {
  const nope = async () => {
    throw new Error(
      'kafka: this broker was reused, not started here; it cannot be restarted from this handle',
    );
  };
  return {
    brokers,
    reused: true,
    clusterId,
    dataDir: d.dataDir,
    logFile: d.brokerLog,
    port: Number(brokers[0].split(':')[1]),
    pid: null,
    running: true,
    stop: async () => {},
    start: nope,
    restart: nope,
  };
}

/**
 * Stops the broker whose pid file is in dataDir (e.g. one started by `kafka.mjs start` in
 * another terminal, or left behind). Returns the pid stopped, or null if none was running.
 */
export async function stopKafkaBroker({
  dataDir = DEFAULT_DATA_DIR,
  signal = 'SIGTERM',
  timeoutMs = 30_000,
  log = defaultLog,
} = {}) {
  const d = dataPaths(resolve(dataDir));
  const pid = Number((await readFile(d.pidFile, 'utf8').catch(() => '')).trim());
  if (!pid || !(await isOurBroker(pid, d))) {
    await rm(d.pidFile, { force: true });
    return null;
  }
  log(`stopping broker pid ${pid} (${signal})`);
  process.kill(pid, signal);
  if (!(await waitForPidExit(pid, timeoutMs))) {
    process.kill(pid, 'SIGKILL');
    await waitForPidExit(pid, 10_000);
  }
  await rm(d.pidFile, { force: true });
  return pid;
}

/** What is known about the cache and a broker, without starting anything. */
export async function kafkaStatus({ port = DEFAULT_PORT, dataDir = DEFAULT_DATA_DIR } = {}) {
  const p = kafkaPaths();
  const d = dataPaths(resolve(dataDir));
  const marker = await provisionedMavenJars(kafkaJars(p.version));
  const pid = Number((await readFile(d.pidFile, 'utf8').catch(() => '')).trim()) || null;
  const probe = await probeKafka({ port, timeoutMs: 3000 });
  return {
    version: p.version,
    provisioned: Boolean(marker),
    libsDir: p.libsDir,
    jars: marker?.jars.length ?? 0,
    dataDir: d.dataDir,
    pid: pid && (await isOurBroker(pid, d)) ? pid : null,
    brokers: [`127.0.0.1:${port}`],
    answering: probe.ok,
    clusterId: probe.ok ? probe.clusterId : null,
    topics: probe.ok ? probe.topics : [],
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`missing value for ${a}`);
      return v;
    };
    if (a.startsWith('--port')) opts.port = Number(val());
    else if (a.startsWith('--controller-port')) opts.controllerPort = Number(val());
    else if (a.startsWith('--data-dir')) opts.dataDir = resolve(val());
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

async function main(argv) {
  const [cmd, ...rest] = argv;
  const usage =
    'usage: node infra/engines/kafka/kafka.mjs ensure|start|stop|status [--port 19092] [--controller-port 19093] [--data-dir DIR]';
  const opts = parseArgs(rest);
  switch (cmd) {
    case 'ensure': {
      const info = await ensureKafka();
      console.log(JSON.stringify(info, null, 2));
      return 0;
    }
    case 'start': {
      const k = await startKafka(opts);
      console.log(`brokers: ${k.brokers.join(',')}`);
      if (k.reused) {
        console.log('(a broker was already running there; nothing to do)');
        return 0;
      }
      console.log(`pid ${k.pid}, data ${k.dataDir}, log ${k.logFile}. Ctrl-C to stop.`);
      await new Promise((res) => {
        let stopping = false;
        const onSignal = () => {
          if (stopping) return;
          stopping = true;
          k.stop().then(res, res);
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        const watch = setInterval(() => {
          if (!k.running && !stopping) {
            console.error('[kafka] broker exited (stopped elsewhere, or crashed); see ' + k.logFile);
            clearInterval(watch);
            res();
          }
        }, 1000);
        process.once('beforeExit', () => clearInterval(watch));
      });
      return 0;
    }
    case 'stop': {
      const pid = await stopKafkaBroker(opts);
      console.log(
        pid
          ? `stopped broker pid ${pid}`
          : 'no broker of ours running in ' + (opts.dataDir ?? DEFAULT_DATA_DIR),
      );
      return 0;
    }
    case 'status': {
      const s = await kafkaStatus(opts);
      console.log(JSON.stringify(s, null, 2));
      return s.answering ? 0 : 1;
    }
    default:
      console.error(usage);
      return cmd ? 2 : 0;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err?.stack || String(err));
      process.exit(1);
    },
  );
}
