import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Signing internship contracts (issue #34 items 3-4, docs/decisions/internship-contracts.md "Signing"):
 * each signer's signature and where it came from, when their turn came and how often they were reminded;
 * the contract's signing and sealing moments; and the contract's append-only, hash-chained audit trail
 * (each entry's hash covers its content and the previous entry's hash; a trigger refuses UPDATE and
 * DELETE, for every role).
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table placements.contract_signers
      add column signature text,
      add column signed_ip text,
      add column signed_user_agent text,
      add column signed_by text,
      add column turn_at timestamptz,
      add column reminders_sent integer not null default 0 check (reminders_sent >= 0),
      add check ((state = 'signed') = (signature is not null))`.execute(db);
    await sql`alter table placements.contracts
      add column signing_started_at timestamptz,
      add column signed_at timestamptz,
      add column seal_state text check (seal_state in ('pending', 'sealed')),
      add column seal_attempts integer not null default 0,
      add column seal_error text,
      add column sealed_at timestamptz,
      add column document_sha256 text`.execute(db);

    await sql`create table placements.contract_audit_trail (
      id bigserial primary key,
      tenant_id text not null,
      contract_id uuid not null references placements.contracts (id),
      seq integer not null check (seq >= 1),
      at timestamptz not null,
      actor text not null,
      ip text,
      user_agent text,
      action text not null,
      data jsonb not null default '{}' check (jsonb_typeof(data) = 'object'),
      prev_hash text not null,
      hash text not null,
      unique (contract_id, seq)
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'contract_audit_trail');
    await sql`create function placements.contract_audit_trail_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'placements.contract_audit_trail is append-only' using errcode = 'insufficient_privilege';
      end $$`.execute(db);
    await sql`create trigger contract_audit_trail_append_only before update or delete
      on placements.contract_audit_trail
      for each row execute function placements.contract_audit_trail_append_only()`.execute(db);
    await sql`create trigger contract_audit_trail_no_truncate before truncate
      on placements.contract_audit_trail
      for each statement execute function placements.contract_audit_trail_append_only()`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.contract_audit_trail`.execute(db);
    await sql`drop function placements.contract_audit_trail_append_only()`.execute(db);
  },
};

export default migration;
