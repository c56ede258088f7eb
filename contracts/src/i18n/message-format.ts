import type { TMessageVars } from './messages.types.ts';

/**
 * The catalogue-free half of the i18n helpers: a dot-path lookup and `{{name}}` interpolation.
 * Apart from `index.ts` (which imports every catalogue) so a page's own small catalogue, like the
 * internship bank's (`placements/stagebank-messages.ts`, in the bank's budgeted first download), can
 * use them without pulling the whole catalogue in.
 */

/** The text at a dot-path key (`'routes.users.edit'`) of a catalogue; undefined for a subtree or nothing. */
export function lookup(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    // Own properties only, so keys like `constructor` or `__proto__` never resolve to prototype members.
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, part)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces `{{name}}` (spaces allowed inside the braces); unknown placeholders stay visible. */
export function interpolate(template: string, vars?: TMessageVars): string {
  if (!vars) return template;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole,
  );
}
