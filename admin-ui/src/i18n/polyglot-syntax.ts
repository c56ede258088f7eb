type TTree = { readonly [key: string]: string | TTree };

/** i18next-style `{{name}}` placeholders (the contracts catalogues) → polyglot's `%{name}`. */
export function toPolyglotSyntax<T extends TTree>(tree: T): TTree {
  const out: Record<string, string | TTree> = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] =
      typeof value === 'string'
        ? value.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_whole, name: string) => `%{${name}}`)
        : toPolyglotSyntax(value);
  }
  return out;
}
