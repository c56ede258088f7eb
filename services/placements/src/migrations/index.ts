import type { Migration } from 'kysely';
import m20261201T0900_outbox from './20261201T0900-outbox.ts';
import m20261201T0901_dead_letters from './20261201T0901-dead-letters.ts';
import m20261201T0902_auth_read_model from './20261201T0902-auth-read-model.ts';
import m20261201T0903_auth_sessions from './20261201T0903-auth-sessions.ts';
import m20261201T0910_organizations_read_model from './20261201T0910-organizations-read-model.ts';
import m20261201T0911_users_read_model from './20261201T0911-users-read-model.ts';
import m20261201T0920_audit_log from './20261201T0920-audit-log.ts';
import m20261201T0930_vacancies from './20261201T0930-vacancies.ts';
import m20261201T1000_vacancy_search from './20261201T1000-vacancy-search.ts';
import m20261201T1010_vacancy_search_cell_lexeme from './20261201T1010-vacancy-search-cell-lexeme.ts';
import m20261202T1000_compliance_read_model from './20261202T1000-compliance-read-model.ts';
import m20261203T1000_internships from './20261203T1000-internships.ts';
import m20261203T1010_school_read_models from './20261203T1010-school-read-models.ts';
import m20261204T1000_allocation from './20261204T1000-allocation.ts';
import m20261204T1000_self_found from './20261204T1000-self-found.ts';
import m20261204T1010_bulk_messages from './20261204T1010-bulk-messages.ts';
import m20261210T0900_external_links from './20261210T0900-external-links.ts';
import m20261210T0901_mail_deliveries from './20261210T0901-mail-deliveries.ts';
import m20261220T1000_hours from './20261220T1000-hours.ts';
import m20261230T1000_tags_read_model from './20261230T1000-tags-read-model.ts';
import m20261231T1000_form_versions from './20261231T1000-form-versions.ts';
import m20270105T1100_vacancy_images from './20270105T1100-vacancy-images.ts';
import m20270105T1130_school_years_read_model from './20270105T1130-school-years-read-model.ts';
import m20270106T1000_assignments from './20270106T1000-assignments.ts';
import m20270106T1000_evaluations from './20270106T1000-evaluations.ts';
import m20270107T0420_progress_indexes from './20270107T0420-progress-indexes.ts';
import m20270109T0915_internship_count_indexes from './20270109T0915-internship-count-indexes.ts';
import m20270110T0900_tenant_vacancies_view from './20270110T0900-tenant-vacancies-view.ts';
import m20270110T1000_vacancy_terms from './20270110T1000-vacancy-terms.ts';
import m20270111T0900_outbox_pending from './20270111T0900-outbox-pending.ts';
import m20270112T0900_internship_tallies from './20270112T0900-internship-tallies.ts';
import m20270113T0900_vacancy_terms_rank from './20270113T0900-vacancy-terms-rank.ts';
import m20270114T0900_vacancy_terms_levels from './20270114T0900-vacancy-terms-levels.ts';
import m20270124T0900_internship_period_backfill from './20270124T0900-internship-period-backfill.ts';
import m20270125T0900_bulk_message_students from './20270125T0900-bulk-message-students.ts';
import m20270128T0900_internship_supervisors from './20270128T0900-internship-supervisors.ts';
import m20270210T0900_workflow_definitions from './20270210T0900-workflow-definitions.ts';
import m20270211T0900_phase_runs from './20270211T0900-phase-runs.ts';
import m20270212T0900_internship_contracts from './20270212T0900-internship-contracts.ts';
import m20270213T0900_contract_documents from './20270213T0900-contract-documents.ts';
import m20270215T0900_contract_signing from './20270215T0900-contract-signing.ts';
import m20270301T0900_contract_seal_failed from './20270301T0900-contract-seal-failed.ts';
import m20270301T0910_contract_released_at from './20270301T0910-contract-released-at.ts';
import m20270401T0900_analytics from './20270401T0900-analytics.ts';
import m20270401T0910_analytics_versions from './20270401T0910-analytics-versions.ts';
import m20270425T0910_discrimination_reports from './20270425T0910-discrimination-reports.ts';
import m20270425T0950_write_back from './20270425T0950-write-back.ts';
import m20270510T0913_supervisor_account_requests from './20270510T0913-supervisor-account-requests.ts';

/**
 * Applied in key order. Each migration is a frozen file named by its timestamp: once landed it is never
 * edited (migrations.lock.json and its test guard that); a change is a new, later file.
 */
