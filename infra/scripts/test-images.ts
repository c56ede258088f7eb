// `npm run test:images`: builds every image of the distributed profile (docker-compose.yml) with podman
// and starts each against a throwaway PostgreSQL until it answers /ready, on a machine without a
// Docker engine or a container registry (docs/deploy.md "Images"). The Node base image is bootstrapped
// here from Debian's packages (debootstrap minbase) and this machine's Node, once per Node version; it
// and every build layer live in podman storage in the user cache (~/.cache/stageplein/images), so a
// second run rebuilds only what changed. What this machine has already is fed in rather than made again:
// npm's cache (the install stage's downloads) and the front ends `npm run build:ui` built. The relay and
// the worker start against a throwaway Kafka broker and a Temporal dev server (the suite's engines).
// Prints each image's size and build and start-to-ready times, then prunes from the cache what these
// sources no longer use.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { startKafka } from '@stageplein/engines/kafka';
import { ensureTemporal, startTemporalDevServer } from '@stageplein/engines/temporal';
import { USER_CACHE_DIR } from '@stageplein/engines/user-cache';
import { freePort, startThrowawayPostgres } from '@stageplein/testing/throwaway-postgres';
import { parse } from 'yaml';
import { buildUi } from './build-ui.mjs';
import { ROOT, run } from './lib.mjs';
import { createPhases, formatDuration } from './output.mjs';

const NODE = process.version.slice(1);
const SUITE = 'bookworm';
// STAGEPLEIN_IMAGES_CACHE_DIR: another folder, e.g. an empty one to time a machine's first run.
const CACHE = process.env.STAGEPLEIN_IMAGES_CACHE_DIR || path.join(USER_CACHE_DIR, 'images');
const BASE = `localhost/stageplein/node:${NODE}-${SUITE}-minbase`;
const BUILD_BASE = `localhost/stageplein/node-build:${NODE}-${SUITE}-minbase`;
const LOGS = path.join(ROOT, '.data/logs/images');
const STARTED = Date.now();
// STAGEPLEIN_IMAGES_UI=image: build the front ends inside the image (its ui-build stage, as Docker
// Compose does) instead of passing those `npm run build:ui` made.
const UI_IN_IMAGE = process.env.STAGEPLEIN_IMAGES_UI === 'image';

// podman's settings for this machine, in files of our own (CONTAINERS_CONF, CONTAINERS_STORAGE_CONF), so
// nothing system-wide changes and the whole image cache is one folder of the user cache.
function podmanSettings(): NodeJS.ProcessEnv {
  mkdirSync(CACHE, { recursive: true });
  const containersConf = path.join(CACHE, 'containers.conf');
  writeFileSync(
    containersConf,
    [
      '[containers]',
      // podman's defaults (nofile=1048576, nproc as high as the kernel allows) are above this machine's
      // hard limits, and root here has no CAP_SYS_RESOURCE to raise them: runc fails to set them and no
      // container (nor a build's RUN) starts. Lowered to values under those limits, plenty for a server.
      'default_ulimits = ["nofile=16384:16384", "nproc=4096:4096"]',
      '[engine]',
      // runc, not crun: the cgroups here are hybrid (v1 controllers, a v2 unified mount), which crun
      // from Debian 12 refuses; runc handles them.
      'runtime = "runc"',
      // No systemd (and no journald) in this machine: cgroups and events through plain files.
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      '',
    ].join('\n'),
  );
  const storageConf = path.join(CACHE, 'storage.conf');
  writeFileSync(
    storageConf,
    [
      '[storage]',
      'driver = "overlay"',
      `graphroot = "${path.join(CACHE, 'storage')}"`,
      `runroot = "${path.join(CACHE, 'run')}"`,
      '',
    ].join('\n'),
  );
  return { ...process.env, CONTAINERS_CONF: containersConf, CONTAINERS_STORAGE_CONF: storageConf };
}

