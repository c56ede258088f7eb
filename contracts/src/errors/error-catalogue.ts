import { translate, type TLanguage, type TMessageKey, type TMessageVars } from '../i18n/index.ts';

/** Machine-readable codes of JSON:API `errors[].code`; titles and details come from `api.<code>.*`. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'unknown_tenant',
  'unknown_place',
  'wrong_center',
  'rate_limited',
  'conflict',
  'internal',
  'invalid_credentials',
  'account_inactive',
  'reset_credentials_missing',
  'session_not_found',
  'token_invalid',
  'redirect_not_allowed',
  'passwordless_unavailable',
  'education_sso_link_refused',
  'education_sso_brin_invalid',
  'education_sso_brin_taken',
  'education_sso_issuer_invalid',
  'email_taken',
  'impersonation_restricted',
  'invalid_status_transition',
  'organization_duplicate',
  'signup_duplicate',
  'organization_not_approved',
  'organization_move_disabled',
  'invalid_parent',
  'not_a_student',
  'not_a_mentor',
  'invalid_date_range',
  'period_outside_school_year',
  'name_taken',
  'compliance_not_met',
  'slug_taken',
  'invalid_menu_item',
  'file_too_large',
  'unsupported_file_type',
  'workflows_unavailable',
  'roster_not_configured',
  'roster_unavailable',
  'phases_unavailable',
  'phase_task_wrong_actor',
  'phase_task_not_current',
  'phase_task_completed',
  'phase_task_by_submission',
  'phase_update_invalid',
  'upload_type_not_allowed',
  'upload_polyglot',
  'upload_name_mismatch',
  'upload_unreadable',
  'upload_in_use',
  'vacancy_image_unavailable',
  'icon_url_too_long',
  'method_not_allowed',
  'bad_url',
  'unsupported_media_type',
  'payload_too_large',
  'control_characters',
  'json_too_deep',
  'unknown_host',
  'sign_in_delayed',
  'vacancy_kind_unavailable',
  'vacancy_not_deletable',
  'vacancy_not_editable',
  'invalid_vacancy_action',
  'link_invalid',
  'link_expired',
  'link_revoked',
  'link_used',
  'link_not_allowed',
  'vacancy_full',
  'vacancy_not_open',
  'already_applied',
  'vacancy_not_for_school',
  'report_not_possible',
  'report_closed',
  'account_request_not_possible',
  'account_request_answered',
  'motivation_required',
  'motivation_not_allowed',
  'self_found_unavailable',
  'internship_field_not_editable',
  'invalid_internship_action',
  'reason_required',
  'person_not_in_organization',
  'allocation_round_closed',
  'invalid_allocation_round_action',
  'vacancy_not_in_round',
  'not_eligible_for_round',
  'round_vacancy_full',
  'vacancy_not_offerable',
  'vacancy_no_places_left',
  'form_archived',
  'form_submitted_too_fast',
  'form_expired',
  'form_already_submitted',
  'form_file_type_not_allowed',
  'hours_unavailable',
  'paper_timesheets_unavailable',
  'hours_locked',
  'hours_entry_not_changeable',
  'hours_day_full',
  'hours_date_invalid',
  'hours_no_supervisor_email',
  'invalid_hours_action',
  'own_supervisor',
  'supervisor_not_approved',
  'hours_nothing_to_confirm',
  'hours_link_too_often',
  'assignment_published',
  'assignment_task_completed',
  'assignment_no_internships',
  'evaluations_unavailable',
  'evaluation_template_exists',
  'evaluation_template_phase_exists',
  'evaluation_template_in_use',
  'evaluation_form_unknown',
  'evaluation_no_template',
  'evaluation_not_open',
  'evaluation_already_submitted',
  'evaluation_no_supervisor_email',
  'invalid_evaluation_action',
  'workflow_no_phases',
  'workflow_duplicate_id',
  'workflow_phase_unreachable',
  'workflow_phase_status_order',
  'workflow_finished_phase_tasks',
  'workflow_contract_type_unavailable',
  'workflow_task_kind_unavailable',
  'workflow_task_actor_not_allowed',
  'workflow_task_setting_missing',
  'workflow_deadline_missing',
  'workflow_reminder_too_early',
  'workflow_escalation_order',
  'workflow_deadline_order',
  'workflow_version_published',
  'workflow_draft_exists',
  'workflow_not_published',
  'workflow_evaluation_template_unknown',
  'workflow_assignment_unknown',
  'workflow_assignment_draft',
  'workflow_designer_not_mentor',
  'contracts_unavailable',
  'contract_variable_unknown',
  'contract_signer_role_unavailable',
  'contract_signer_duplicate',
  'contract_signers_missing',
  'contract_company_first',
  'contract_company_fields_unavailable',
  'contract_company_field_duplicate',
  'contract_body_empty',
  'contract_template_version_published',
  'contract_template_draft_exists',
  'contract_template_not_published',
  'contract_exists',
  'contract_internship_not_ready',
  'contract_birth_date_missing',
  'contract_company_value_invalid',
  'invalid_contract_action',
  'contract_not_your_turn',
  'contract_already_signed',
  'contract_signing_closed',
  'contract_signer_email_not_needed',
  'notification_delivery_locked',
  'notification_template_unknown_variable',
  'notification_template_block_misplaced',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TErrorDefinition {
  status: number;
  titleKey: TMessageKey;
  detailKey: TMessageKey;
}

function define(code: TErrorCode, status: number): TErrorDefinition {
  return Object.freeze({
    status,
    titleKey: `api.${code}.title` as TMessageKey,
    detailKey: `api.${code}.detail` as TMessageKey,
  });
}

export const ERRORS: Readonly<Record<TErrorCode, TErrorDefinition>> = Object.freeze({
  bad_request: define('bad_request', 400),
  // 422 rather than 400 so clients can tell field errors (with `source.pointer`) from malformed requests.
  validation_failed: define('validation_failed', 422),
  unauthorized: define('unauthorized', 401),
  forbidden: define('forbidden', 403),
  not_found: define('not_found', 404),
  // The tenant header/host names no known tenant: a client mistake, not a missing resource.
  unknown_tenant: define('unknown_tenant', 400),
  // A search near a place the gazetteer does not know (`filter[near]`): said beside the place field.
  unknown_place: define('unknown_place', 400),
  // Authenticated, but the account belongs to another partner of the collaboration.
  wrong_center: define('wrong_center', 403),
  rate_limited: define('rate_limited', 429),
  conflict: define('conflict', 409),
  internal: define('internal', 500),
  // Sign-in protocol (identity). Unknown email and wrong password answer alike.
  invalid_credentials: define('invalid_credentials', 401),
  account_inactive: define('account_inactive', 403),
  // Spec §5: PUT /auth/password without header credentials or reset token; the detail is the spec's text.
  reset_credentials_missing: define('reset_credentials_missing', 401),
  // devise_token_auth: signing out a client that is not signed in.
  session_not_found: define('session_not_found', 404),
  // A reset, confirmation, sign-in link or deletion token that is unknown, used or expired.
  token_invalid: define('token_invalid', 422),
  redirect_not_allowed: define('redirect_not_allowed', 422),
  passwordless_unavailable: define('passwordless_unavailable', 403),
  // Linking a federation identity to an account of another school, or to one already linked (#36).
  education_sso_link_refused: define('education_sso_link_refused', 403),
  // Education single sign-on's configuration (contracts/identity/education-sso-settings.ts).
  education_sso_brin_invalid: define('education_sso_brin_invalid', 422),
  education_sso_brin_taken: define('education_sso_brin_taken', 409),
  education_sso_issuer_invalid: define('education_sso_issuer_invalid', 422),
  email_taken: define('email_taken', 409),
  // What a token obtained through "sign in as user" may not do (password, email, another impersonation).
  impersonation_restricted: define('impersonation_restricted', 403),
  // Organization status changes the server allows (contracts/src/organizations/organizations.ts).
  invalid_status_transition: define('invalid_status_transition', 422),
  // Duplicate signups: same name and postcode, or the same applicant email (next code).
  organization_duplicate: define('organization_duplicate', 409),
  signup_duplicate: define('signup_duplicate', 409),
  // The current organization is pending (or denied/archived): usable only once approved.
  organization_not_approved: define('organization_not_approved', 403),
  // Deployment flag MOVE_ORGANIZATIONS is off.
  organization_move_disabled: define('organization_move_disabled', 403),
  invalid_parent: define('invalid_parent', 422),
  // Groups and mentorships link users with that role at the current school.
  not_a_student: define('not_a_student', 422),
  not_a_mentor: define('not_a_mentor', 422),
  invalid_date_range: define('invalid_date_range', 422),
  period_outside_school_year: define('period_outside_school_year', 422),
  name_taken: define('name_taken', 409),
  // Compliance gating: a required document of the organization is missing or expired (no publishing).
  compliance_not_met: define('compliance_not_met', 409),
  // Content: a page or news slug is unique per tenant; menu items follow contracts/src/content/menu.ts.
  slug_taken: define('slug_taken', 409),
  invalid_menu_item: define('invalid_menu_item', 422),
  // Student import uploads, refused before any parsing; 503 while Temporal cannot be reached.
  file_too_large: define('file_too_large', 413),
  unsupported_file_type: define('unsupported_file_type', 415),
  workflows_unavailable: define('workflows_unavailable', 503),
  /** A Magister import of a school without a Magister connection (docs/decisions/workflows.md "Roster sources"). */
  roster_not_configured: define('roster_not_configured', 409),
  /** Magister refused or failed while a preview read it (`reason`: unauthorized, unavailable, …). */
  roster_unavailable: define('roster_unavailable', 502),
  // Internship phases' runtime (docs/decisions/phases.md "Runtime"): Temporal away, and the refusals of
  // the workflow's update validators (the wrong actor, a task not of the current phase, a task done).
  phases_unavailable: define('phases_unavailable', 503),
  phase_task_wrong_actor: define('phase_task_wrong_actor', 403),
  phase_task_not_current: define('phase_task_not_current', 409),
  phase_task_completed: define('phase_task_completed', 409),
  // An evaluation or assignment task completes when the evaluation part or the assignment is sent, not by hand.
  phase_task_by_submission: define('phase_task_by_submission', 409),
  phase_update_invalid: define('phase_update_invalid', 422),
  // Uploads (services/kit/src/uploads): the bytes decide the type, not the name or the declared type; a
  // file that is also another type (an image with an archive or script appended) is refused; so is one
  // that does not decode, or whose name's extension is another type's. A stock image keeps its upload.
  upload_type_not_allowed: define('upload_type_not_allowed', 415),
  upload_polyglot: define('upload_polyglot', 422),
  upload_name_mismatch: define('upload_name_mismatch', 422),
  upload_unreadable: define('upload_unreadable', 422),
  upload_in_use: define('upload_in_use', 409),
  // A vacancy's image: a stock image of the tenant or an upload of the vacancy's own organization.
  vacancy_image_unavailable: define('vacancy_image_unavailable', 422),
  // Spec §9: an icon request's URL is at most 500 characters (414 URI Too Long).
  icon_url_too_long: define('icon_url_too_long', 414),
  // HTTP-level refusals before any route runs (kit/errors/error-handler.ts): a known path with another
  // method (with `Allow`), a URL that does not decode, a body type or size the route does not take.
  method_not_allowed: define('method_not_allowed', 405),
  bad_url: define('bad_url', 400),
  unsupported_media_type: define('unsupported_media_type', 415),
  payload_too_large: define('payload_too_large', 413),
  // A JSON string with NUL or another control character, or half a surrogate pair; JSON nested deeper
  // than the kit allows (kit/http/json-hygiene.ts).
  control_characters: define('control_characters', 422),
  json_too_deep: define('json_too_deep', 422),
  // A Host that names no tenant, when no DEFAULT_TENANT is configured (421 Misdirected Request).
  unknown_host: define('unknown_host', 421),
  // Too many wrong passwords for this account from this address: wait (Retry-After), or reset the password.
  sign_in_delayed: define('sign_in_delayed', 429),
  // Vacancies (contracts/src/placements): a kind the tenant does not offer, deleting a non-draft, editing an
  // archived one, a transition its state does not allow (publishing needs an approved organization:
  // organization_not_approved).
  vacancy_kind_unavailable: define('vacancy_kind_unavailable', 422),
  vacancy_not_deletable: define('vacancy_not_deletable', 409),
  vacancy_not_editable: define('vacancy_not_editable', 409),
  invalid_vacancy_action: define('invalid_vacancy_action', 409),
  // External action links (kit/external-links): an unknown token (also another tenant's) is 401; a
  // known one that no longer works says why (only its holder can ask); another action or subject is 403.
  link_invalid: define('link_invalid', 401),
  link_expired: define('link_expired', 410),
  link_revoked: define('link_revoked', 410),
  link_used: define('link_used', 410),
  link_not_allowed: define('link_not_allowed', 403),
  // Internships (contracts/src/placements/internships.ts): applying to a full or closed vacancy, twice, with or
  // without the motivation the tenant asks for; a field or transition the policy or status does not allow.
  vacancy_full: define('vacancy_full', 409),
  vacancy_not_open: define('vacancy_not_open', 409),
  already_applied: define('already_applied', 409),
  // Discrimination reports (contracts/src/placements/discrimination-reports.ts): the school paused the
  // organization's vacancies for its students; a report on an application that was not declined; acting on a
  // closed report.
  vacancy_not_for_school: define('vacancy_not_for_school', 409),
  report_not_possible: define('report_not_possible', 409),
  report_closed: define('report_closed', 409),
  // A supervisor's request for an account (contracts/src/placements/supervisor-accounts.ts): they already have one;
  // the company answered it already.
  account_request_not_possible: define('account_request_not_possible', 409),
  account_request_answered: define('account_request_answered', 409),
  motivation_required: define('motivation_required', 422),
  motivation_not_allowed: define('motivation_not_allowed', 422),
  self_found_unavailable: define('self_found_unavailable', 403),
  internship_field_not_editable: define('internship_field_not_editable', 403),
  invalid_internship_action: define('invalid_internship_action', 409),
  reason_required: define('reason_required', 422),
  // The contact person or supervisor of an internship, or a vacancy's contact person, works elsewhere
  // (`mayBeOrganizationContact`).
  person_not_in_organization: define('person_not_in_organization', 422),
  // Allocation rounds (contracts/src/placements/allocation-rounds.ts): ranking after the deadline or once run,
  // a step the round's state does not allow, a vacancy the round does not offer, a student it does not
  // include, a move onto a vacancy whose places in the round are taken.
  allocation_round_closed: define('allocation_round_closed', 409),
  invalid_allocation_round_action: define('invalid_allocation_round_action', 409),
  vacancy_not_in_round: define('vacancy_not_in_round', 422),
  not_eligible_for_round: define('not_eligible_for_round', 403),
  round_vacancy_full: define('round_vacancy_full', 409),
  // A round or an assignment names the vacancy it refuses (its title in the text, the field in the pointer):
  // not published, hidden, or without a place left.
  vacancy_not_offerable: define('vacancy_not_offerable', 422),
  vacancy_no_places_left: define('vacancy_no_places_left', 409),
  // Forms (contracts/src/forms): changing an archived form; a public submission sent sooner than a person
  // could (time-to-submit), or with a render token that is stale, forged or for another version's form.
  form_archived: define('form_archived', 409),
  form_submitted_too_fast: define('form_submitted_too_fast', 422),
  form_expired: define('form_expired', 422),
  // A render token answers one submission (a retry after a validation error still may).
  form_already_submitted: define('form_already_submitted', 409),
  // A public form's file question accepts only its kinds (images, PDFs), decided by the bytes.
  form_file_type_not_allowed: define('form_file_type_not_allowed', 415),
  // Hours registration (contracts/src/placements/hours.ts, docs/decisions/hours.md).
  hours_unavailable: define('hours_unavailable', 404),
  paper_timesheets_unavailable: define('paper_timesheets_unavailable', 404),
  hours_locked: define('hours_locked', 409),
  hours_entry_not_changeable: define('hours_entry_not_changeable', 409),
  hours_day_full: define('hours_day_full', 422),
  hours_date_invalid: define('hours_date_invalid', 422),
  hours_no_supervisor_email: define('hours_no_supervisor_email', 422),
  invalid_hours_action: define('invalid_hours_action', 409),
  // Issue #31: the student (or an account of theirs) named as their own supervisor or contact; a link
  // before the school approved the supervisor; a link with nothing to confirm or too soon after the last.
  own_supervisor: define('own_supervisor', 422),
  supervisor_not_approved: define('supervisor_not_approved', 409),
  hours_nothing_to_confirm: define('hours_nothing_to_confirm', 409),
  hours_link_too_often: define('hours_link_too_often', 429),
  // Supervisors' assignments (contracts/src/placements/assignments.ts, docs/decisions/assignments.md).
  assignment_published: define('assignment_published', 409),
  assignment_task_completed: define('assignment_task_completed', 409),
  assignment_no_internships: define('assignment_no_internships', 422),
  // Evaluations (contracts/src/placements/evaluations.ts, docs/decisions/evaluations.md).
  evaluations_unavailable: define('evaluations_unavailable', 404),
  evaluation_template_exists: define('evaluation_template_exists', 409),
  evaluation_template_phase_exists: define('evaluation_template_phase_exists', 409),
  evaluation_template_in_use: define('evaluation_template_in_use', 409),
  evaluation_form_unknown: define('evaluation_form_unknown', 422),
  evaluation_no_template: define('evaluation_no_template', 409),
  evaluation_not_open: define('evaluation_not_open', 409),
  evaluation_already_submitted: define('evaluation_already_submitted', 409),
  evaluation_no_supervisor_email: define('evaluation_no_supervisor_email', 422),
  invalid_evaluation_action: define('invalid_evaluation_action', 409),
  // Workflow definitions (contracts/src/phases/, docs/decisions/phases.md): validateWorkflowDefinition's
  // codes, then the server's.
  workflow_no_phases: define('workflow_no_phases', 422),
  workflow_duplicate_id: define('workflow_duplicate_id', 422),
  workflow_phase_unreachable: define('workflow_phase_unreachable', 422),
  workflow_phase_status_order: define('workflow_phase_status_order', 422),
  workflow_finished_phase_tasks: define('workflow_finished_phase_tasks', 422),
  workflow_contract_type_unavailable: define('workflow_contract_type_unavailable', 422),
  workflow_task_kind_unavailable: define('workflow_task_kind_unavailable', 422),
  workflow_task_actor_not_allowed: define('workflow_task_actor_not_allowed', 422),
  workflow_task_setting_missing: define('workflow_task_setting_missing', 422),
  workflow_deadline_missing: define('workflow_deadline_missing', 422),
  workflow_reminder_too_early: define('workflow_reminder_too_early', 422),
  workflow_escalation_order: define('workflow_escalation_order', 422),
  workflow_deadline_order: define('workflow_deadline_order', 422),
  workflow_version_published: define('workflow_version_published', 409),
  workflow_draft_exists: define('workflow_draft_exists', 409),
  workflow_not_published: define('workflow_not_published', 409),
  workflow_evaluation_template_unknown: define('workflow_evaluation_template_unknown', 422),
  workflow_assignment_unknown: define('workflow_assignment_unknown', 422),
  workflow_assignment_draft: define('workflow_assignment_draft', 422),
  workflow_designer_not_mentor: define('workflow_designer_not_mentor', 422),
  // Internship contracts (contracts/src/internship-contracts/, docs/decisions/internship-contracts.md):
  // validateContractTemplate's codes, then the server's.
  contracts_unavailable: define('contracts_unavailable', 404),
  contract_variable_unknown: define('contract_variable_unknown', 422),
  contract_signer_role_unavailable: define('contract_signer_role_unavailable', 422),
  contract_signer_duplicate: define('contract_signer_duplicate', 422),
  contract_signers_missing: define('contract_signers_missing', 422),
  contract_company_first: define('contract_company_first', 422),
  contract_company_fields_unavailable: define('contract_company_fields_unavailable', 422),
  contract_company_field_duplicate: define('contract_company_field_duplicate', 422),
  contract_body_empty: define('contract_body_empty', 422),
  contract_template_version_published: define('contract_template_version_published', 409),
  contract_template_draft_exists: define('contract_template_draft_exists', 409),
  contract_template_not_published: define('contract_template_not_published', 409),
  contract_exists: define('contract_exists', 409),
  contract_internship_not_ready: define('contract_internship_not_ready', 422),
  contract_birth_date_missing: define('contract_birth_date_missing', 422),
  contract_company_value_invalid: define('contract_company_value_invalid', 422),
  invalid_contract_action: define('invalid_contract_action', 409),
  contract_not_your_turn: define('contract_not_your_turn', 409),
  contract_already_signed: define('contract_already_signed', 409),
  contract_signing_closed: define('contract_signing_closed', 409),
  contract_signer_email_not_needed: define('contract_signer_email_not_needed', 409),
  // Account and signing mail cannot be switched off (contracts/src/notifications/notifications.ts).
  notification_delivery_locked: define('notification_delivery_locked', 422),
  // A tenant's mail template names a variable its kind does not have (contracts/notifications/mail-templates.ts).
  notification_template_unknown_variable: define('notification_template_unknown_variable', 422),
  notification_template_block_misplaced: define('notification_template_block_misplaced', 422),
});

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The catalogue code for an HTTP status that has no more specific code. */
export function errorCodeForStatus(status: number): TErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    default:
      return status >= 400 && status < 500 ? 'bad_request' : 'internal';
  }
}

