#!/usr/bin/env node
// Temporal's Java test server (time skipping) for workflow tests.
//
// `@temporalio/testing`'s TestWorkflowEnvironment.createTimeSkipping() drives a test server whose clock
// jumps to the next timer whenever no workflow has work to do, so a test of a 30-day deadline runs in
// seconds. The SDK would download a native build of it at run time; here nothing is downloaded at run
// time: the server's jars come from Maven Central through Maven (pom.xml beside this file) into the
// user's cache, <user cache>/stageplein/temporal-test-server/<version>/libs, once per machine (shared by
// every clone; Maven's repository is the cache's m2/, shared with Kafka's jars), and a small launcher
// script there (`bin/temporal-test-server <port>`, running `java … io.temporal.testserver.TestServer`)
// is what the SDK gets as an existing path:
//
//   import { ensureTemporalTestServer } from '@stageplein/engines/temporal-test-server';
//   const { executable } = await ensureTemporalTestServer();
//   const env = await TestWorkflowEnvironment.createTimeSkipping({
//     server: { executable: { type: 'existing-path', path: executable } },
//   });
//
// CLI: node infra/engines/temporal-test-server/temporal-test-server.mjs ensure
//
// Plain Node ESM, no dependencies beyond Node itself; Java 17+ and Maven on PATH (as for Kafka).

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { USER_CACHE_DIR } from '../user-cache.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const POM = join(HERE, 'pom.xml');
const MARKER = '.provisioned.json';

/** The Temporal Java SDK release whose test server is used; STAGEPLEIN_TEMPORAL_TEST_SERVER_VERSION overrides it. */
export const TEMPORAL_TEST_SERVER_VERSION = process.env.STAGEPLEIN_TEMPORAL_TEST_SERVER_VERSION || '1.31.0';

