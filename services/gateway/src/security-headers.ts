import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/** Content Security Policy of both front ends: everything from our own origin, no inline scripts. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // MUI (admin) injects style elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * helmet's headers, computed once: they are the same for every response, so running the middleware
 * per request would only repeat work (it was 5% of the gateway's CPU under load).
 */
export function securityHeaders(options: { imgOrigins?: readonly string[] } = {}): Record<string, string> {
  // The map's tile server (MAP_TILE_URL) is the one other origin the pages load from.
  const directives = { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, ...(options.imgOrigins ?? [])] };
  // helmet is a middleware: it is run once on a response that is never sent, and its headers kept.
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false })(
    req,
    res,
    () => undefined,
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders()))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return headers;
}
