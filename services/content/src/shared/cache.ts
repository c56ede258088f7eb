import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public content is the same for every visitor of a tenant in a language: browsers and proxies may keep
 * it briefly. The tenant can come from a header or cookie and the text from Accept-Language, so the
 * answer varies by all three. Signed-in callers (editors among them) and editors' views (drafts,
 * revisions) are never stored, so an editor sees a change at once.
 */
export function publicCache(req: FastifyRequest, reply: FastifyReply, maxAgeSeconds: number): void {
  if (req.auth) return noStore(reply);
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
  reply.header('vary', 'accept-language, x-tenant, cookie');
}

export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}
