import type { Kysely, Transaction } from 'kysely';

/**
 * A service's database or a transaction on it, as kit's functions take it: `Kysely<DB>` for any `DB`.
 * (A `Transaction<DB>` is a `Kysely<DB>`; the union only lets TypeScript infer `DB` from a transaction.)
 */
export type TDbOf<DB> = Kysely<DB> | Transaction<DB>;

/**
 * Kit's own tables inside a service's schema (`audit_log`, `external_links`, `mail_deliveries`…) as a
 * Kysely database: kit's functions take the service's database whatever its tables (`Kysely<DB>`), and
 * this is the one place that database is seen as kit's tables instead. The kit migrations that create
 * them (`kit/migrations/*`) are what makes it true.
 */
export function schemaTables<TTables, DB>(db: TDbOf<DB>, schema: string): Kysely<TTables> {
  return db.withSchema(schema) as unknown as Kysely<TTables>;
}

/**
 * The service's own database type for the app-role database kit hands every service (`TServiceDeps.db`,
 * typed `Kysely<unknown>` because one pool serves every schema): its tables are the service's to name.
 */
export const serviceDb = <DB>(db: Kysely<unknown> | Kysely<DB>): Kysely<DB> => db as Kysely<DB>;
