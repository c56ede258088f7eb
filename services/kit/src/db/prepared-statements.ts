import { createHash } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import pg from 'pg';
import type { TDbOf } from './schema-tables.ts';

/**
 * Hot statements as named prepared statements: each connection parses and plans the text once and then
 * reuses that plan (`plan_cache_mode = force_generic_plan` on our pools: PostgreSQL's default would go
 * on planning the bank's search for its values, ~3 ms of ~9, because its estimate of the generic plan
 * is worse although the plan is the same). The internships list planned its statement on every request,
 * ~2–3 ms of ~10 (docs/benchmarks.md).
 *
 * A statement opts in with `prepared(statement)`; its text is then run by name on every pool of ours
 * (`preparedPoolConfig`, in `createPool` and `tenantReadDbs`), through Kysely unchanged. Texts are
 * registered, values stay parameters, so the registry holds one entry per statement shape. Only a
 * statement whose one plan suits every value is registered; all others are planned per run as before
 * (the setting affects prepared statements only).
 */
const names = new Map<string, string>();
/** Beyond this many shapes a text runs unprepared: a bug that builds texts from values stays bounded. */
const MAX_PREPARED = 500;

export function prepared<T extends { text: string }>(statement: T): T {
  if (!names.has(statement.text) && names.size < MAX_PREPARED)
    names.set(
      statement.text,
      `stageplein_${createHash('sha256').update(statement.text).digest('hex').slice(0, 24)}`,
    );
  return statement;
}

/** Compiles `statement` for `db`, registers its text (`prepared`) and runs it: its rows. */
export async function executePrepared<R, DB>(db: TDbOf<DB>, statement: RawBuilder<R>): Promise<R[]> {
  const compiled = statement.compile(db);
  prepared({ text: compiled.sql });
  return (await db.executeQuery(compiled)).rows;
}

/**
 * A row's object built by one object literal of the statement's columns (generated once per column
 * list). pg copies a prototype object of every column for each row and then sets each value: for the
 * internships list's 56 columns ~3.5 times the time, and a fifth of the gateway's allocations
 * (docs/benchmarks.md, session 13). The same object as pg's: own enumerable properties in column order, a
 * repeated name keeping its first place and its last value.
 */
const rowFactories = new Map<string, (values: unknown[]) => Record<string, unknown>>();

function rowFactory(fields: readonly { name: string }[]) {
  const key = fields.map((f) => f.name).join('\u0000');
  let make = rowFactories.get(key);
  if (!make) {
    // `__proto__: v` in a literal would set the prototype; as a computed key it is an own property.
    const entries = fields.map((f, i) =>
      f.name === '__proto__' ? `['__proto__']: v[${i}]` : `${JSON.stringify(f.name)}: v[${i}]`,
    );
    // The names are JSON string literals; the values are read by index, never written into the code.
    make = new Function('v', `return { ${entries.join(', ')} };`) as (
      v: unknown[],
    ) => Record<string, unknown>;
    if (rowFactories.size < MAX_PREPARED) rowFactories.set(key, make);
  }
  return make;
}

/**
 * pg's client, running registered texts by name: Kysely calls `query(text, values)`, pg's `Pool.query`
 * calls `query(text, values, callback)` — both forms run prepared, so a plain pool of ours (the
 * benchmarks' bare routes) runs a registered statement as the product's Kysely pools do.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // An own property in front of pg's overloaded method: every other call goes through unchanged.
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      const form =
        args.length === 2 || (args.length === 3 && typeof callback === 'function' && Array.isArray(values));
      const name = typeof text === 'string' && form ? names.get(text) : undefined;
      if (!name) return query(...args);
      const rows = (query({ name, text, values, rowMode: 'array' }) as Promise<pg.QueryArrayResult>).then(
        (result) => {
          const make = rowFactory(result.fields);
          return Object.assign(result, { rows: result.rows.map(make) });
        },
      );
      if (typeof callback !== 'function') return rows;
      const done = callback as (error: Error | null, result?: unknown) => void;
      rows.then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
      return undefined;
    }) as pg.Client['query'];
  }
}

/** A pool's client and session options for prepared statements, with the pool's own `options`. */
export const preparedPoolConfig = (options?: string) => ({
  Client: PreparingClient,
  options: ['-c plan_cache_mode=force_generic_plan', options].filter(Boolean).join(' '),
});
