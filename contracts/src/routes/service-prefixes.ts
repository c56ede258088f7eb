/**
 * Which service answers which URL prefix. One table shared by each service module (it mounts its
 * routes under these) and the gateway (in the distributed profile it proxies by them without loading
 * any service code). A new service adds its row here and its `<NAME>_URL` setting in kit's config.
 */
export const SERVICE_PREFIXES = {
  // API paths only: GET /auth/login-1 and the other /auth/* pages stay with the gateway's UI.
  identity: [
    '/auth/sign_in',
    '/auth/sign_out',
    '/auth/validate_token',
    '/auth/password',
    '/auth/passwordless',
    // Education single sign-on (#36): the start, the federation's callback, the link confirmation.
    '/auth/kennisnet',
    // … and its configuration: a School's BRIN codes, the tenant's federation registration.
    '/api/v1/education_sso_schools',
    '/api/v1/education_sso_federations',
    '/api/v1/current_user',
    '/api/v1/users',
    '/api/v1/confirm',
    '/api/v1/sign_in_as_user',
    '/api/v1/sign_in_options',
    '/api/v1/account_deletion',
    '/api/v1/dev/mailbox',
  ],
  organizations: [
    '/api/v1/school_years',
    '/api/v1/organizations',
    '/api/v1/current_organizations',
    '/api/v1/groups',
    '/api/v1/levels',
    '/api/v1/tags',
    // Only `/students/{id}/assign_group` so far (students themselves are identity's users).
    '/api/v1/students',
    '/api/v1/internship_periods',
    '/api/v1/mentorships',
    '/api/v1/imports',
    '/api/v1/audit_log_entries',
    '/api/v1/compliance_documents',
    '/api/v1/compliance_requirements',
  ],
  // Pages, menus, menu items, news and the messages file (spec §7's CMS calls).
  // … and forms: the back office's under /api/v1/cms/forms, the public ones (issue #18).
  content: ['/api/v1/cms', '/api/v1/public/forms'],
  // Vacancies (#14), internships, allocation rounds and assignments (#16), hours (#17);
  // `action_links/current`: what an external link grants.
  placements: [
    '/api/v1/vacancies',
    '/api/v1/action_links',
    '/api/v1/internships',
    '/api/v1/allocation_rounds',
    '/api/v1/internship_assignments',
    '/api/v1/hours',
    '/api/v1/progress',
    // Supervisors' assignments (#18 item 5).
    '/api/v1/assignments',
    // Evaluations (#18 item 4): templates and the supervisor's part by link.
    '/api/v1/evaluation_templates',
    '/api/v1/evaluations',
    // Workflow definitions and their designers (#33).
    '/api/v1/workflow_definitions',
    '/api/v1/workflow_versions',
    '/api/v1/workflow_designers',
    // The phases' runtime (#33): the dashboards' open tasks, a designer's migration of running internships,
    // the workplace supervisor's task by link.
    '/api/v1/phase_tasks',
    '/api/v1/phase_migrations',
    '/api/v1/phase_runs',
    '/api/v1/phase_task_link',
    // Contract templates and their versions, contracts (#34).
    '/api/v1/contract_templates',
    '/api/v1/contract_template_versions',
    // Signers' turns, signing by link or QR token (#34 items 3-4).
    '/api/v1/contract_signers',
    // Sealed contracts (#34 item 5): the public verification, a party's download of the PDF.
    '/api/v1/contract_verifications',
    '/api/v1/contracts',
    // Analytics (#37): the school's and the organization's numbers over their read models.
    '/api/v1/analytics',
    // Discrimination reports (#37 item 3): a student's report, the school's handling and pauses.
    '/api/v1/discrimination_reports',
    // Write-back (#36 item 4): completed internships' hours and results to the school's system.
    '/api/v1/write_backs',
    '/api/v1/supervisor_account_requests',
  ],
  // The in-app feed, each person's delivery preferences, recent actions, the tenant's mail templates and
  // conversations (#35).
  notifications: [
    '/api/v1/notifications',
    '/api/v1/notification_preferences',
    '/api/v1/recent_actions',
    '/api/v1/mail_bounces',
    '/api/v1/notification_templates',
    '/api/v1/conversations',
  ],
} as const satisfies Record<string, readonly string[]>;

export type TServiceName = keyof typeof SERVICE_PREFIXES;