const defaultLog = (msg) => process.stderr.write(`[temporal-test-server] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function findOnPath(cmd) {
  for (const dir of (process.env.PATH || '').split(delimiter)) {
    if (dir && existsSync(join(dir, cmd))) return join(dir, cmd);
  }
  return null;
}

function javaBin() {
  if (process.env.JAVA_HOME) {
    const j = join(process.env.JAVA_HOME, 'bin', 'java');
    if (existsSync(j)) return j;
  }
  const j = findOnPath('java');
  if (!j) throw new Error('temporal-test-server: `java` not found (need Java 17+ on PATH or JAVA_HOME)');
  return j;
}

/** Where things live for a version; nothing is created. */
export function temporalTestServerPaths(version = TEMPORAL_TEST_SERVER_VERSION) {
  const home = join(USER_CACHE_DIR, 'temporal-test-server', version);
  return {
    version,
    home,
    libsDir: join(home, 'libs'),
    executable: join(home, 'bin', 'temporal-test-server'),
    marker: join(home, MARKER),
    mavenRepo: join(USER_CACHE_DIR, 'm2'),
  };
}

async function pomHash() {
  return createHash('sha256')
    .update(await readFile(POM))
    .digest('hex')
    .slice(0, 16);
}

async function provisioned(p) {
  try {
    const marker = JSON.parse(await readFile(p.marker, 'utf8'));
    if (marker.version !== p.version || marker.pom !== (await pomHash())) return null;
    if (!existsSync(p.executable) || !existsSync(join(p.libsDir, `temporal-test-server-${p.version}.jar`)))
      return null;
    return marker;
  } catch {
    return null;
  }
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** A lock folder, so parallel callers (two test processes) provision once. */
async function acquireLock(lockDir, log) {
  const deadline = Date.now() + 15 * 60_000;
  let told = false;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(join(lockDir, 'owner'), String(process.pid));
      return () => rm(lockDir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const owner = Number((await readFile(join(lockDir, 'owner'), 'utf8').catch(() => '')).trim());
    if (owner && !pidAlive(owner)) {
      await rm(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!owner) {
      const st = await stat(lockDir).catch(() => null);
      if (st && Date.now() - st.mtimeMs > 30_000) await rm(lockDir, { recursive: true, force: true });
    }
    if (!told) {
      log(`waiting for another process provisioning the test server (pid ${owner || '?'})...`);
      told = true;
    }
    if (Date.now() > deadline) throw new Error(`temporal-test-server: timed out waiting for lock ${lockDir}`);
    await sleep(500);
  }
}

function runMaven(args, log) {
  const mvn = findOnPath('mvn');
  if (!mvn) throw new Error('temporal-test-server: `mvn` not found (need Maven on PATH)');
  return new Promise((resolve, reject) => {
    const child = spawn(mvn, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    for (const s of [child.stdout, child.stderr]) {
      s.setEncoding('utf8');
      s.on('data', (chunk) => {
        for (const line of chunk.split('\n')) {
          if (!line) continue;
          tail.push(line);
          if (tail.length > 30) tail.shift();
        }
      });
    }
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`mvn exited with ${code}; last lines:\n${tail.join('\n')}`));
    });
    log(`mvn ${args.slice(-3).join(' ')}`);
  });
}

/**
 * Makes sure the test server's jars and launcher are in the user's cache (Maven Central, once per
 * machine); answers the launcher's path.
 * @param {{ log?: (msg: string) => void, version?: string }} [opts]
 * @returns {Promise<{ executable: string, version: string, libsDir: string, provisioned: boolean }>}
 */
export async function ensureTemporalTestServer({
  log = defaultLog,
  version = TEMPORAL_TEST_SERVER_VERSION,
} = {}) {
  const p = temporalTestServerPaths(version);
  const info = (fresh) => ({ executable: p.executable, version, libsDir: p.libsDir, provisioned: fresh });
  if (await provisioned(p)) return info(false);
  await mkdir(dirname(p.home), { recursive: true });
  const release = await acquireLock(`${p.home}.lock`, log);
  try {
    if (await provisioned(p)) return info(false);
    const java = javaBin();
    const started = Date.now();
    log(
      `provisioning Temporal's Java test server ${version} from Maven Central into ${p.libsDir} (once per machine)...`,
    );
    await mkdir(p.home, { recursive: true });
    await mkdir(p.mavenRepo, { recursive: true });
    for (const f of await readdir(p.home)) {
      if (f.startsWith('libs.partial-')) await rm(join(p.home, f), { recursive: true, force: true });
    }
    const partial = join(p.home, `libs.partial-${process.pid}`);
    await runMaven(
      [
        '-B',
        '-q',
        '-Dstyle.color=never',
        '-f',
        POM,
        `-Dmaven.repo.local=${p.mavenRepo}`,
        `-Dtemporal.version=${version}`,
        'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies',
        `-DoutputDirectory=${partial}`,
        '-DincludeScope=runtime',
      ],
      log,
    );
    const jars = (await readdir(partial)).filter((f) => f.endsWith('.jar')).sort();
    if (!jars.includes(`temporal-test-server-${version}.jar`))
      throw new Error(
        `temporal-test-server: Maven finished but temporal-test-server-${version}.jar is missing`,
      );
    await rm(p.libsDir, { recursive: true, force: true });
    await rename(partial, p.libsDir);
    await mkdir(dirname(p.executable), { recursive: true });
    // The SDK starts `<executable> <port>`; the server listens on that port until it is killed.
    await writeFile(
      p.executable,
      [
        '#!/bin/sh',
        "# Written by infra/engines/temporal-test-server/temporal-test-server.mjs: Temporal's Java test server.",
        `exec "${java}" -Xss512k -XX:+UseSerialGC -Xmx512m -cp "${p.libsDir}/*" io.temporal.testserver.TestServer "$@"`,
        '',
      ].join('\n'),
    );
    await chmod(p.executable, 0o755);
    const marker = {
      version,
      pom: await pomHash(),
      jars: jars.length,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      provisionedAt: new Date().toISOString(),
    };
    await writeFile(p.marker, `${JSON.stringify(marker, null, 2)}\n`);
    log(`test server ${version} ready: ${jars.length} jars in ${marker.seconds}s`);
    return info(true);
  } finally {
    await release();
  }
}

async function main(argv) {
  if (argv[0] !== 'ensure') {
    process.stdout.write('usage: node infra/engines/temporal-test-server/temporal-test-server.mjs ensure\n');
    process.exitCode = argv[0] ? 2 : 0;
    return;
  }
  const { executable } = await ensureTemporalTestServer();
  process.stdout.write(`${executable}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  });
}
