import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { freshDatabase } from '@stageplein/testing/harness';
import { createDb, createPool, dbUrls } from '../src/db/database.ts';
import { ensureRoles } from '../src/db/roles.ts';

let owners: Kysely<unknown>[] = [];
let password = '';
let urls: ReturnType<typeof dbUrls>[] = [];

beforeAll(async () => {
  // Two databases of one cluster, as two test files (or a reseed beside another file's setup) are.
  const databases = await Promise.all([1, 2].map(() => freshDatabase([], { seed: false })));
  // The run's own password: other files connect as these roles meanwhile.
  password = databases[0]!.config.DATABASE_APP_PASSWORD;
  urls = databases.flatMap(({ ownerUrl }) => [1, 2, 3].map(() => dbUrls(ownerUrl, password)));
  owners = urls.map(({ owner }) => createDb(createPool(owner, 1)));
});
afterAll(async () => {
  await Promise.all(owners.map((db) => db.destroy()));
});

it('provisions the roles from many sessions of two databases at once (roles are the cluster’s)', async () => {
  // Six sessions provisioning the same roles at once: PostgreSQL refuses all but one writer of a catalog
  // row ("tuple concurrently updated") instead of waiting (this failed a reseed beside another file).
  // Each round the relay role is first put out of shape (INHERIT: harmless to the files signed in as
  // it meanwhile), so all six find it wanting and alter it together.
  for (let round = 0; round < 10; round++) {
    await sql`alter role stageplein_relay inherit`.execute(owners[0]!);
    await Promise.all(owners.map((db, i) => ensureRoles(db, urls[i]!, password)));
  }
  const { rows } = await sql<{
    rolname: string;
    rolcanlogin: boolean;
    rolbypassrls: boolean;
    rolinherit: boolean;
  }>`
    select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
    where rolname in ('stageplein_app', 'stageplein_relay') order by rolname`.execute(owners[0]!);
  expect(rows).toEqual([
    { rolname: 'stageplein_app', rolcanlogin: true, rolbypassrls: false, rolinherit: false },
    { rolname: 'stageplein_relay', rolcanlogin: true, rolbypassrls: true, rolinherit: false },
  ]);
});
