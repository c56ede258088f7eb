import type { TStudentImportStatus } from '../imports/student-import.ts';
import { TASK_ACTORS, type TTaskActor } from '../phases/workflow-rules.ts';

/**
 * Every Temporal name of the product, in one place (DESIGN §6): the worker polls these task queues
 * and registers these workflows, signals and queries; services start and signal them by the same
 * names, so a typo cannot split the two. Contracts only: no Temporal import here.
 */
export const TASK_QUEUES = {
  /** Imports of students (CSV, Magister) and the nightly roster syncs. */
  imports: 'stageplein-imports',
  /**
   * One durable workflow per active internship (workflows/src/internship-phases, docs/decisions/phases.md):
   * a queue of its own, so a long import never delays a task's completion.
   */
  internshipPhases: 'stageplein-internship-phases',
  /**
   * One workflow per contract out for signing (workflows/src/contract-signing,
   * docs/decisions/internship-contracts.md "Signing"): signers in their order, reminders, expiry, sealing.
   */
  contractSigning: 'stageplein-contract-signing',
} as const;
export type TTaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/** Workflow type names as clients start them (the exported function names of the workflow modules). */
export const WORKFLOW_TYPES = {
  studentImport: 'studentImport',
  /** A school's scheduled roster sync: opens an import of its Magister roster and runs studentImport on it. */
  rosterSync: 'rosterSync',
  complianceSweep: 'complianceSweep',
  vacancyClosing: 'vacancyClosing',
  hoursReminders: 'hoursReminders',
  formFileCleanup: 'formFileCleanup',
  /** The phases of one internship: a generic interpreter of the definition version it started with. */
  internshipPhases: 'internshipPhases',
  /** One contract's signing: its signers in order groups, reminders, expiry, then the seal. */
  contractSigning: 'contractSigning',
  /** One tenant's periodic mail (notifications): each person's digest of the period that is due. */
  notificationDigest: 'notificationDigest',
  /** One write-back run (placements collects, organizations sends to the school's Magister): imports' queue. */
  resultsWriteBack: 'resultsWriteBack',
} as const;

/**
 * The Temporal schedule that runs `complianceSweep` every day (docs/decisions/compliance.md): the
 * worker creates it when it starts, if it does not exist. Early morning Dutch time, before offices open.
 */
