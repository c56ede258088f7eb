/** A LIKE pattern that finds `s` anywhere, its own `%`, `_` and `\` taken literally. */
export const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
