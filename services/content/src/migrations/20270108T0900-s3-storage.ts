import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Uploads and form files may live in an S3-compatible store (`CONTENT_FILE_STORAGE=s3`, the distributed
 * profile): the row names its storage, so reads follow it (uploads/storage.ts).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['uploads', 'form_files']) {
      await sql`alter table ${sql.table(`content.${table}`)} drop constraint ${sql.ref(`${table}_storage_check`)}`.execute(
        db,
      );
      await sql`alter table ${sql.table(`content.${table}`)} add constraint ${sql.ref(`${table}_storage_check`)}
        check (storage in ('postgres', 'filesystem', 's3'))`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['uploads', 'form_files']) {
      await sql`alter table ${sql.table(`content.${table}`)} drop constraint ${sql.ref(`${table}_storage_check`)}`.execute(
        db,
      );
      await sql`alter table ${sql.table(`content.${table}`)} add constraint ${sql.ref(`${table}_storage_check`)}
        check (storage in ('postgres', 'filesystem'))`.execute(db);
    }
  },
};

export default migration;