const ENV = podmanSettings();
const podman = (args: string[]) =>
  execFileSync('podman', args, { env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const imageExists = (name: string) => {
  try {
    podman(['image', 'exists', name]);
    return true;
  } catch {
    return false;
  }
};

/**
 * flock(1) on the cache's lock file, held by a child process until `release()` (or until this process
 * ends, however it ends: the child's stdin closes and so does its lock). Shared while a run builds and
 * starts images, so runs may go side by side; exclusive to prune, so a prune never removes what a
 * running build uses. `wait: false`: null when someone else holds it.
 */
async function lockCache(kind: 'shared' | 'exclusive', wait: boolean): Promise<(() => Promise<void>) | null> {
  const child = spawn(
    'flock',
    [
      `--${kind}`,
      ...(wait ? [] : ['--nonblock']),
      path.join(CACHE, 'lock'),
      'sh',
      '-c',
      'echo locked; exec cat',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const locked = await new Promise<boolean>((resolve) => {
    child.stdout.once('data', () => resolve(true));
    child.once('exit', () => resolve(false));
    child.once('error', () => resolve(false)); // no flock(1): no lock
  });
  if (!locked) return null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return () => {
    child.stdin.end();
    return exited;
  };
}

const logFile = (title: string) => path.join(LOGS, `${title.replace(/[^a-z0-9]+/gi, '-')}.log`);

/** Runs a long command with its output in a log, printing its latest line matching `progress` every 15 s. */
async function logged(title: string, command: string, args: string[], progress: RegExp): Promise<number> {
  mkdirSync(LOGS, { recursive: true });
  const file = logFile(title);
  const fd = openSync(file, 'w');
  const started = Date.now();
  console.log(`▶ ${title} (log: ${path.relative(ROOT, file)})`);
  const ticker = setInterval(() => {
    const last = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => progress.test(l))
      .at(-1);
    console.log(`  … ${Math.round((Date.now() - started) / 1000)} s${last ? `: ${last.slice(0, 110)}` : ''}`);
  }, 15_000);
  try {
    await run(command, args, { log: fd, env: ENV });
  } catch (error) {
    console.log(readFileSync(file, 'utf8').split('\n').slice(-40).join('\n'));
    throw error;
  } finally {
    clearInterval(ticker);
  }
  return Date.now() - started;
}

/**
 * The stand-in for node:20-bookworm-slim: Debian's minimal root file system (debootstrap minbase) with
 * this machine's Node and npm in /usr/local and the user `node` (uid 1000), as the official image has
 * them. Its archive is kept in the user cache, keyed by Node version and Debian suite.
 */
async function ensureBaseImage(): Promise<void> {
  if (!imageExists(BASE)) {
    const archive = path.join(CACHE, `node-${NODE}-${SUITE}-minbase.tar`);
    if (!existsSync(archive)) {
      const rootfs = path.join(CACHE, `rootfs-${process.pid}`);
      rmSync(rootfs, { recursive: true, force: true });
      await logged(
        'debootstrap',
        'debootstrap',
        ['--variant=minbase', SUITE, rootfs, 'http://deb.debian.org/debian'],
        /^I: /,
      );
      const nodeBin = execFileSync('sh', ['-c', 'readlink -f "$(command -v node)"'], {
        encoding: 'utf8',
      }).trim();
      const npmDir = path.resolve(path.dirname(nodeBin), '../lib/node_modules/npm');
      mkdirSync(path.join(rootfs, 'usr/local/lib/node_modules'), { recursive: true });
      copyFileSync(nodeBin, path.join(rootfs, 'usr/local/bin/node'));
      execFileSync('cp', ['-a', npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm')]);
      execFileSync('sh', [
        '-c',
        [
          `cd ${rootfs}`,
          'ln -s ../lib/node_modules/npm/bin/npm-cli.js usr/local/bin/npm',
          'ln -s ../lib/node_modules/npm/bin/npx-cli.js usr/local/bin/npx',
          "echo 'node:x:1000:1000::/home/node:/bin/bash' >> etc/passwd",
          "echo 'node:x:1000:' >> etc/group",
          "echo 'node:!:19000:0:99999:7:::' >> etc/shadow",
          'install -d -o 1000 -g 1000 home/node',
          // What a slim image leaves out: package lists, caches, documentation.
          'rm -rf var/lib/apt/lists/* var/cache/apt/* var/log/* usr/share/doc/* usr/share/man/* usr/share/info/*',
          `tar -C ${rootfs} -cf ${archive}.part .`,
          `mv ${archive}.part ${archive}`,
        ].join(' && '),
      ]);
      rmSync(rootfs, { recursive: true, force: true });
    }
    podman(['import', '--change', 'CMD ["node"]', '--change', 'ENV NODE_VERSION=' + NODE, archive, BASE]);
  }
  // The build stages only: this machine's CA bundle, for the registry through an intercepting proxy
  // (npm here is configured with it). The images that run never carry it.
  if (!imageExists(BUILD_BASE)) {
    const context = path.join(CACHE, 'build-base');
    mkdirSync(context, { recursive: true });
    copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(context, 'ca-certificates.crt'));
    writeFileSync(
      path.join(context, 'Containerfile'),
      `FROM ${BASE}\nCOPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt\n` +
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm_config_cafile=/etc/ssl/certs/ca-certificates.crt\n',
    );
    podman(['build', '--pull=never', '-t', BUILD_BASE, context]);
  }
}

type TComposeService = {
  image?: string;
  build?: { dockerfile: string; args: { PROCESS: string } };
  environment?: Record<string, string | number>;
};
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, TComposeService>;
};
const built = Object.entries(compose.services).filter(([, s]) => s.build) as [
  string,
  TComposeService & { build: NonNullable<TComposeService['build']> },
][];
const tag = (name: string) => `localhost/stageplein/${name}:test`;

/** Image IDs a build's log names: every step's image, whether built or taken from the cache. */
const imageIdsIn = (log: string) =>
  [...log.matchAll(/^--> (?:Using cache )?([0-9a-f]{11,64})$/gm)].map((m) => m[1]!);

/**
 * What this machine has that the builds take instead of making it again, as `podman build` options:
 * npm's cache over the install stage's cache mount (an overlay: the build reads it, its writes are
 * dropped), and the front ends `npm run build:ui` made as the Dockerfile's stage `ui` (so the gateway's
 * ui-build stage is skipped). Both are the same inputs the Dockerfile would use: the lockfile's packages
 * by their integrity, and Vite's output of the same sources (build-ui.mjs rebuilds when they changed).
 */
async function hostInputs(): Promise<{ args: string[]; cleanup: () => void }> {
  const args: string[] = [];
  const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
  if (existsSync(path.join(npmCache, '_cacache'))) args.push('--volume', `${npmCache}:/root/.npm:O`);
  const uiContext = path.join(CACHE, `ui-${process.pid}`);
  if (!UI_IN_IMAGE) {
    mkdirSync(LOGS, { recursive: true });
    const log = openSync(path.join(LOGS, 'build-ui.log'), 'w');
    await buildUi({ log });
    rmSync(uiContext, { recursive: true, force: true });
    for (const app of ['portal-ui', 'admin-ui']) {
      cpSync(path.join(ROOT, app, 'dist'), path.join(uiContext, app, 'dist'), { recursive: true });
    }
    args.push('--build-context', `ui=${uiContext}`);
  }
  return { args, cleanup: () => rmSync(uiContext, { recursive: true, force: true }) };
}

async function buildImages(
  host: { args: string[] },
  used: Set<string>,
): Promise<{ name: string; ms: number; bytes: number }[]> {
  const results = [];
  for (const [name, service] of built) {
    const ms = await logged(
      `build ${name}`,
      'podman',
      [
        'build',
        // OCI images have no HEALTHCHECK: podman drops it unless it writes the Docker format.
        '--format',
        'docker',
        '--pull=never',
        '--layers',
        // The build reaches the npm registry the way this machine does (no bridge network needed).
        '--network',
        'host',
        ...host.args,
        '--build-arg',
        `NODE_IMAGE=${BASE}`,
        '--build-arg',
        `BUILD_IMAGE=${BUILD_BASE}`,
        ...Object.entries(service.build.args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]),
        '-f',
        service.build.dockerfile,
        '-t',
        tag(name),
        '.',
      ],
      /STEP \d+\/\d+|added \d+|COMMIT/,
    );
    for (const id of imageIdsIn(readFileSync(logFile(`build ${name}`), 'utf8'))) used.add(id);
    const bytes = Number(podman(['image', 'inspect', '--format', '{{.Size}}', tag(name)]));
    console.log(`✔ ${name}: ${(bytes / 1e6).toFixed(0)} MB in ${(ms / 1000).toFixed(1)} s`);
    results.push({ name, ms, bytes });
  }
  return results;
}

const healthcheck = (name: string) =>
  podman(['image', 'inspect', '--format', '{{json .Config.Healthcheck}}', tag(name)]);
const user = (name: string) => podman(['image', 'inspect', '--format', '{{.Config.User}}', tag(name)]);

/** Polls `ready` until it holds, failing early with the container's log when it stopped. */
async function waitReady(container: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return;
    if (podman(['inspect', '--format', '{{.State.Running}}', container]) !== 'true') {
      throw new Error(`${container} stopped:\n${podman(['logs', '--tail', '40', container])}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `${container}: not ready within ${timeoutMs / 1000} s:\n${podman(['logs', '--tail', '40', container])}`,
  );
}

/** The image's own HEALTHCHECK (kept by --format docker), run as the engine runs it. */
const healthy = (container: string) => {
  try {
    podman(['healthcheck', 'run', container]);
    return true;
  } catch {
    return false;
  }
};

/**
 * Each image against one throwaway PostgreSQL, on the host network, configured as compose configures it:
 * the services until they answer /ready (the gateway /health), the relay against a throwaway Kafka
 * broker, the worker against a Temporal dev server until its health check sees it poll its task queues.
 */
async function startImages(): Promise<{ name: string; ms: number }[]> {
  const stops: (() => Promise<unknown>)[] = [];
  const containers: string[] = [];
  const results: { name: string; ms: number }[] = [];
  const log = (m: string) => console.log(`  ${m}`);
  try {
    const postgres = await startThrowawayPostgres('images');
    stops.push(() => postgres.stop());
    const kafkaDir = path.join(ROOT, `.data/kafka-images/${process.pid}`);
    const kafka = await startKafka({
      port: await freePort(),
      controllerPort: await freePort(),
      dataDir: kafkaDir,
      reuse: false,
      log,
    });
    stops.push(async () => {
      await kafka.stop();
      rmSync(kafkaDir, { recursive: true, force: true });
    });
    await ensureTemporal({ log });
    const temporalDb = path.join(ROOT, `.data/temporal-images-${process.pid}.db`);
    const temporal = await startTemporalDevServer({ port: await freePort(), dbFile: temporalDb, log });
    stops.push(async () => {
      await temporal.stop();
      rmSync(temporalDb, { force: true });
    });

    const order = [
      'identity',
      'organizations',
      'content',
      'placements',
      'notifications',
      'gateway',
      'relay',
      'worker',
    ];
    const ports: Record<string, number> = {};
    for (const name of order) ports[name] = await freePort();
    const url = (name: string) => `http://127.0.0.1:${ports[name]}`;
    const answers = (address: string) => () =>
      fetch(address).then(
        (r) => r.ok,
        () => false,
      );
    const common = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_TOKEN_SECRET: 'images-test-secret-0123456789abcdefghijklmnop',
      DATABASE_URL: postgres.url,
      IDENTITY_URL: url('identity'),
    };
    for (const name of order) {
      const env: Record<string, string> = { ...common, PORT: String(ports[name]) };
      let ready = answers(`${url(name)}/ready`);
      if (name === 'gateway') {
        for (const s of order.slice(0, 5)) env[`${s.toUpperCase()}_URL`] = url(s);
        ready = answers(`${url(name)}/health`);
      }
      if (name === 'relay') env.KAFKA_BROKERS = kafka.brokers.join(',');
      const container = `stageplein-images-${name}-${process.pid}`;
      if (name === 'worker') {
        env.TEMPORAL_ADDRESS = temporal.address;
        ready = async () => healthy(container);
      }
      const started = Date.now();
      podman([
        'run',
        '-d',
        '--name',
        container,
        '--network',
        'host',
        // No systemd here for podman's health check timers: the test runs the check itself.
        '--health-interval',
        'disable',
        ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
        tag(name),
      ]);
      containers.push(container);
      await waitReady(container, ready, 180_000);
      const ms = Date.now() - started;
      if (!healthy(container)) throw new Error(`${name} answers, but its image's health check fails`);
      console.log(`✔ ${name} ready in ${(ms / 1000).toFixed(1)} s (its health check passes)`);
      results.push({ name, ms });
    }
  } finally {
    for (const c of containers.reverse()) {
      try {
        podman(['rm', '-f', '-t', '10', c]);
      } catch {
        // already gone
      }
    }
    for (const stop of stops.reverse()) await stop();
  }
  return results;
}

/**
 * podman-compose resolves docker-compose.yml: its dry run (podman itself replaced by `true`) prints the
 * build and run commands it would give podman. Every service is run with its image, fully qualified or
 * built from infra/images/Dockerfile with its PROCESS.
 */
function checkPodmanCompose(): void {
  const output = execFileSync(
    'podman-compose',
    ['--dry-run', '--podman-path', '/bin/true', '-f', 'docker-compose.yml', '-p', 'stageplein', 'up', '-d'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...ENV, AUTH_TOKEN_SECRET: 'images-test-secret-0123456789abcdefghij' },
    },
  );
  const lines = output.split('\n');
  for (const [name, service] of Object.entries(compose.services)) {
    const runs = lines.filter((l) => l.includes(' run ') && l.includes(`--name=stageplein_${name}_1 `));
    if (runs.length !== 1) throw new Error(`podman-compose: no run command for ${name}:\n${output}`);
    if (service.build) {
      const build = lines.find(
        (l) => / build -t stageplein_/.test(l) && l.includes(`PROCESS=${service.build?.args.PROCESS} `),
      );
      if (!build?.includes(`-f ./${service.build.dockerfile}`)) {
        throw new Error(`podman-compose: ${name} is not built from ${service.build.dockerfile}:\n${output}`);
      }
    } else if (!runs[0]!.includes(` ${service.image} `) && !runs[0]!.endsWith(` ${service.image}`)) {
      throw new Error(`podman-compose: ${name} does not run ${service.image}:\n${runs[0]}`);
    }
  }
  console.log(`✔ podman-compose resolves all ${Object.keys(compose.services).length} services`);
}

/** Development tools an image must not carry (it runs compiled JavaScript). */
const DEV_TOOLS = ['tsx', 'typescript', 'vite', 'vitest', 'esbuild'];
const devToolsIn = (name: string) =>
  podman([
    'run',
    '--rm',
    '--network',
    'none',
    '--health-interval',
    'disable',
    tag(name),
    'find',
    '/app',
    '-type',
    'd',
    '(',
    ...DEV_TOOLS.flatMap((t, i) => [...(i ? ['-o'] : []), '-path', `*/node_modules/${t}`]),
    ')',
    '-prune',
    '-print',
  ]);

/** The bytes the image cache's podman storage takes on disk. */
const storageBytes = () =>
  Number(execFileSync('du', ['-sb', path.join(CACHE, 'storage')], { encoding: 'utf8' }).split('\t')[0]);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes from the image cache what these sources no longer use: every image that no step of this
 * run's builds named (the layers of earlier sources, lockfiles and Dockerfiles, the bases of other Node
 * versions), containers left by interrupted runs, the base archives of other Node versions and the
 * folders of runs that ended. Under the exclusive lock only, so never while another run builds or starts
 * images; and whatever is younger than this run is someone else's and stays.
 */
