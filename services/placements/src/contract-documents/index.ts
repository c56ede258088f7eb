// The contract-documents group's public entry (docs/decisions/placements.md "Groups").
export { contractDocumentsGroup } from './contract-documents.module.ts';
export { storeSealedContract, type TContractDocumentAccess } from './contract-documents.service.ts';
export type { TContractDocument } from './contract-documents.repository.ts';
export { placementsStorages, PLACEMENTS_STORAGE } from './contract-documents.storage.ts';
export {
  renderSealedContract,
  rendererFor,
  sealedContractRenderer,
  type TRenderedContract,
  type TSealedContractRenderer,
} from './render/sealed-contract-renderer.ts';
export {
  createContractDocumentActivities,
  type TContractDocumentActivities,
  type TSealedContractRecord,
} from './contract-documents.activities.ts';
