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

import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureMavenJars, mavenJarsPaths } from '../maven-jars.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const POM = join(HERE, 'pom.xml');

/** The Temporal Java SDK release whose test server is used; STAGEPLEIN_TEMPORAL_TEST_SERVER_VERSION overrides it. */
export const TEMPORAL_TEST_SERVER_VERSION = process.env.STAGEPLEIN_TEMPORAL_TEST_SERVER_VERSION || '1.31.0';

const defaultLog = (msg) => process.stderr.write(`[temporal-test-server] ${msg}\n`);

/** Where things live for a version; nothing is created. */
export function temporalTestServerPaths(version = TEMPORAL_TEST_SERVER_VERSION) {
  const p = mavenJarsPaths('temporal-test-server', version);
  return { ...p, executable: join(p.home, 'bin', 'temporal-test-server') };
}

/** The SDK starts `<executable> <port>`; the server listens on that port until it is killed. */
async function writeLauncher(executable, libsDir, java) {
  await mkdir(dirname(executable), { recursive: true });
  await writeFile(
    executable,
    [
      '#!/bin/sh',
      "# Written by infra/engines/temporal-test-server/temporal-test-server.mjs: Temporal's Java test server.",
      `exec "${java}" -Xss512k -XX:+UseSerialGC -Xmx512m -cp "${libsDir}/*" io.temporal.testserver.TestServer "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(executable, 0o755);
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
  const { provisioned } = await ensureMavenJars({
    engine: 'temporal-test-server',
    label: "Temporal's Java test server",
    version,
    pom: POM,
    versionProperty: 'temporal.version',
    mainJar: `temporal-test-server-${version}.jar`,
    log,
    finish: (_paths, java) => writeLauncher(p.executable, p.libsDir, java),
    present: () => existsSync(p.executable),
  });
  return { executable: p.executable, version, libsDir: p.libsDir, provisioned };
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