export const COMPLIANCE_SWEEP_SCHEDULE = {
  id: 'compliance-sweep',
  cron: '0 6 * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule that closes vacancies whose `closes_at` has passed (placements): every quarter
 * of an hour, so a vacancy is found in the search at most that long after its closing time.
 */
export const VACANCY_CLOSING_SCHEDULE = {
  id: 'vacancy-closing',
  cron: '*/15 * * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule of the hours reminders (docs/decisions/hours.md "Reminders"): daily, in the
 * morning Dutch time, after the compliance sweep.
 */
export const HOURS_REMINDERS_SCHEDULE = {
  id: 'hours-reminders',
  cron: '0 7 * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedule that removes files visitors uploaded on public forms but never submitted
 * (content, docs/decisions/forms.md): hourly, so a file lives at most a day and an hour.
 */
export const FORM_FILE_CLEANUP_SCHEDULE = {
  id: 'form-file-cleanup',
  cron: '20 * * * *',
  timezone: 'Europe/Amsterdam',
} as const;

/**
 * The Temporal schedules of the periodic mail (docs/decisions/notifications.md "Digest"): one per tenant,
 * id `notification-digest-<tenant>`, every morning Dutch time; the run sends the digests whose period is
 * due that day (daily every day, weekly on Mondays, monthly on the 1st).
 */
export const NOTIFICATION_DIGEST_SCHEDULE = {
  idPrefix: 'notification-digest-',
  cron: '0 8 * * *',
  timezone: 'Europe/Amsterdam',
} as const;
export const notificationDigestScheduleId = (tenant: string) =>
  `${NOTIFICATION_DIGEST_SCHEDULE.idPrefix}${tenant}`;

/** Input of `notificationDigest`: the tenant; `at` (ISO) only when a test or an operator names the day. */
export interface TNotificationDigestInput {
  tenant: string;
  at?: string;
}

/** Result of one digest run: the periods due and how many people were mailed, had nothing, or were done before. */
export interface TNotificationDigestSummary {
  tenant: string;
  periods: string[];
  sent: number;
  empty: number;
  already: number;
}

/** Result of one form-file cleanup run, per tenant: files removed. */
export interface TFormFileCleanupSummary {
  tenants: { tenant: string; removed: number }[];
}

/** Result of one hours-reminders run, per hours tenant: supervisor reminders and mentor warnings sent. */
export interface THoursRemindersSummary {
  tenants: { tenant: string; supervisors: number; mentors: number }[];
}

/** Result of one vacancy-closing run, per tenant. */
export interface TVacancyClosingSummary {
  tenants: { tenant: string; closed: number }[];
}

/** Result of one compliance sweep, per tenant. */
export interface TComplianceSweepSummary {
  tenants: { tenant: string; changed: number; reminded: number }[];
}

export const SIGNALS = {
  /** Student import: stop after the batches in progress. */
  cancelImport: 'cancelImport',
  /** Internship phases: the internship completed or was cancelled (`TInternshipEndedSignal`); the run ends. */
  internshipEnded: 'internshipEnded',
  /** Contract signing: the contract was voided (by a school admin); the run revokes the links and ends. */
  contractVoided: 'contractVoided',
  /** Contract signing: a school admin asked to seal a contract whose seal failed again now. */
  contractSealRetry: 'contractSealRetry',
} as const;

export const QUERIES = {
  /** Student import: phase and batches done. */
  progress: 'progress',
  /** Internship phases: the run's state (tests and operators; the UI reads placements' read model). */
  phaseRunState: 'phaseRunState',
  /** Contract signing: the run's state (`TContractSigningState`). */
  contractSigningState: 'contractSigningState',
} as const;

/** Updates: the caller waits for the workflow's answer (a validator refuses bad ones before history). */
export const UPDATES = {
  /** Internship phases: one task of the current phase is done (`TCompletePhaseTaskUpdate`). */
  completePhaseTask: 'completePhaseTask',
  /** Internship phases: a phase whose completion is "by hand" is closed (`TCompletePhaseUpdate`). */
  completePhase: 'completePhase',
  /** Internship phases: move the run to another published version of its definition (`TMigratePhaseRunUpdate`). */
  migratePhaseRun: 'migratePhaseRun',
  /** Contract signing: one signer signs (`TSignContractUpdate`); refused out of turn, twice, or voided. */
  signContract: 'signContract',
} as const;

/**
 * Failure types the internship-phases workflow's update validators throw; the placements routes map each
 * to its error code (`phase_task_wrong_actor`, …), so a refused update is a clear JSON:API error.
 */
export const PHASE_UPDATE_FAILURES = {
  /** The task or phase is not the caller's to complete. */
  wrongActor: 'PhaseTaskWrongActor',
  /** The task belongs to a phase that is not the current one (or the run has ended). */
  notCurrent: 'PhaseTaskNotCurrent',
  /** The task is already done. */
  completed: 'PhaseTaskCompleted',
  /** The phase is not completed by hand, or the migration's target is the version the run has. */
  invalid: 'PhaseUpdateInvalid',
  /**
   * Not refused for good: the run is between two phases (it has not entered its phase yet, or it is
   * leaving it to continue as new), so the run that stands in the phase answers. The caller sends the
   * update again to the workflow id (no run id) after a moment (placements' `phaseWorkflows`).
   */
  handingOver: 'PhaseRunHandingOver',
} as const;

/** Workflow id of an internship's phases: one per internship, so a redelivered activation starts nothing new. */
export const internshipPhasesWorkflowId = (internshipId: string) => `internship-phases-${internshipId}`;

/**
 * Who acts on a phase task: the internship's parties and the workplace supervisor (by external link);
 * the definitions' `TASK_ACTORS` (contracts/src/phases).
 */
export const PHASE_TASK_ACTORS = TASK_ACTORS;
export type TPhaseTaskActor = TTaskActor;

/**
 * Input of the internship-phases workflow. A run starts at phase 0 of `versionId`; at each phase
 * boundary (and after a migration) it continues as new with the next phase's index and `entry` + 1, so a
 * history never grows past one phase.
 */
export interface TInternshipPhasesInput {
  tenant: string;
  internshipId: string;
  /** The published definition version the run interprets (fixed until an explicit migration). */
  versionId: string;
  /** Index of the phase to enter (0 at the start). */
  phaseIndex?: number;
  /** After a migration: the definition's phase id to enter in the new version (else `phaseIndex`). */
  phaseKey?: string;
  /** How many phases this internship entered before (the read model's idempotency key of the next one). */
  entry?: number;
  /** After a migration: the phase instance whose completed tasks carry over (same task key). */
  carryFromPhaseId?: string;
}

/** `completePhaseTask`: the route checked the caller reads the internship; the workflow checks the rest. */
export interface TCompletePhaseTaskUpdate {
  taskId: string;
  /** The caller's user id (recorded as who completed it); null: the workplace supervisor by their link. */
  userId: string | null;
  /** What the caller is for this internship (`student`, `mentor`, `school_admin`, `organization_contact`, `supervisor`). */
  actors: TPhaseTaskActor[];
}

/** `completePhase`: a school admin or mentor closes a phase whose completion is "by hand". */
export interface TCompletePhaseUpdate {
  phaseId: string;
  userId: string;
  actors: TPhaseTaskActor[];
}

/** `migratePhaseRun`: logged by the route (audit log and event) before the update is sent. */
export interface TMigratePhaseRunUpdate {
  toVersionId: string;
  userId: string;
}

/** `internshipEnded`: the internship's final status. */
export interface TInternshipEndedSignal {
  status: 'completed' | 'cancelled';
}

/** `phaseRunState`: where a run stands. */
export interface TPhaseRunState {
  versionId: string;
  phaseIndex: number;
  phaseId: string | null;
  openTaskIds: string[];
  ended: 'completed' | 'cancelled' | null;
}

/** Workflow id of a student import: one per import, so starting it twice is one execution. */
export const studentImportWorkflowId = (importId: string) => `student-import-${importId}`;

/** Input of the student import workflow. */
export interface TStudentImportInput {
  tenant: string;
  importId: string;
}

/** Input of a school's roster sync (its schedule's argument). */
export interface TRosterSyncInput {
  tenant: string;
  schoolId: string;
}

/** Result of the student import workflow: the final status and counts. */
export interface TStudentImportSummary {
  status: TStudentImportStatus;
  total: number;
  valid: number;
  invalid: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  left: number;
}

/**
 * Failure types the contract-signing workflow's update validator throws; placements maps each to its
 * error code (`contract_not_your_turn`, `contract_already_signed`, `contract_signing_closed`).
 */
export const CONTRACT_SIGNING_FAILURES = {
  notYourTurn: 'ContractNotYourTurn',
  alreadySigned: 'ContractAlreadySigned',
  closed: 'ContractSigningClosed',
} as const;

/** Workflow id of a contract's signing: one per contract, so a redelivered event starts nothing new. */
export const contractSigningWorkflowId = (contractId: string) => `contract-signing-${contractId}`;

/** Input of the contract-signing workflow. */
export interface TContractSigningInput {
  tenant: string;
  contractId: string;
}

/**
 * `signContract`: the route checked the link (or the signed-in signer) and the image; the workflow checks
 * the turn; its activity writes the signature, the audit entry and the event, and spends the link.
 */
export interface TSignContractUpdate {
  signerId: string;
  /** The signature as a PNG data URL. */
  signature: string;
  /** Who signed: the signed-in user, or `link:<link id>` for a signer by link. */
  actor: string;
  /** The link used (spent when the signature is written), if any. */
  linkId: string | null;
  ip: string;
  userAgent: string | null;
  at: string;
}

/** `contractSigningState`: where a run stands. */
export interface TContractSigningState {
  signers: { id: string; order: number; state: 'pending' | 'signed' }[];
  toAct: string[];
  ended: 'sealed' | 'signed' | 'voided' | 'expired' | null;
}

/** The workflow id of a write-back run (docs/decisions/write-back.md): one run, one workflow. */
export const writeBackWorkflowId = (writeBackId: string) => `write-back-${writeBackId}`;

/** Input of the write-back workflow. */
export interface TWriteBackRunInput {
  tenant: string;
  writeBackId: string;
}

/** One internship a write-back run still has to handle, as placements hands it to the sending side. */
export interface TWriteBackWork {
  internshipId: string;
  studentId: string;
  organizationName: string | null;
  startDate: string | null;
  endDate: string | null;
  hoursDone: number;
  hoursRequired: number | null;
  grade: number | null;
}

/** Its outcome, as the sending side (organizations: the student number, the school's Magister) reports it. */
export interface TWriteBackOutcome {
  internshipId: string;
  state: 'sent' | 'refused' | 'exported';
  reason: 'no_student_number' | 'student_unknown' | 'rejected' | null;
  studentNumber: string | null;
}

/**
 * Failure type of a write-back the school must fix (no Magister connection, credentials or consent
 * refused, an address not allowed): the workflow ends the run `failed` with it, without retrying.
 */
export const WRITE_BACK_REJECTED = 'WriteBackRejected';
/** Internships per sending batch: each batch's outcomes are recorded at once (the run's progress). */
export const WRITE_BACK_BATCH_SIZE = 25;
