import { isPlainObject, snakeCase } from './case-keys.ts';

/** A value FormData accepts (a string or a Blob/File; kept structural so this stays pure). */
export type TFormDataValue = string | Blob;

/**
 * Spec §7: files go out as form data with bracketed keys, the way Rails-style backends read nested
 * params: `{ user: { firstName: 'A', tags: ['x'], avatar: file } }` becomes `user[first_name]=A`,
 * `user[tags][]=x`, `user[avatar]=<file>`. Arrays of objects get indices (`items[0][name]`), so the
 * fields of one item stay together. `undefined` is left out, `null` is sent as an empty string,
 * booleans and numbers as text, Dates as ISO strings.
 */
export function formDataEntries(value: unknown, prefix = ''): [string, TFormDataValue][] {
  const entries: [string, TFormDataValue][] = [];
  const visit = (v: unknown, key: string) => {
    if (v === undefined) return;
    if (v === null) {
      entries.push([key, '']);
    } else if (isBlob(v)) {
      entries.push([key, v]);
    } else if (v instanceof Date) {
      entries.push([key, v.toISOString()]);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) =>
        visit(item, isPlainObject(item) || Array.isArray(item) ? `${key}[${i}]` : `${key}[]`),
      );
    } else if (isPlainObject(v)) {
      for (const [k, child] of Object.entries(v))
        visit(child, key ? `${key}[${snakeCase(k)}]` : snakeCase(k));
    } else {
      entries.push([key, String(v)]);
    }
  };
  visit(value, prefix);
  return entries;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Builds a FormData (the constructor is passed in so tests and Node need no DOM). */
export function toFormData<F extends { append(name: string, value: TFormDataValue): void }>(
  value: unknown,
  create: () => F,
): F {
  const form = create();
  for (const [key, v] of formDataEntries(value)) form.append(key, v);
  return form;
}
