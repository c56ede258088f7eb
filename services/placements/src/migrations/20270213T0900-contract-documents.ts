import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';
import { fileBlobsMigrationV1 } from '@stageplein/kit/migrations/file-blobs.v1';

/**
 * Sealed contract PDFs (issue #34 item 5, docs/decisions/contract-documents.md): placements' own object
 * store table (kit's `file_blobs`, for PLACEMENTS_FILE_STORAGE=postgres) and one row per sealed contract
 * with the PDF's and the contract content's SHA-256, the public verification page's answers and who may
 * download it.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await fileBlobsMigrationV1('placements').up(db);
    await sql`create table placements.contract_documents (
      tenant_id text not null,
      contract_id uuid not null,
      school_id uuid not null,
      school_name text not null,
      title text not null,
      language text not null check (language in ('nl', 'en')),
      pdf_hash text not null check (pdf_hash ~ '^[0-9a-f]{64}$'),
      content_hash text not null check (content_hash ~ '^[0-9a-f]{64}$'),
      byte_size integer not null check (byte_size > 0),
      storage text not null check (storage in ('postgres', 'filesystem', 's3')),
      party_user_ids uuid[] not null default '{}',
      sealed_at timestamptz not null,
      created_at timestamptz not null,
      primary key (tenant_id, contract_id)
    )`.execute(db);
    await sql`create index contract_documents_pdf_hash on placements.contract_documents (tenant_id, pdf_hash)`.execute(
      db,
    );
    await sql`create index contract_documents_content_hash on placements.contract_documents (tenant_id, content_hash)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'contract_documents');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.contract_documents`.execute(db);
    await fileBlobsMigrationV1('placements').down!(db);
  },
};

export default migration;
