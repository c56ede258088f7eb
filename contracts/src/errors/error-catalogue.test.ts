import { describe, expect, it } from 'vitest';
import { hasKey, LANGUAGES, translate } from '../i18n/index.ts';
import {
  apiErrorText,
  ERROR_CODES,
  errorCodeForStatus,
  ERRORS,
  errorScreenFor,
  errorScreenText,
  fatalNotFoundMessage,
  isErrorCode,
  isReportableStatus,
  isWrongCenter,
} from './error-catalogue.ts';

describe('API error catalogue', () => {
  it('defines every code with a status and resolvable texts', () => {
    expect(Object.keys(ERRORS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const { status, titleKey, detailKey } = ERRORS[code];
      expect(status).toBeGreaterThanOrEqual(400);
      expect(hasKey(titleKey), titleKey).toBe(true);
      expect(hasKey(detailKey), detailKey).toBe(true);
    }
  });

  it('uses the conventional statuses', () => {
    expect(Object.fromEntries(ERROR_CODES.map((c) => [c, ERRORS[c].status]))).toEqual({
      bad_request: 400,
      validation_failed: 422,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      unknown_tenant: 400,
      unknown_place: 400,
      wrong_center: 403,
      rate_limited: 429,
      conflict: 409,
      internal: 500,
      invalid_credentials: 401,
      account_inactive: 403,
      reset_credentials_missing: 401,
      session_not_found: 404,
      token_invalid: 422,
      redirect_not_allowed: 422,
      passwordless_unavailable: 403,
      education_sso_link_refused: 403,
      education_sso_brin_invalid: 422,
      education_sso_brin_taken: 409,
      education_sso_issuer_invalid: 422,
      email_taken: 409,
      impersonation_restricted: 403,
      invalid_status_transition: 422,
      organization_duplicate: 409,
      signup_duplicate: 409,
      organization_not_approved: 403,
      organization_move_disabled: 403,
      invalid_parent: 422,
      not_a_student: 422,
      not_a_mentor: 422,
      invalid_date_range: 422,
      period_outside_school_year: 422,
      name_taken: 409,
      compliance_not_met: 409,
      slug_taken: 409,
      invalid_menu_item: 422,
      file_too_large: 413,
      unsupported_file_type: 415,
      workflows_unavailable: 503,
      roster_not_configured: 409,
      roster_unavailable: 502,
      phases_unavailable: 503,
      phase_task_wrong_actor: 403,
      phase_task_not_current: 409,
      phase_task_completed: 409,
      phase_task_by_submission: 409,
      phase_update_invalid: 422,
      upload_type_not_allowed: 415,
      upload_polyglot: 422,
      upload_name_mismatch: 422,
      upload_unreadable: 422,
      upload_in_use: 409,
      vacancy_image_unavailable: 422,
      icon_url_too_long: 414,
      method_not_allowed: 405,
      bad_url: 400,
      unsupported_media_type: 415,
      payload_too_large: 413,
      control_characters: 422,
      json_too_deep: 422,
      unknown_host: 421,
      sign_in_delayed: 429,
      vacancy_kind_unavailable: 422,
      vacancy_not_deletable: 409,
      vacancy_not_editable: 409,
      invalid_vacancy_action: 409,
      link_invalid: 401,
      link_expired: 410,
      link_revoked: 410,
      link_used: 410,
      link_not_allowed: 403,
      vacancy_full: 409,
      vacancy_not_open: 409,
      already_applied: 409,
      vacancy_not_for_school: 409,
      report_not_possible: 409,
      report_closed: 409,
      account_request_not_possible: 409,
      account_request_answered: 409,
      motivation_required: 422,
      motivation_not_allowed: 422,
      self_found_unavailable: 403,
      internship_field_not_editable: 403,
      invalid_internship_action: 409,
      reason_required: 422,
      person_not_in_organization: 422,
      allocation_round_closed: 409,
      invalid_allocation_round_action: 409,
      vacancy_not_in_round: 422,
      not_eligible_for_round: 403,
      round_vacancy_full: 409,
      vacancy_not_offerable: 422,
      vacancy_no_places_left: 409,
      form_archived: 409,
      form_submitted_too_fast: 422,
      form_expired: 422,
      form_already_submitted: 409,
      form_file_type_not_allowed: 415,
      hours_unavailable: 404,
      paper_timesheets_unavailable: 404,
      hours_locked: 409,
      hours_entry_not_changeable: 409,
      hours_day_full: 422,
      hours_date_invalid: 422,
      hours_no_supervisor_email: 422,
      hours_link_too_often: 429,
      hours_nothing_to_confirm: 409,
      own_supervisor: 422,
      supervisor_not_approved: 409,
      invalid_hours_action: 409,
      assignment_published: 409,
      assignment_task_completed: 409,
      assignment_no_internships: 422,
      evaluations_unavailable: 404,
      evaluation_template_exists: 409,
      evaluation_template_phase_exists: 409,
      evaluation_template_in_use: 409,
      evaluation_form_unknown: 422,
      evaluation_no_template: 409,
      evaluation_not_open: 409,
      evaluation_already_submitted: 409,
      evaluation_no_supervisor_email: 422,
      invalid_evaluation_action: 409,
      workflow_no_phases: 422,
      workflow_duplicate_id: 422,
      workflow_phase_unreachable: 422,
      workflow_phase_status_order: 422,
      workflow_finished_phase_tasks: 422,
      workflow_contract_type_unavailable: 422,
      workflow_task_kind_unavailable: 422,
      workflow_task_actor_not_allowed: 422,
      workflow_task_setting_missing: 422,
      workflow_deadline_missing: 422,
      workflow_reminder_too_early: 422,
      workflow_escalation_order: 422,
      workflow_deadline_order: 422,
      workflow_version_published: 409,
      workflow_draft_exists: 409,
      workflow_not_published: 409,
      workflow_evaluation_template_unknown: 422,
      workflow_assignment_unknown: 422,
      workflow_assignment_draft: 422,
      workflow_designer_not_mentor: 422,
      contracts_unavailable: 404,
      contract_variable_unknown: 422,
      contract_signer_role_unavailable: 422,
      contract_signer_duplicate: 422,
      contract_signers_missing: 422,
      contract_company_first: 422,
      contract_company_fields_unavailable: 422,
      contract_company_field_duplicate: 422,
      contract_body_empty: 422,
      contract_template_version_published: 409,
      contract_template_draft_exists: 409,
      contract_template_not_published: 409,
      contract_exists: 409,
      contract_internship_not_ready: 422,
      contract_birth_date_missing: 422,
      contract_company_value_invalid: 422,
      invalid_contract_action: 409,
      contract_not_your_turn: 409,
      contract_already_signed: 409,
      contract_signing_closed: 409,
      contract_signer_email_not_needed: 409,
      notification_delivery_locked: 422,
      notification_template_unknown_variable: 422,
      notification_template_block_misplaced: 422,
    });
  });

  it('localizes titles and details, nl by default in the API', () => {
    expect(apiErrorText('en', 'unknown_tenant', { tenant: 'acme' })).toEqual({
      status: 400,
      code: 'unknown_tenant',
      title: 'Unknown tenant',
      detail: 'Unknown tenant: acme',
    });
    expect(apiErrorText('nl', 'forbidden').title).toBe('Toegang geweigerd');
    expect(apiErrorText('en', 'unauthorized').title).toBe('Not authorized');
  });

  it('carries the spec texts: "wrong center" and the password-reset message', () => {
    // Spec §5/§8: clients recognise the wrong-centre error by this phrase, in either language.
    expect(apiErrorText('en', 'wrong_center').detail).toContain('wrong center');
    expect(isWrongCenter(apiErrorText('en', 'wrong_center').detail)).toBe(true);
    expect(isWrongCenter(apiErrorText('nl', 'wrong_center').detail)).toBe(true);
    const reset = 'You must provide either the uid, client and accessToken or the resetPasswordToken';
    expect(apiErrorText('en', 'reset_credentials_missing').detail).toBe(reset);
    expect(apiErrorText('nl', 'reset_credentials_missing').detail).toBe(reset);
    expect(translate('en', 'validation.passwordResetCredentials')).toBe(reset);
  });

  it('maps statuses to codes', () => {
    expect(errorCodeForStatus(401)).toBe('unauthorized');
    expect(errorCodeForStatus(403)).toBe('forbidden');
    expect(errorCodeForStatus(404)).toBe('not_found');
    expect(errorCodeForStatus(405)).toBe('method_not_allowed');
    expect(errorCodeForStatus(413)).toBe('payload_too_large');
    expect(errorCodeForStatus(415)).toBe('unsupported_media_type');
    expect(errorCodeForStatus(409)).toBe('conflict');
    expect(errorCodeForStatus(422)).toBe('validation_failed');
    expect(errorCodeForStatus(429)).toBe('rate_limited');
    expect(errorCodeForStatus(418)).toBe('bad_request');
    expect(errorCodeForStatus(503)).toBe('internal');
    expect(isErrorCode('wrong_center')).toBe(true);
    expect(isErrorCode('nope')).toBe(false);
  });
});

describe('error screens (spec §8)', () => {
  it('recognises wrong-centre errors by their message', () => {
    expect(isWrongCenter('User belongs to wrong center')).toBe(true);
    expect(isWrongCenter('Wrong Center')).toBe(true);
    expect(isWrongCenter('wrong_center')).toBe(true);
    expect(isWrongCenter('wrong centre')).toBe(false);
    expect(isWrongCenter(undefined)).toBe(false);
    expect(isWrongCenter(42)).toBe(false);
  });

  it('chooses the screen per status', () => {
    expect(errorScreenFor(401)).toEqual({
      kind: 'unauthorized',
      titleKey: 'errors.unauthorized.title',
      bodyKey: 'errors.unauthorized.body',
    });
    expect(errorScreenFor(403).kind).toBe('forbidden');
    expect(errorScreenFor(404).kind).toBe('notFound');
    expect(errorScreenFor(500)).toEqual({
      kind: 'generic',
      titleKey: 'errors.generic.title',
      bodyKey: 'errors.generic.body',
      codeKey: 'errors.generic.code',
      vars: { code: 500 },
    });
  });

  it('lets the wrong-centre message win over the status', () => {
    expect(errorScreenFor(403, 'wrong center').kind).toBe('wrongCenter');
    expect(errorScreenFor(undefined, 'Error: wrong center for user').kind).toBe('wrongCenter');
  });

  it('adds no error code without a status', () => {
    expect(errorScreenFor()).toEqual({
      kind: 'generic',
      titleKey: 'errors.generic.title',
      bodyKey: 'errors.generic.body',
    });
    expect(errorScreenFor(0).codeKey).toBeUndefined();
  });

  it('renders the texts with the code suffix', () => {
    expect(errorScreenText('en', 502)).toEqual({
      kind: 'generic',
      title: 'Oops... something went wrong! (error code: 502)',
      body: 'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
      action: 'Back to home',
    });
    expect(errorScreenText('nl', 500).title).toBe('Oeps... er is iets misgegaan! (foutcode: 500)');
    expect(errorScreenText('en', 401).title).toBe('Not authorized');
    expect(errorScreenText('en', 403, 'wrong center').title).toBe('Logged in to the wrong website');
  });

  it('resolves every screen key in every language', () => {
    for (const status of [undefined, 401, 403, 404, 500]) {
      const screen = errorScreenFor(status);
      for (const key of [screen.titleKey, screen.bodyKey, screen.codeKey].filter((k) => k !== undefined)) {
        for (const lang of LANGUAGES) expect(translate(lang, key)).not.toBe(key);
      }
    }
  });

  it('builds the fatal route-validation message', () => {
    expect(fatalNotFoundMessage('/users/abc')).toBe('Page Not Found: /users/abc');
    expect(fatalNotFoundMessage('/x', 'nl')).toBe('Pagina niet gevonden: /x');
  });

  it('reports only statuses outside 300–499', () => {
    expect(isReportableStatus(undefined)).toBe(true);
    expect(isReportableStatus(500)).toBe(true);
    expect(isReportableStatus(299)).toBe(true);
    expect(isReportableStatus(300)).toBe(false);
    expect(isReportableStatus(404)).toBe(false);
    expect(isReportableStatus(499)).toBe(false);
  });
});
