/**
 * Spec §2: a route may define a validate step; when it fails the result is a fatal 404 with the
 * message "Page Not Found" plus the path. Our step checks the route's id parameters: resource ids
 * are UUIDs (or, for older links, positive integers).
 */
const ID = /^(?:[1-9]\d{0,17}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Tokens of public links (forms, signing): URL-safe characters only. */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export function isIdParam(name: string): boolean {
  return name === 'id' || /Id$/.test(name);
}

/** True when every parameter of the match is well-formed. */
export function validateRouteParams(params: Readonly<Record<string, string | undefined>>): boolean {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || name === '*') continue;
    if (isIdParam(name) && !ID.test(value)) return false;
    if (name === 'token' && !TOKEN.test(value)) return false;
  }
  return true;
}

/**
 * The fatal 404 of a failing validation; the error screen shows the 404 texts and this message (in
 * the page's language). The message is the English catalogue text `errors.fatalNotFound` (a test
 * checks they agree), written out so the first download carries no second catalogue.
 */
export class FatalNotFoundError extends Error {
  override readonly name = 'FatalNotFoundError';
  readonly status = 404;
  readonly fatal = true;
  constructor(readonly path: string) {
    super(`Page Not Found: ${path}`);
  }
}

export function isFatalNotFound(error: unknown): error is FatalNotFoundError {
  return error instanceof FatalNotFoundError;
}
