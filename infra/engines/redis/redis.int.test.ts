import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseRedisSource,
  debSrcLines,
  ensureRedis,
  REDIS_SOURCE_VERSION,
  redisServerPath,
  redisStatus,
  redisVersionDir,
  resolveRedisSource,
  servedVersionsOf,
  upstreamVersion,
} from './redis.mjs';

/**
 * The provisioning decision of the pinned redis-server (redis.mjs): it is built only when the cached
 * binary does not answer `--version` with the pinned version. The run's global setup has already
 * provisioned the real one (redis.global-setup.ts), so the first case checks the real cache.
 */
let tmp: string;
const quiet = () => undefined;

/** A stand-in `redis-server` that answers `--version` with `line` (or fails when `line` is null). */
async function standIn(binary: string, line: string | null): Promise<void> {
  await fs.mkdir(path.dirname(binary), { recursive: true });
  await fs.writeFile(binary, line === null ? '#!/bin/sh\nexit 1\n' : `#!/bin/sh\necho '${line}'\n`, {
    mode: 0o755,
  });
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-redis-cache-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('redis-server provisioning', () => {
  it('keys the cache by the source version and expects its upstream version', () => {
    expect(upstreamVersion('5:7.0.15-1~deb12u10')).toBe('7.0.15');
    expect(redisServerPath('5:7.0.15-1~deb12u10', '/c')).toBe('/c/redis/7.0.15-1~deb12u10/bin/redis-server');
  });

  it('uses the cached binary when it answers the pinned version: no build, nothing touched', async () => {
    const binary = redisServerPath();
    const version = upstreamVersion();
    const status = await redisStatus(binary, version);
    expect(status.state).toBe('ready');
    expect(status.answered).toMatch(new RegExp(`^Redis server v=${version.replaceAll('.', '\\.')} `));
    const before = await fs.stat(binary);
    const result = await ensureRedis({ log: quiet });
    expect(result).toEqual({ binary, version, built: false });
    expect((await fs.stat(binary)).mtimeMs).toBe(before.mtimeMs);
    await expect(fs.stat(path.join(redisVersionDir(), '.build.lock'))).rejects.toThrow(/ENOENT/);
  });

  it('tells a missing, a silent and a wrong-version binary from the right one', async () => {
    const binary = path.join(tmp, 'decide', 'redis-server');
    expect((await redisStatus(binary, '7.0.15')).state).toBe('missing');
    await standIn(binary, null);
    expect(await redisStatus(binary, '7.0.15')).toEqual({ state: 'missing', answered: null });
    await standIn(binary, 'Redis server v=7.0.1 sha=00000000:0 malloc=libc bits=64 build=1');
    expect((await redisStatus(binary, '7.0.15')).state).toBe('wrong-version');
    await standIn(binary, 'Redis server v=7.0.15 sha=00000000:0 malloc=libc bits=64 build=1');
    expect((await redisStatus(binary, '7.0.15')).state).toBe('ready');
  });

  it('takes the version answered, not the file being there: right version → used as is', async () => {
    const cacheDir = path.join(tmp, 'right');
    const binary = redisServerPath(REDIS_SOURCE_VERSION, cacheDir);
    await standIn(binary, `Redis server v=${upstreamVersion()} sha=00000000:0 malloc=libc bits=64 build=1`);
    expect(await ensureRedis({ cacheDir, log: quiet })).toEqual({
      binary,
      version: upstreamVersion(),
      built: false,
    });
  });

  it('builds again when the cached binary answers another version; a release the sources do not serve fails naming the pin and frees the lock', async () => {
    const cacheDir = path.join(tmp, 'wrong');
    // A Redis release no Debian archive has: the build stops before any download, saying what to change.
    const sourceVersion = '5:6.2.99-0~stageplein~absent';
    const binary = redisServerPath(sourceVersion, cacheDir);
    await standIn(binary, 'Redis server v=6.2.0 sha=00000000:0 malloc=libc bits=64 build=1');
    const lines: string[] = [];
    await expect(ensureRedis({ cacheDir, sourceVersion, log: (m) => lines.push(m) })).rejects.toThrow(
      /serve no redis 6\.2\.99: not the pinned 5:6\.2\.99-0~stageplein~absent.*they serve .*5:7\.0\.15-.*REDIS_SOURCE_VERSION in infra\/engines\/redis\/redis\.mjs/s,
    );
    expect(lines.join('\n')).toMatch(/answers "Redis server v=6\.2\.0 .*": building it again/);
    expect(lines.join('\n')).toMatch(
      /building Redis 6\.2\.99 \(Debian source 5:6\.2\.99-0~stageplein~absent\) once for this machine/,
    );
    await expect(fs.stat(path.join(redisVersionDir(sourceVersion, cacheDir), '.build.lock'))).rejects.toThrow(
      /ENOENT/,
    );
  }, 180_000);

  it('builds the pin when served, else the newest served revision of its Redis release, else stops naming the pin', () => {
    const served = ['5:7.0.15-1~deb12u7', '5:7.0.15-1~deb12u10', '5:7.2.4-1'];
    expect(chooseRedisSource('5:7.0.15-1~deb12u7', served)).toEqual({
      version: '5:7.0.15-1~deb12u7',
      fallback: false,
    });
    // deb12u10 is newer than deb12u7 in Debian's order (not in a string sort).
    expect(chooseRedisSource('5:7.0.15-1~deb12u9', served)).toEqual({
      version: '5:7.0.15-1~deb12u10',
      fallback: true,
    });
    expect(() => chooseRedisSource('5:7.0.11-1', served)).toThrow(
      /serve no redis 7\.0\.11: not the pinned 5:7\.0\.11-1, nor another revision \(they serve 5:7\.0\.15-1~deb12u7, 5:7\.0\.15-1~deb12u10, 5:7\.2\.4-1\)\. Pin one of those: REDIS_SOURCE_VERSION in infra\/engines\/redis\/redis\.mjs .* e\.g\. 5:7\.2\.4-1/,
    );
    expect(() => chooseRedisSource('5:7.0.15-1~deb12u10', [])).toThrow(
      /list no redis source package .*REDIS_SOURCE_VERSION in infra\/engines\/redis\/redis\.mjs/,
    );
    expect(
      servedVersionsOf(
        [
          'Package: redis',
          'Binary: redis, redis-server',
          'Version: 5:7.0.15-1~deb12u7',
          'Package: redis-other',
          'Version: 9.9-1',
          'Package: redis',
          'Version: 5:7.0.15-1~deb12u10',
          'Package: redis',
          'Version: 5:7.0.15-1~deb12u10',
        ].join('\n'),
      ),
    ).toEqual(['5:7.0.15-1~deb12u7', '5:7.0.15-1~deb12u10']);
  });

  it("falls back on the machine's Debian archive when it no longer serves the pinned revision", async () => {
    // A revision of Redis 7.0.15 the archive never had (or no longer has): the newest it serves is
    // chosen, and the log says which pin to move. What the archive serves here decides the answer.
    const cacheDir = path.join(tmp, 'fallback');
    const lines: string[] = [];
    const chosen = await resolveRedisSource({
      cacheDir,
      sourceVersion: '5:7.0.15-1~deb12u0',
      log: (m) => lines.push(m),
    });
    expect(chosen.fallback).toBe(true);
    expect(upstreamVersion(chosen.version)).toBe('7.0.15');
    expect(lines.join('\n')).toContain(
      `no longer serve the pinned redis=5:7.0.15-1~deb12u0: building ${chosen.version} (the same Redis 7.0.15, another Debian revision) instead. Move the pin to it: REDIS_SOURCE_VERSION in infra/engines/redis/redis.mjs.`,
    );
  }, 180_000);

  it("reads the machine's deb entries (one-line and deb822) as deb-src", async () => {
    const etc = path.join(tmp, 'etc-apt');
    await fs.mkdir(path.join(etc, 'sources.list.d'), { recursive: true });
    await fs.writeFile(
      path.join(etc, 'sources.list'),
      '# comment\ndeb http://mirror.invalid/debian bookworm main # trailing\ndeb-src http://x.invalid/d y main\n',
    );
    await fs.writeFile(
      path.join(etc, 'sources.list.d', 'debian.sources'),
      [
        'Types: deb',
        '# a comment line',
        'URIs: http://a.invalid/debian',
        'Suites: bookworm bookworm-updates',
        'Components: main',
        'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg',
        '',
        'Types: deb',
        'URIs: http://off.invalid/debian',
        'Suites: bookworm',
        'Components: main',
        'Enabled: no',
        '',
      ].join('\n'),
    );
    await fs.writeFile(
      path.join(etc, 'sources.list.d', 'other.list.disabled'),
      'deb http://no.invalid/ x main\n',
    );
    expect(debSrcLines(etc)).toEqual([
      'deb-src http://mirror.invalid/debian bookworm main',
      'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://a.invalid/debian bookworm main',
      'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://a.invalid/debian bookworm-updates main',
    ]);
  });
});
