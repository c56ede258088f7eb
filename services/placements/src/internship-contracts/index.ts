// The internship-contracts group's public entry (docs/decisions/placements.md "Groups";
// docs/decisions/internship-contracts.md).
export { internshipContractsGroup } from './internship-contracts.module.ts';
export {
  contractsOfInternships,
  ensureInternshipContract,
  generateContract,
  mayDownloadContractDocument,
  type TGenerateContract,
} from './contracts/contracts.service.ts';
export type { TContractRow } from './contracts/contracts.repository.ts';
export { seedContractTemplateId } from './internship-contracts.seed.ts';
export {
  createSigningActivities,
  type TContractSealer,
  type TSigningActivities,
  type TSigningSigner,
} from './signing/signing.activities.ts';
export { signingWorkflows, type TSigningWorkflows } from './signing/signing-workflows.ts';
