// The internships group's public entry (docs/decisions/placements.md "Groups").
export { internshipsGroup } from './internships.module.ts';
export {
  assertLinkCurrent,
  revokeInternshipLinks,
  type TInternshipReactions,
  type TNewSupervisor,
} from './internship-links.ts';
export {
  approveSupervisorAddress,
  isSupervisorApproved,
  supervisorAddress,
  supervisorOf,
} from './internship-supervisor.ts';
export { insertStatusChanges, setInternshipHours, type TInternshipRow } from './internships.repository.ts';
export {
  createInternships,
  factsOf,
  readableInternship,
  snapshotOf,
  viewerFor,
} from './internships.service.ts';
export { scopeCondition } from './internships.sql.ts';
export { demoUserId, seedInternshipId } from './internships.seed.ts';
