import type { Insertable, Selectable } from 'kysely';
import type { TDb } from '../database.ts';
import type { TContractDocumentsTable } from './contract-documents.table.ts';

export type TContractDocument = Selectable<TContractDocumentsTable>;

export const findContractDocument = (db: TDb, tenantId: string, contractId: string) =>
  db
    .selectFrom('placements.contract_documents')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('contract_id', '=', contractId)
    .executeTakeFirst();

/** The row, or nothing when the contract already has one (a retried seal keeps the first). */
export const insertContractDocument = (db: TDb, row: Insertable<TContractDocumentsTable>) =>
  db
    .insertInto('placements.contract_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'contract_id']).doNothing())
    .returningAll()
    .executeTakeFirst();

/** The sealed contract whose PDF or content has this SHA-256, the PDF's first. */
export const findByHash = async (db: TDb, tenantId: string, hash: string) => {
  const rows = await db
    .selectFrom('placements.contract_documents')
    .select(['pdf_hash', 'content_hash', 'school_name', 'sealed_at'])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('pdf_hash', '=', hash), eb('content_hash', '=', hash)]))
    .orderBy('sealed_at')
    .limit(2)
    .execute();
  return rows.find((r) => r.pdf_hash === hash) ?? rows[0];
};
