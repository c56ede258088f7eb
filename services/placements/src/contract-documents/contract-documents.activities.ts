import type { Kysely } from 'kysely';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import {
  ZSealedContractDocument,
  type TSealedContractDocument,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from '../database.ts';
import type { TPlacementsConfig } from '../placements.config.ts';
import { storeSealedContract } from './contract-documents.service.ts';
import { findContractDocument } from './contract-documents.repository.ts';
import { placementsStorages } from './contract-documents.storage.ts';
import { rendererFor } from './render/sealed-contract-renderer.ts';

const ZSealedContractRef = ZSealedContractDocument.pick({ tenantId: true, contractId: true });

/** What a seal recorded: the hashes, the size and the moment (no bytes: activity results stay small). */
export interface TSealedContractRecord {
  contractId: string;
  pdfHash: string;
  contentHash: string;
  byteSize: number;
  sealedAt: string;
  /** False when the contract was sealed before (a retry): the first seal's record is returned. */
  created: boolean;
}

/**
 * The activity the signing workflow's seal step calls after reading the contract
 * (`sealContract({tenantId, contractId})` builds the document): renders the PDF in a render process,
 * stores it and records its hashes. Idempotent per contract: a retry after a crash renders again only
 * when nothing was recorded, and returns the first record otherwise.
 */
export function createContractDocumentActivities(deps: { db: Kysely<unknown>; config: TPlacementsConfig }) {
  const storages = placementsStorages(deps.config);
  const renderer = rendererFor(deps.config);
  const inTenant = <T>(
    tenantId: string,
    fn: (ctx: Parameters<typeof storeSealedContract>[0]) => Promise<T>,
  ) =>
    serviceDb<TPlacementsDb>(deps.db)
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, tenantId);
        const tenant = getTenant(tenantId);
        if (!tenant) throw new Error(`unknown tenant ${tenantId}`);
        return fn({ db: trx, tenant, now: new Date() });
      });
  const recordOf = (
    row: NonNullable<Awaited<ReturnType<typeof findContractDocument>>>,
    created: boolean,
  ): TSealedContractRecord => ({
    contractId: row.contract_id,
    pdfHash: row.pdf_hash,
    contentHash: row.content_hash,
    byteSize: row.byte_size,
    sealedAt: row.sealed_at.toISOString(),
    created,
  });

  return {
    async sealContractDocument(input: TSealedContractDocument): Promise<TSealedContractRecord> {
      // Only the ids are checked here; the render process checks the whole document (off the event loop).
      const { tenantId, contractId } = ZSealedContractRef.parse(input);
      const known = await inTenant(tenantId, (ctx) => findContractDocument(ctx.db, tenantId, contractId));
      if (known) return recordOf(known, false);
      const rendered = await renderer.render(input);
      const row = await inTenant(tenantId, (ctx) =>
        storeSealedContract(ctx, storages, rendered.document, rendered),
      );
      return recordOf(row, row.pdf_hash === rendered.pdfHash);
    },
  };
}

export type TContractDocumentActivities = ReturnType<typeof createContractDocumentActivities>;
