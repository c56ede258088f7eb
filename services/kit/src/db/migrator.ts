import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { grantSchema } from './roles.ts';

/** Runs a service's migrations inside its own schema, recording them in that schema. */
export async function migrateSchema(
  owner: Kysely<unknown>,
  schema: string,
  migrations: Record<string, Migration>,
): Promise<MigrationResultSet> {
  await sql.raw(`create schema if not exists ${schema}`).execute(owner);
  const db = owner.withSchema(schema);
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  await grantSchema(owner, schema);
  return result;
}
