// Every workflow of the product: the worker bundles this module (and nothing else runs in the sandbox).
export {
  studentImport,
  cancelImportSignal,
  progressQuery,
} from './student-import/student-import.workflow.ts';
export { rosterSync } from './roster-sync/roster-sync.workflow.ts';
export { complianceSweep } from './compliance/compliance-sweep.workflow.ts';
export { vacancyClosing } from './vacancy-closing/vacancy-closing.workflow.ts';
export { hoursReminders } from './hours-reminders/hours-reminders.workflow.ts';
export { formFileCleanup } from './form-file-cleanup/form-file-cleanup.workflow.ts';
export {
  internshipPhases,
  internshipEndedSignal,
  completePhaseTaskUpdate,
  completePhaseUpdate,
  migratePhaseRunUpdate,
  phaseRunStateQuery,
} from './internship-phases/internship-phases.workflow.ts';
export {
  contractSigning,
  contractVoidedSignal,
  signContractUpdate,
  contractSigningStateQuery,
} from './contract-signing/contract-signing.workflow.ts';
export { notificationDigest } from './notification-digest/notification-digest.workflow.ts';
export { resultsWriteBack } from './write-back/results-write-back.workflow.ts';
