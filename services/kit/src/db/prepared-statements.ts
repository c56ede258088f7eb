import { createHash } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import pg from 'pg';
import type { TDbOf } from './schema-tables.ts';

/**
 * Hot statements as named prepared statements: each connection parses and plans the text once and then
 * reuses that plan (a generic plan, forced: PostgreSQL's default would go on planning the bank's search
 * for its values, ~3 ms of ~9, because its estimate of the generic plan is worse although the plan is the
 * same). The internships list planned its statement on every request, ~2–3 ms of ~10 (docs/benchmarks.md).
 *
 * A statement opts in with `prepared(statement)`; its text is then run by name on every pool of ours
 * (`preparedPoolConfig`, in `createPool` and `tenantReadDbs`), through Kysely unchanged. Texts are
 * registered, values stay parameters, so the registry holds one entry per statement shape. Only a
 * statement whose one plan suits every value is registered.
 *
 * **Only registered statements are planned generically.** `plan_cache_mode` is a session setting, and
 * PostgreSQL applies it to every statement with parameters, Kysely's unnamed ones too: set for the whole
 * session it made every query plan without its values — a partial index whose predicate a parameter
 * names went unused, the progress page's statement ran ~1.7× slower (test/generic-plans.int.test.ts).
 * So a connection of ours runs in PostgreSQL's default mode and `PreparingClient` switches the setting
 * only where the kind of statement changes (one `set` round trip, none while the kind stays the same).
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
 * (docs/benchmarks.md). The same object as pg's: own enumerable properties in column order, a
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

/** The session's `plan_cache_mode` as a client last set it; `unknown` after a rollback may have undone it. */
type TPlanMode = 'generic' | 'auto' | 'unknown';
const SET_PLAN_MODE = {
  generic: 'set plan_cache_mode = force_generic_plan',
  auto: 'set plan_cache_mode = auto',
} as const;
/** A rollback (of a transaction or to a savepoint) undoes a `set` made inside it. */
const UNDOES_SETTINGS = /^\s*(rollback|abort)\b/i;

/**
 * pg's client, running registered texts by name with a generic plan and every other statement with
 * parameters with PostgreSQL's default planning. Kysely calls `query(text, values)`, pg's `Pool.query`
 * calls `query(text, values, callback)` — both forms run prepared, so a plain pool of ours (the
 * benchmarks' bare routes) runs a registered statement as the product's Kysely pools do.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // The session starts in PostgreSQL's default (`auto`: an unnamed statement is planned for its values).
    let mode: TPlanMode = 'auto';
    // pg runs a client's queries in order, so the `set` needs no waiting: it goes before the statement.
    const planAs = (wanted: 'generic' | 'auto') => {
      if (mode === wanted) return;
      mode = wanted;
      (query(SET_PLAN_MODE[wanted]) as Promise<unknown>).catch(() => {
        mode = 'unknown';
      });
    };
    // An own property in front of pg's overloaded method: every other call goes through unchanged.
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      const form =
        args.length === 2 || (args.length === 3 && typeof callback === 'function' && Array.isArray(values));
      const name = typeof text === 'string' && form ? names.get(text) : undefined;
      if (!name) {
        if (typeof text === 'string' && UNDOES_SETTINGS.test(text)) {
          const result = query(...args);
          mode = 'unknown';
          return result;
        }
        if (Array.isArray(values) && values.length > 0) planAs('auto');
        return query(...args);
      }
      planAs('generic');
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

/** A pool's client for prepared statements, with the pool's own session `options`. */
export const preparedPoolConfig = (options?: string) => ({
  Client: PreparingClient,
  ...(options ? { options } : {}),
});
