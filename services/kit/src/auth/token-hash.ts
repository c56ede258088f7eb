import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens (access tokens, reset/confirmation/sign-in links) are stored only as this hash. They carry
 * at least 128 random bits, so a fast hash is enough: there is nothing to brute-force.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new random token for links and client ids (URL-safe). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