/** Localized JSON:API title and detail of a code. */
export function apiErrorText(
  lang: TLanguage,
  code: TErrorCode,
  vars?: TMessageVars,
): { status: number; code: TErrorCode; title: string; detail: string } {
  const { status, titleKey, detailKey } = ERRORS[code];
  return { status, code, title: translate(lang, titleKey, vars), detail: translate(lang, detailKey, vars) };
}

/**
 * Spec §5/§8: a wrong-centre error is recognised by a message containing "wrong center". Our own API
 * also sends the code `wrong_center`, which is accepted too so the check survives localized titles.
 */
export function isWrongCenter(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  return message.toLowerCase().includes('wrong center') || message.trim() === 'wrong_center';
}

export type TErrorScreenKind = 'wrongCenter' | 'unauthorized' | 'forbidden' | 'notFound' | 'generic';

export interface TErrorScreen {
  kind: TErrorScreenKind;
  titleKey: TMessageKey;
  bodyKey: TMessageKey;
  /** Generic errors with a status: "(error code: N)" is appended to the title. */
  codeKey?: TMessageKey;
  vars?: { code: number };
}

/**
 * What the error screen shows (spec §8). The wrong-centre message wins over the status because that
 * error may arrive with any status. A status of 0/undefined (network failure) has no code suffix.
 */
