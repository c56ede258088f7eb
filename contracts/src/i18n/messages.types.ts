import type { nl } from './nl.ts';

/** Same tree as `T`, every leaf widened to `string`: other catalogues must have exactly these keys. */
export type TDeepStrings<T> = { readonly [K in keyof T]: T[K] extends string ? string : TDeepStrings<T[K]> };

/** Shape of a message catalogue, derived from the Dutch source catalogue. */
export type TMessages = TDeepStrings<typeof nl>;

/** Dot paths of the leaves of `T`, e.g. `'routes.users.edit'`. */
export type TLeafPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TLeafPaths<T[K]>}`;
}[keyof T & string];

/** Every translatable key. */
export type TMessageKey = TLeafPaths<TMessages>;

/** Values for `{{name}}` placeholders. */
export type TMessageVars = Readonly<Record<string, string | number | bigint | boolean>>;
