/**
 * Spec §5/§8: navigation to another site must be explicitly allowed, and URLs with a restricted
 * protocol are refused. Used for every target that comes from outside the code (a `redirect` query
 * parameter, CMS links, API answers).
 */
export class NavigationRefusedError extends Error {
  override readonly name = 'NavigationRefusedError';
  constructor(
    readonly target: string,
    readonly reason: 'external' | 'protocol' | 'invalid',
  ) {
    super(
      reason === 'external'
        ? `Navigation to an external site is not allowed: ${target}`
        : reason === 'protocol'
          ? `Navigation with this protocol is not allowed: ${target}`
          : `Not a navigable URL: ${target}`,
    );
  }
}

/** Protocols a link may ever use; everything else (javascript:, data:, file:, vbscript:…) is refused. */
export const ALLOWED_PROTOCOLS: readonly string[] = Object.freeze(['http:', 'https:', 'mailto:', 'tel:']);

export type TNavigationTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/**
 * Classifies `target` relative to `origin`: a same-origin URL or a path is internal (returned as
 * path + query + hash); another origin needs `allowExternal`; a disallowed protocol always throws.
 */
export function resolveNavigationTarget(
  target: string,
  options: { origin: string; allowExternal?: boolean },
): TNavigationTarget {
  // eslint-disable-next-line no-control-regex
  const trimmed = target.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!trimmed) throw new NavigationRefusedError(target, 'invalid');
  let url: URL;
  try {
    url = new URL(trimmed, options.origin);
  } catch {
    throw new NavigationRefusedError(target, 'invalid');
  }
  if (!ALLOWED_PROTOCOLS.includes(url.protocol)) throw new NavigationRefusedError(target, 'protocol');
  if (
    url.origin === new URL(options.origin).origin &&
    (url.protocol === 'http:' || url.protocol === 'https:')
  ) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!options.allowExternal) throw new NavigationRefusedError(target, 'external');
  return { kind: 'external', url: url.toString() };
}

/** An internal path for a `redirect` parameter, or undefined when it is missing or not allowed. */
export function safeRedirectPath(target: string | null | undefined, origin: string): string | undefined {
  if (!target) return undefined;
  try {
    const resolved = resolveNavigationTarget(target, { origin });
    return resolved.kind === 'internal' ? resolved.path : undefined;
  } catch {
    return undefined;
  }
}
