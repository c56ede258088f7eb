import { createHash } from 'node:crypto';
import type { Kysely, RawBuilder } from 'kysely';
import pg from 'pg';

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
export async function executePrepared<R>(db: Kysely<unknown>, statement: RawBuilder<R>): Promise<R[]> {
  const compiled = statement.compile(db);
  prepared({ text: compiled.sql });
  return (await db.executeQuery(compiled)).rows;
}

/** pg's client, running registered texts by name (Kysely calls `query(text, values)`). */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    // An own property in front of pg's overloaded method: every other call goes through unchanged.
    this.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === 'string' && args.length === 2 ? names.get(text) : undefined;
      return name ? query({ name, text, values }) : query(...args);
    }) as pg.Client['query'];
  }
}

/** A pool's client and session options for prepared statements, with the pool's own `options`. */
export const preparedPoolConfig = (options?: string) => ({
  Client: PreparingClient,
  options: ['-c plan_cache_mode=force_generic_plan', options].filter(Boolean).join(' '),
});
