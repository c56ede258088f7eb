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
  const trust = proxyAddr.compile([...proxies]);
  // Asked again and again for the same few addresses (a request's ip, host and protocol each walk its
  // forwarding chain, every request of a connection from the same peer): each is parsed once. The
  // answer depends on the address only; a flood of made-up forwarded addresses just starts it over.
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trust(address, hop);
      if (known.size >= MAX_KNOWN_ADDRESSES) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

const MAX_KNOWN_ADDRESSES = 1000;

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