export function errorScreenFor(status?: number, message?: string): TErrorScreen {
  if (isWrongCenter(message)) {
    return { kind: 'wrongCenter', titleKey: 'errors.wrongCenter.title', bodyKey: 'errors.wrongCenter.body' };
  }
  switch (status) {
    case 401:
      return {
        kind: 'unauthorized',
        titleKey: 'errors.unauthorized.title',
        bodyKey: 'errors.unauthorized.body',
      };
    case 403:
      return { kind: 'forbidden', titleKey: 'errors.forbidden.title', bodyKey: 'errors.forbidden.body' };
    case 404:
      return { kind: 'notFound', titleKey: 'errors.notFound.title', bodyKey: 'errors.notFound.body' };
  }
  const screen: TErrorScreen = {
    kind: 'generic',
    titleKey: 'errors.generic.title',
    bodyKey: 'errors.generic.body',
  };
  return status ? { ...screen, codeKey: 'errors.generic.code', vars: { code: status } } : screen;
}

/** The error screen's texts in one language; the title already carries the error-code suffix. */
export function errorScreenText(
  lang: TLanguage,
  status?: number,
  message?: string,
): { kind: TErrorScreenKind; title: string; body: string; action: string } {
  const screen = errorScreenFor(status, message);
  const title = translate(lang, screen.titleKey);
  return {
    kind: screen.kind,
    title: screen.codeKey ? `${title} ${translate(lang, screen.codeKey, screen.vars)}` : title,
    body: translate(lang, screen.bodyKey),
    action: translate(lang, 'errors.backToHome'),
  };
}

/**
 * Message of the fatal 404 a failing route validation raises ("Page Not Found" plus the path).
 * English by default because it is also the thrown error's message, which ends up in logs.
 */
export function fatalNotFoundMessage(path: string, lang: TLanguage = 'en'): string {
  return translate(lang, 'errors.fatalNotFound', { path });
}

/** Spec §8: statuses 300–499 are not reported to error tracking; everything else (incl. none) is. */
export function isReportableStatus(status?: number): boolean {
  return !(status !== undefined && status >= 300 && status <= 499);
}
