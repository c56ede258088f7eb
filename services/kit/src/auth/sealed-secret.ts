import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A third party's secret at rest (a Magister connection's, a tenant's federation client's): AES-256-GCM
 * under a key derived (HKDF) from the installation's AUTH_TOKEN_SECRET and the secret's purpose, so a
 * database dump alone does not reveal it and one purpose's key opens nothing of another. Never returned
 * by the API.
 */
const keyOf = (installationSecret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', installationSecret, 'stageplein', purpose, 32));

export function sealSecret(secret: string, installationSecret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(installationSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function openSecret(sealed: string, installationSecret: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(installationSecret, purpose),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
