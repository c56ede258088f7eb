import { expired, type TAccessClaims } from './access-token.ts';

const MAX_TOKENS = 10_000;

type TVerify = () => TAccessClaims | undefined | Promise<TAccessClaims | undefined>;

/**
 * The access tokens this process already verified, with their claims. A token is an immutable
 * string: the same string checked against the same keys verifies again, so only the part that depends
 * on time — expiry — is checked on every use; the signature check (`verify`, @fastify/jwt in the auth
 * plugin) runs once per token instead of once per request. Only tokens that verified are kept, so a
 * flood of bad tokens costs what it cost before; the memo is bounded (oldest first out). Revocation is
 * not this memo's business: the auth source and its cache still decide on every request whether the
 * client counts.
 */
export function verifiedTokens(max = MAX_TOKENS) {
  const claimsByToken = new Map<string, Readonly<TAccessClaims>>();
  return async (token: string, now: Date, verify: TVerify): Promise<Readonly<TAccessClaims> | undefined> => {
    const known = claimsByToken.get(token);
    if (known) {
      if (!expired(known, now)) return known;
      claimsByToken.delete(token);
      return undefined;
    }
    const claims = await verify();
    if (!claims) return undefined;
    if (claimsByToken.size >= max) claimsByToken.delete(claimsByToken.keys().next().value!);
    claimsByToken.set(token, Object.freeze(claims));
    return claims;
  };
}
