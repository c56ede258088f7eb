import { isPlainObject, snakeCase } from './case-keys.ts';

export type TQueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number)[]
  | { readonly [key: string]: TQueryValue };

/**
 * JSON:API query parameters with snake_case names and bracketed groups:
 * `{ include: ['roles'], filter: { organizationIdEq: 'x' }, page: { size: 1000 } }` →
 * `include=roles&filter[organization_id_eq]=x&page[size]=1000`. Lists are comma-joined (what
 * `include`, `fields[…]`, `sort` and `_in` filters take). Brackets stay unescaped for readability;
 * names and values are otherwise URI-encoded. Empty and undefined values are left out.
 */
export function buildQuery(params: Readonly<Record<string, TQueryValue>> | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  const visit = (value: TQueryValue, name: string) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      if (value.length) pairs.push(`${name}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`);
      return;
    }
    if (isPlainObject(value)) {
      for (const [k, v] of Object.entries(value)) visit(v as TQueryValue, `${name}[${encodeName(k)}]`);
      return;
    }
    pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(params)) visit(v, encodeName(k));
  return pairs.join('&');
}

const encodeName = (key: string) => encodeURIComponent(snakeCase(key));

/** `path` with the query appended (`?` or `&` as needed). */
export function withQuery(path: string, params: Readonly<Record<string, TQueryValue>> | undefined): string {
  const query = buildQuery(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
