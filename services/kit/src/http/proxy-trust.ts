import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

export type TTrust = (address: string, hop: number) => boolean;

/**
 * The proxies whose forwarding headers count (TRUSTED_PROXIES: addresses, CIDRs, or proxy-addr's
 * `loopback`, `linklocal`, `uniquelocal`). Empty: none, so X-Forwarded-* and `x-tenant` of a client
 * are ignored and its socket address is its address.
 */
export function compileTrust(proxies: readonly string[]): TTrust {
  if (proxies.length === 0) return () => false;
  return proxyAddr.compile([...proxies]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the request's peer may speak for the client (x-tenant, X-Forwarded-*). */
    trustsPeer(req: FastifyRequest): boolean;
  }
}

/**
 * A request's peer is trusted when it is a configured proxy, or when the request never crossed the
 * network: an in-process call through `app.inject` (the embedded profile's worker, the tests).
 */
export function peerIsTrusted(req: FastifyRequest, trust: TTrust): boolean {
  if ((req.raw as { isLightMyRequest?: boolean }).isLightMyRequest === true) return true;
  const address = req.socket?.remoteAddress;
  return !!address && trust(address, 0);
}