async function pruneCache(used: Set<string>): Promise<void> {
  const release = await lockCache('exclusive', false);
  if (!release) {
    console.log('  another run of test:images is using the image cache: nothing pruned this time');
    return;
  }
  try {
    const before = storageBytes();
    const containers = JSON.parse(podman(['ps', '-a', '--external', '--format', 'json'])) as {
      Id: string;
      Created: number;
      State: string;
    }[];
    // Not running, and older than this run and than an hour: no build or start of any run uses it.
    const leftBefore = Math.min(STARTED, Date.now() - 3_600_000);
    const leftContainers = containers
      .filter((c) => c.State !== 'running' && c.Created * 1000 < leftBefore)
      .map((c) => c.Id);
    if (leftContainers.length > 0) {
      podman(['rm', '-f', ...leftContainers]);
      console.log(`  ${leftContainers.length} containers left by interrupted runs removed`);
    }
    const images = JSON.parse(podman(['images', '-a', '--format', 'json'])) as {
      Id: string;
      Names?: string[];
      Created: number;
    }[];
    const kept = (image: (typeof images)[number]) =>
      [...used].some((id) => image.Id.startsWith(id)) ||
      (image.Names ?? []).some((n) => n === BASE || n === BUILD_BASE) ||
      image.Created * 1000 >= STARTED;
    // Children before their parents (a parent is always the older).
    const unused = images.filter((i) => !kept(i)).sort((a, b) => b.Created - a.Created);
    console.log(
      `  ${unused.length} of ${images.length} images are used by none of these builds: removing them`,
    );
    let removed = 0;
    const failed: string[] = [];
    for (let i = 0; i < unused.length; i += 25) {
      const batch = unused.slice(i, i + 25).map((image) => image.Id);
      // --ignore: removing an image removes its parents no other image has, which may come later in
      // the list.
      try {
        podman(['rmi', '--ignore', ...batch]);
        removed += batch.length;
      } catch {
        // One image of the batch is in use: the others one by one.
        for (const id of batch) {
          try {
            podman(['rmi', '--ignore', id]);
            removed += 1;
          } catch (error) {
            failed.push(
              `${id.slice(0, 12)}: ${String((error as { stderr?: string }).stderr ?? error).trim()}`,
            );
          }
        }
      }
      console.log(`  … ${removed}/${unused.length} removed`);
    }
    if (failed.length > 0) console.log(`  kept ${failed.length} in use:\n    ${failed.join('\n    ')}`);
    // Files: other Node versions' base archives, folders of runs that are over.
    for (const entry of readdirSync(CACHE)) {
      const pid = /^(?:rootfs|ui)-(\d+)$/.exec(entry)?.[1];
      const archive = /^node-(.+)-minbase\.tar(?:\.part)?$/.exec(entry);
      if ((pid && !isRunning(Number(pid))) || (archive && archive[1] !== `${NODE}-${SUITE}`)) {
        rmSync(path.join(CACHE, entry), { recursive: true, force: true });
        console.log(`  ${entry} removed`);
      }
    }
    console.log(`✔ image cache ${(before / 1e9).toFixed(1)} GB → ${(storageBytes() / 1e9).toFixed(1)} GB`);
  } finally {
    await release();
  }
}

