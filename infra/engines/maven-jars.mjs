// Engines that run on the JVM (the Kafka broker, Temporal's Java test server): their jars come from Maven
// Central through Maven (the engine's pom.xml) into <user cache>/stageplein/<engine>/<version>/libs, once
// per machine (shared by every clone), with Maven's repository shared in <user cache>/stageplein/m2. A
// lock folder keeps parallel test files and terminals from provisioning twice; a marker file says what
// was fetched, so later calls only read it.
//
// Plain Node ESM, no dependencies beyond Node itself; Java 17+ and Maven on PATH.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eachLine, findOnPath, pidAlive, sleep } from './go-build.mjs';
import { USER_CACHE_DIR } from './user-cache.mjs';

const MARKER = '.provisioned.json';

/** Java 17+ from JAVA_HOME or PATH; `engine` names who needs it in the error. */
export function javaBin(engine) {
  if (process.env.JAVA_HOME) {
    const j = join(process.env.JAVA_HOME, 'bin', 'java');
    if (existsSync(j)) return j;
  }
  const j = findOnPath('java');
  if (!j) throw new Error(`${engine}: \`java\` not found (need Java 17+ on PATH or JAVA_HOME)`);
  return j;
}

/**
 * Cross-process lock: an exclusive mkdir, with the owner's pid inside; a lock whose owner is dead is
 * taken over. Returns a release function.
 */
