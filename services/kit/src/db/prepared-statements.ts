import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Hot statements as named prepared statements: each connection parses and plans the text once and then
 * reuses the plan (PostgreSQL's plan cache; after five runs a generic plan when it costs no more). The
 * internships list planned its statement on every request, ~2–3 ms of ~10 (docs/benchmarks.md).
 *
 * A statement opts in with `prepared(statement)`; its text is then run by name on every pool of ours
 * (`PreparingClient`, the `Client` of `createPool` and `tenantReadDbs`), through Kysely unchanged.
 * Texts are registered, values stay parameters, so the registry holds one entry per statement shape.
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
