import type { TPlacementsGroup } from '../shared/group.ts';
import type { TFileBlobsTable } from '@stageplein/kit/object-storage/postgres-storage';
import { contractDocumentsRoutes } from './contract-documents.routes.ts';
import { partiesMayDownload, type TContractDocumentAccess } from './contract-documents.service.ts';
import type { TContractDocumentsTable } from './contract-documents.table.ts';

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.contract_documents': TContractDocumentsTable;
    'placements.file_blobs': TFileBlobsTable;
  }
}

/**
 * Sealed contract PDFs (issue #34 item 5, docs/decisions/contract-documents.md): rendering off the event
 * loop, storing in placements' object store with their hashes, public verification and the parties'
 * download. `access` decides who else than nobody may download (default: the signers with an account and
 * the school's admins).
 */
export const contractDocumentsGroup = (
  access: TContractDocumentAccess = partiesMayDownload,
): TPlacementsGroup => ({
  name: 'contract-documents',
  routes: [contractDocumentsRoutes(access)],
});