export const migrations: Record<string, Migration> = {
  '20261201T0900-outbox': m20261201T0900_outbox,
  '20261201T0901-dead-letters': m20261201T0901_dead_letters,
  '20261201T0902-auth-read-model': m20261201T0902_auth_read_model,
  '20261201T0903-auth-sessions': m20261201T0903_auth_sessions,
  '20261201T0910-organizations-read-model': m20261201T0910_organizations_read_model,
  '20261201T0911-users-read-model': m20261201T0911_users_read_model,
  '20261201T0920-audit-log': m20261201T0920_audit_log,
  '20261201T0930-vacancies': m20261201T0930_vacancies,
  '20261201T1000-vacancy-search': m20261201T1000_vacancy_search,
  '20261201T1010-vacancy-search-cell-lexeme': m20261201T1010_vacancy_search_cell_lexeme,
  // Compliance gating: whether an organization may publish (organizations.compliance.changed).
  '20261202T1000-compliance-read-model': m20261202T1000_compliance_read_model,
  // Internships and their status history (issue #16), and the school read models they need.
  '20261203T1000-internships': m20261203T1000_internships,
  '20261203T1010-school-read-models': m20261203T1010_school_read_models,
  // Allocation rounds and assignment batches (docs/decisions/allocation.md).
  '20261204T1000-allocation': m20261204T1000_allocation,
  // Self-found internships' details and bulk messages (docs/decisions/self-found-and-bulk-messages.md).
  '20261204T1000-self-found': m20261204T1000_self_found,
  '20261204T1010-bulk-messages': m20261204T1010_bulk_messages,
  // Kit's external action links and per-recipient mail status (docs/decisions/external-links.md, mail-requests.md).
  '20261210T0900-external-links': m20261210T0900_external_links,
  '20261210T0901-mail-deliveries': m20261210T0901_mail_deliveries,
  // Hours registration (issue #17): entries and the sheet's state.
  '20261220T1000-hours': m20261220T1000_hours,
  // Organizations' tags: the names of the internship bank's tag facet (docs/decisions/vacancy-search.md).
  '20261230T1000-tags-read-model': m20261230T1000_tags_read_model,
  // Content's published forms that placements answers (evaluations, assignments; docs/decisions/forms.md).
  '20261231T1000-form-versions': m20261231T1000_form_versions,
  // Vacancy images: content's uploads and stock images, and the vacancy's chosen upload (issues #14, #15).
  '20270105T1100-vacancy-images': m20270105T1100_vacancy_images,
  // Organizations' school years: spec §4's in-scope rule in placements (docs/decisions/internships.md).
  '20270105T1130-school-years-read-model': m20270105T1130_school_years_read_model,
  // Supervisors' assignments and their tasks (issue #18 item 5, docs/decisions/assignments.md).
  '20270106T1000-assignments': m20270106T1000_assignments,
  // Evaluations per internship period and role (docs/decisions/evaluations.md).
  '20270106T1000-evaluations': m20270106T1000_evaluations,
  // Progress: mentors by school and student, hours sums index-only (docs/decisions/progress.md).
  '20270107T0420-progress-indexes': m20270107T0420_progress_indexes,
  // Internships' totals index-only, the tenant policy an index condition (docs/benchmarks.md).
  '20270109T0915-internship-count-indexes': m20270109T0915_internship_count_indexes,
  // The bank's search through a tenant-filtering view, so its indexes apply (docs/decisions/vacancy-search.md).
  '20270110T0900-tenant-vacancies-view': m20270110T0900_tenant_vacancies_view,
  // The bank's words by grid cell: text near a place from one btree (docs/decisions/vacancy-search.md).
  '20270110T1000-vacancy-terms': m20270110T1000_vacancy_terms,
  // The outbox as an append-only log, its delivery state a queue beside it (kit outbox.v2).
  '20270111T0900-outbox-pending': m20270111T0900_outbox_pending,
  // Internships per school and organization, for the list's unfiltered total (docs/benchmarks.md).
  '20270112T0900-internship-tallies': m20270112T0900_internship_tallies,
  // Each word's share of the relevance: one-word searches near a place from the words alone.
  '20270113T0900-vacancy-terms-rank': m20270113T0900_vacancy_terms_rank,
  // The words once per level and with the title: one-level searches and the markers read less.
  '20270114T0900-vacancy-terms-levels': m20270114T0900_vacancy_terms_levels,
  // Approved internships without a period get the one the rule finds unambiguous (docs/decisions/internships.md).
  '20270124T0900-internship-period-backfill': m20270124T0900_internship_period_backfill,
  // Bulk messages to students without an internship yet (docs/decisions/self-found-and-bulk-messages.md).
  '20270125T0900-bulk-message-students': m20270125T0900_bulk_message_students,
  // A supervisor by name and address, the school's approval of it, who decided hours from where (#30, #31).
  '20270128T0900-internship-supervisors': m20270128T0900_internship_supervisors,
  // Workflow definitions, their versions and designers; evaluation templates of a phase (docs/decisions/phases.md).
  '20270210T0900-workflow-definitions': m20270210T0900_workflow_definitions,
  // The phases' runtime: runs, entered phases and their tasks (docs/decisions/phases.md "Runtime").
  '20270211T0900-phase-runs': m20270211T0900_phase_runs,
  // Internship contracts: templates, contracts, signers (docs/decisions/internship-contracts.md).
  '20270212T0900-internship-contracts': m20270212T0900_internship_contracts,
  // Sealed contract PDFs: placements' object store table, hashes and parties (docs/decisions/contract-documents.md).
  '20270213T0900-contract-documents': m20270213T0900_contract_documents,
  // Signing contracts: signatures, turns, reminders, sealing; the hash-chained audit trail (issue #34).
  '20270215T0900-contract-signing': m20270215T0900_contract_signing,
  // A seal that failed every automatic attempt: seal_state `failed` (issue #34).
  '20270301T0900-contract-seal-failed': m20270301T0900_contract_seal_failed,
  // When a contract was sent out: what a student sees of a voided one (issue #34).
  '20270301T0910-contract-released-at': m20270301T0910_contract_released_at,
  // Analytics' read models, fed by placements' events and rebuilt from its outbox (issue #37).
  '20270401T0900-analytics': m20270401T0900_analytics,
  // A version per school of analytics' read models: the school view's cached numbers (issue #37).
  '20270401T0910-analytics-versions': m20270401T0910_analytics_versions,
  // Discrimination reports, the school's actions on them, its pauses of organizations (issue #37 item 3).
  '20270425T0910-discrimination-reports': m20270425T0910_discrimination_reports,
  // Write-back runs and their items: completed internships to the school's system (issue #36 item 4).
  '20270425T0950-write-back': m20270425T0950_write_back,
  // A workplace supervisor's request for an account, and the company's answer (issue #30 item 6).
  '20270510T0913-supervisor-account-requests': m20270510T0913_supervisor_account_requests,
};