export async function acquireLock(lockDir, { log, what, engine, timeoutMs = 15 * 60_000 }) {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(join(lockDir, 'owner'), String(process.pid));
      return async () => rm(lockDir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const owner = Number((await readFile(join(lockDir, 'owner'), 'utf8').catch(() => '')).trim());
    if (owner && !pidAlive(owner)) {
      await rm(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!owner) {
      // Just created by someone else, or left without an owner file: give it a moment.
      const st = await stat(lockDir).catch(() => null);
      if (st && Date.now() - st.mtimeMs > 30_000) await rm(lockDir, { recursive: true, force: true });
    }
    if (!told) {
      log(`waiting for ${what} (held by pid ${owner || '?'})...`);
      told = true;
    }
    if (Date.now() > deadline) throw new Error(`${engine}: timed out waiting for lock ${lockDir}`);
    await sleep(500);
  }
}

/** Where an engine's jars live for a version; nothing is created. */
export function mavenJarsPaths(engine, version) {
  const home = join(USER_CACHE_DIR, engine, version);
  return {
    version,
    home,
    libsDir: join(home, 'libs'),
    marker: join(home, MARKER),
    mavenRepo: join(USER_CACHE_DIR, 'm2'),
  };
}

async function pomHash(pom) {
  return createHash('sha256')
    .update(await readFile(pom))
    .digest('hex')
    .slice(0, 16);
}

/** The marker of an engine's complete jars (the options of `ensureMavenJars`), or null when they must be fetched. */
export async function provisionedMavenJars({ engine, version, pom, mainJar, present }) {
  const p = mavenJarsPaths(engine, version);
  try {
    const marker = JSON.parse(await readFile(p.marker, 'utf8'));
    if (marker.version !== p.version || marker.pom !== (await pomHash(pom))) return null;
    const jars = new Set(await readdir(p.libsDir).catch(() => []));
    // Markers written before the jars were listed name only their count: then the main jar must be there.
    const listed = Array.isArray(marker.jars) ? marker.jars : [mainJar];
    if (!listed.every((j) => jars.has(j)) || (present && !present(p))) return null;
    return marker;
  } catch {
    return null;
  }
}

// eslint-disable-next-line no-control-regex
const ANSI_COLOR = /\x1b\[[0-9;]*m/g;

/** Runs Maven, reporting its downloads every few seconds; its last lines go into the error. */
function runMaven(args, { log, engine }) {
  const mvn = process.env.MAVEN_CMD || findOnPath('mvn');
  if (!mvn)
    throw new Error(
      `${engine}: \`mvn\` not found on PATH (needed once, to fetch the jars from Maven Central)`,
    );
  return new Promise((resolvePromise, reject) => {
    const child = spawn(mvn, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    let downloads = 0;
    let last = '';
    let lastReport = 0;
    const started = Date.now();
    const report = (force) => {
      const now = Date.now();
      if (!force && now - lastReport < 3000) return;
      lastReport = now;
      const secs = Math.round((now - started) / 1000);
      log(`maven: ${secs}s, ${downloads} files downloaded${last ? ` (last: ${last})` : ''}`);
    };
    const onLine = (raw) => {
      const line = raw.replace(ANSI_COLOR, '').trimEnd();
      tail.push(line);
      if (tail.length > 60) tail.shift();
      let m;
      if ((m = /^(?:\[INFO\] )?Downloaded from \S+: (\S+)/.exec(line))) {
        downloads++;
        last = m[1].split('/').pop();
      } else if (/^\[(ERROR|WARNING)\]/.test(line)) {
        log(`maven: ${line}`);
      }
      report(false);
    };
    eachLine(child.stdout, onLine);
    eachLine(child.stderr, onLine);
    const ticker = setInterval(() => report(false), 5000);
    child.on('error', (err) => {
      clearInterval(ticker);
      reject(err);
    });
    child.on('close', (code) => {
      clearInterval(ticker);
      report(true);
      if (code === 0) resolvePromise();
      else reject(new Error(`${engine}: Maven failed (exit ${code}). Last output:\n${tail.join('\n')}`));
    });
  });
}

/**
 * Makes sure an engine's jars are in the user's cache, fetching them with Maven the first time.
 * `versionProperty` is the pom's property that takes the version, `mainJar` the jar that must be among
 * them; `finish(paths, java)` adds what else the engine needs beside the jars (a launcher), `present(paths)`
 * checks it is still there.
 * @param {{ engine: string, label: string, version: string, pom: string, versionProperty: string,
 *   mainJar: string, log: (msg: string) => void, finish?: (p: object, java: string) => Promise<void>,
 *   present?: (p: object) => boolean }} opts
 * @returns {Promise<{ paths: ReturnType<typeof mavenJarsPaths>, marker: { jars: string[], bytes: number, seconds: number }, provisioned: boolean }>}
 */
export async function ensureMavenJars(opts) {
  const { engine, label, version, pom, versionProperty, mainJar, log, finish } = opts;
  const p = mavenJarsPaths(engine, version);
  const check = () => provisionedMavenJars(opts);
  let marker = await check();
  if (marker) return { paths: p, marker, provisioned: false };

  await mkdir(dirname(p.home), { recursive: true });
  const release = await acquireLock(`${p.home}.lock`, {
    log,
    engine,
    what: `another process provisioning ${label}`,
  });
  try {
    marker = await check(); // someone else may have finished meanwhile
    if (marker) return { paths: p, marker, provisioned: false };

    const java = javaBin(engine); // fail early, before downloading, if there is no Java
    const started = Date.now();
    log(`provisioning ${label} ${version} from Maven Central into ${p.libsDir} (once per machine)...`);
    await mkdir(p.home, { recursive: true });
    await mkdir(p.mavenRepo, { recursive: true });
    for (const f of await readdir(p.home)) {
      if (f.startsWith('libs.partial-')) await rm(join(p.home, f), { recursive: true, force: true }); // a crashed run's
    }
    const partial = join(p.home, `libs.partial-${process.pid}`);
    await runMaven(
      [
        '-B',
        '-Dstyle.color=never',
        '-f',
        pom,
        `-Dmaven.repo.local=${p.mavenRepo}`,
        `-D${versionProperty}=${version}`,
        'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies',
        `-DoutputDirectory=${partial}`,
        '-DincludeScope=runtime',
      ],
      { log, engine },
    );
    const jars = (await readdir(partial)).filter((f) => f.endsWith('.jar')).sort();
    if (!jars.includes(mainJar))
      throw new Error(`${engine}: Maven finished but ${mainJar} is missing from ${partial}`);
    let bytes = 0;
    for (const j of jars) bytes += (await stat(join(partial, j))).size;
    await rm(p.libsDir, { recursive: true, force: true });
    await rename(partial, p.libsDir);
    await finish?.(p, java);
    marker = {
      version,
      pom: await pomHash(pom),
      jars,
      bytes,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      provisionedAt: new Date().toISOString(),
    };
    await writeFile(p.marker, JSON.stringify(marker, null, 2) + '\n');
    log(
      `${label} ${version} ready: ${jars.length} jars, ${(bytes / 1048576).toFixed(1)} MiB, in ${marker.seconds}s`,
    );
    return { paths: p, marker, provisioned: true };
  } finally {
    await release();
  }
}
