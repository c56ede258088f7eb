import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    res,
    () => undefined,
  );
  return headers;
}
