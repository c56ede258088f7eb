import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TConfig } from '../config/config.ts';

/** The keys of the access tokens: one signs, these verify (the current one first, then former ones). */
export interface TAuthKeys {
  signing: string;
  verifying: readonly string[];
}

/** AUTH_TOKEN_SECRET signs; it and AUTH_TOKEN_PREVIOUS_SECRETS verify (key rotation, docs/decisions/auth.md). */
export const authKeys = (
  config: Pick<TConfig, 'AUTH_TOKEN_SECRET' | 'AUTH_TOKEN_PREVIOUS_SECRETS'>,
): TAuthKeys => ({
  signing: config.AUTH_TOKEN_SECRET,
  verifying: [config.AUTH_TOKEN_SECRET, ...config.AUTH_TOKEN_PREVIOUS_SECRETS],
});

/** 256 random bits, URL-safe: a fresh signing secret (installations, tests). */
export const generateAuthSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The embedded profile's secret: generated on the first start of an installation and kept in its data
 * folder (readable by the owner only, mode 600), then reused, so sessions survive a restart and no
 * two installations share a key.
 */
export function installationAuthSecret(file: string): string {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) {
      if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
      return secret;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = generateAuthSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
