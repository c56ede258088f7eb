import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import { authKeys, generateAuthSecret, installationAuthSecret } from './auth-keys.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-keys-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded profile’s secret', () => {
  it('is generated on first start into the data folder, mode 600, and reused afterwards', () => {
    const file = path.join(tempDir(), 'nested', 'auth-token-secret');
    const first = installationAuthSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(installationAuthSecret(file)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('differs per installation', () => {
    const a = installationAuthSecret(path.join(tempDir(), 'auth-token-secret'));
    const b = installationAuthSecret(path.join(tempDir(), 'auth-token-secret'));
    expect(a).not.toBe(b);
  });

  it('tightens a file left readable by others', () => {
    const file = path.join(tempDir(), 'auth-token-secret');
    writeFileSync(file, `${'k'.repeat(40)}\n`, { mode: 0o644 });
    expect(installationAuthSecret(file)).toBe('k'.repeat(40));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('rotation keys', () => {
  it('signs with AUTH_TOKEN_SECRET and verifies with it and every previous secret', () => {
    const [current, old1, old2] = [generateAuthSecret(), generateAuthSecret(), generateAuthSecret()];
    const config = parseConfig({
      AUTH_TOKEN_SECRET: current,
      AUTH_TOKEN_PREVIOUS_SECRETS: ` ${old1}, ${old2} `,
    });
    expect(authKeys(config)).toEqual({ signing: current, verifying: [current, old1, old2] });
    expect(() => parseConfig({ AUTH_TOKEN_SECRET: current, AUTH_TOKEN_PREVIOUS_SECRETS: 'short' })).toThrow(
      /AUTH_TOKEN_PREVIOUS_SECRETS/,
    );
  });
});
