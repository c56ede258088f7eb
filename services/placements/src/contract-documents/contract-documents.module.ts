import type { TPlacementsGroup } from '../shared/group.ts';
import type { TFileBlobsTable } from '@stageplein/kit/object-storage/postgres-storage';
import { contractDocumentsRoutes } from './contract-documents.routes.ts';
import type { TContractDocumentAccess } from './contract-documents.service.ts';
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
 * download. `access` decides who may download (the contracts group's `mayDownloadContractDocument`).
 */
export const contractDocumentsGroup = (access: TContractDocumentAccess): TPlacementsGroup => ({
  name: 'contract-documents',
  routes: [contractDocumentsRoutes(access)],
});
