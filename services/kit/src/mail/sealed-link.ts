import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TConfig } from '../config/config.ts';
import { authKeys } from '../auth/auth-keys.ts';

/**
 * A mailed link that carries a token crosses the outbox and the broker on its way to identity. Sealed
 * (AES-256-GCM under a key derived from AUTH_TOKEN_SECRET, which every process has), so neither holds
 * a usable token: at rest there is only its hash and this ciphertext. Former secrets still open
 * (AUTH_TOKEN_PREVIOUS_SECRETS), so a key rotation does not lose mails in flight.
 */
type TSealKeys = Pick<TConfig, 'AUTH_TOKEN_SECRET' | 'AUTH_TOKEN_PREVIOUS_SECRETS'>;

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'stageplein', 'mail-request-link/v1', 32));

/** `v1.<iv>.<ciphertext>.<tag>`, base64url. */
export function sealLink(config: TSealKeys, link: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(authKeys(config).signing), iv);
  const data = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return ['v1', iv, data, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The link, or null when no known key opens it (tampered, or sealed under a key dropped since). */
export function openLink(config: TSealKeys, sealed: string): string | null {
  const [version, iv, data, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !data || !tag) return null;
  for (const secret of authKeys(config).verifying) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // Not this key: try the next.
    }
  }
  return null;
}
