import { verifyAccessToken, type TAccessClaims } from './access-token.ts';

const MAX_TOKENS = 10_000;

/**
 * The access tokens this process already verified with `secret`, with their claims. A token is an
 * immutable string: the same string checked against the same secret verifies again, so only the
 * part that depends on time — expiry — is checked on every use; the HMAC, base64 and JSON parsing
 * run once per token instead of once per request (fast-jwt's verifier `cache` option does the same).
 * Only tokens that verified are kept, so a flood of bad tokens costs what it cost before; the memo is
 * bounded (oldest first out). Revocation is not this memo's business: the auth source and its cache
 * still decide on every request whether the client counts.
 */
export function verifiedTokens(secret: string, max = MAX_TOKENS) {
  const claimsByToken = new Map<string, Readonly<TAccessClaims>>();
  return (token: string, now: Date): Readonly<TAccessClaims> | undefined => {
    const known = claimsByToken.get(token);
    if (known) {
      if (known.exp * 1000 > now.getTime()) return known;
      claimsByToken.delete(token);
      return undefined;
    }
    const claims = verifyAccessToken(token, secret, now);
    if (!claims) return undefined;
    if (claimsByToken.size >= max) claimsByToken.delete(claimsByToken.keys().next().value!);
    claimsByToken.set(token, Object.freeze(claims));
    return claims;
  };
}