const phases = createPhases();
const missing = ['/usr/bin/podman', '/usr/sbin/debootstrap', '/usr/sbin/runc', '/usr/bin/podman-compose'];
if (missing.some((f) => !existsSync(f))) {
  await phases.run('podman, podman-compose, debootstrap, runc from Debian', async () => {
    await run('apt-get', ['update', '-q']);
    await run('apt-get', [
      'install',
      '-y',
      '-q',
      '--no-install-recommends',
      'podman',
      'podman-compose',
      'debootstrap',
      'runc',
    ]);
  });
}
await phases.run('docker-compose.yml with podman-compose', async () => checkPodmanCompose());
// Shared: runs side by side are fine, a prune waits for them (and they for a prune).
const releaseCache = await lockCache('shared', true);
const used = new Set<string>();
let images: { name: string; ms: number; bytes: number }[];
let started: { name: string; ms: number }[];
try {
  await phases.run(`base image ${BASE}`, ensureBaseImage);
  const host = await phases.run(
    UI_IN_IMAGE ? "npm's cache for the builds" : "npm's cache and the front ends (npm run build:ui)",
    hostInputs,
  );
  try {
    images = await phases.run('build every image', () => buildImages(host, used));
  } finally {
    host.cleanup();
  }
  for (const { name } of images) {
    if (user(name) !== 'node') throw new Error(`${name} runs as "${user(name)}", not node`);
    if (healthcheck(name) === 'null') throw new Error(`${name} has no HEALTHCHECK`);
    const tools = devToolsIn(name);
    if (tools) throw new Error(`${name} carries development tools:\n${tools}`);
  }
  console.log(
    `✔ every image runs as node, keeps its health check and carries none of ${DEV_TOOLS.join(', ')}`,
  );
  started = await phases.run('start each image until ready', startImages);
} finally {
  await releaseCache?.();
}
await phases.run('prune the image cache', () => pruneCache(used));
console.log(
  `\nbase ${BASE}: ${(Number(podman(['image', 'inspect', '--format', '{{.Size}}', BASE])) / 1e6).toFixed(0)} MB`,
);
for (const { name, bytes, ms } of images) {
  const ready = started.find((s) => s.name === name);
  console.log(
    `${name.padEnd(14)} ${`${(bytes / 1e6).toFixed(0)} MB`.padStart(8)}  build ${formatDuration(ms)}` +
      (ready ? `  ready in ${formatDuration(ready.ms)}` : ''),
  );
}
console.log(phases.summary());
