import type { TMessages } from './messages.types.ts';

/**
 * English catalogue. Typed as `TMessages`, so a missing or extra key is a compile error. The texts of
 * spec §5, §6 and §8 are quoted verbatim.
 */
export const en: TMessages = {
  app: {
    languages: { nl: 'Nederlands', en: 'English' },
  },

  shell: {
    signIn: 'Sign in',
    signOut: 'Sign out',
    language: 'Language',
    notifications: 'Notifications',
    activity: 'Activity',
    account: 'Account',
    close: 'Close',
    toggleMenu: 'Toggle menu',
    home: 'Home',
    loading: 'Loading…',
  },

  toast: {
    success: 'Success',
    error: 'Error',
    warning: 'Warning',
    info: 'Information',
    notification: 'Notification',
  },

  routes: {
    home: 'Home',
    app: 'App',
    dashboard: 'Dashboard',
    signOut: 'Sign out',
    login: {
      index: 'Sign in',
      school: 'Sign in for schools',
      student: 'Sign in for students',
      provider: 'Sign in for internship providers',
      kennisnet: {
        index: 'Sign in with Kennisnet',
        error: 'Signing in with Kennisnet failed',
        success: 'Signed in with Kennisnet',
      },
    },
    auth: {
      login: 'Sign in',
      recover: 'Forgot password',
      reset: 'Set a new password',
      token: 'Sign in with a link',
      noOrganization: 'No organization found',
    },
    confirm: 'Confirm account',

    content: {
      index: 'Content',
      forms: 'Forms',
      menuItems: 'Menu items',
      fileUpload: 'File upload',
      stockImages: 'Stock images',
    },
    cmsPage: 'Page',
    news: 'News',
    privacy: 'Privacy statement',
    contactForm: 'Contact form',

    dev: {
      index: 'Development',
      form: 'Development: form',
      modal: 'Development: modal',
      colors: 'Development: colours',
      components: 'Development: components',
    },
    test: {
      auth: 'Test: authentication',
      dupe: 'Test: duplicates',
      form: 'Test: form',
      user: 'Test: user',
      colors: 'Test: colours',
      sentry: 'Test: error reporting',
      tiptap: 'Test: text editor',
      toaster: 'Test: toasts',
      stepForm: 'Test: step form',
      stepForm2: 'Test: step form 2',
      datepicker: 'Test: date picker',
      dollarApi: 'Test: $api',
      userStore: 'Test: user store',
      formbuilder: 'Test: form builder',
      serverError: 'Test: server error',
      stagedoosFields: 'Test: Stagedoos fields',
    },

    users: {
      index: 'Users',
      add: 'Add user',
      show: 'User',
      edit: 'Edit user',
      addRole: 'Add role',
    },
    students: {
      edit: 'Edit student',
      assignGroup: 'Assign group',
    },
    groups: {
      index: 'Groups',
      add: 'Add group',
      show: 'Group',
      edit: 'Edit group',
    },
    levels: 'Levels',
    tags: 'Tags',

    analytics: {
      index: 'Analytics',
      index2: 'Analytics (variant 2)',
    },
    admin: {
      dataViewer: 'Data viewer',
    },

    profile: {
      index: 'Edit profile',
      email: 'Change email address',
      settings: 'Profile settings',
      periodicMail: 'Periodic mail',
    },
    account: {
      roles: 'My roles',
      delete: 'Delete account',
    },
    settings: {
      index: 'Settings',
      organization: 'Organization settings',
    },
    notifications: 'Notifications',
    conversations: 'Conversations',
    recentActions: 'Recent actions',
    selfFound: 'Self-found internship',

    vacancies: {
      index: 'Vacancies',
      add: 'Add vacancy',
      show: 'Vacancy',
      edit: 'Edit vacancy',
    },
    internships: {
      index: 'Internships',
      assign: 'Assign internships',
      bulkMessages: 'Bulk messages',
      show: 'Internship',
      edit: 'Edit internship',
    },
    internshipPeriods: {
      index: 'Internship periods',
      add: 'Add internship period',
      edit: 'Edit internship period',
    },

    organizations: {
      index: 'Organizations',
      add: 'Add organization',
      approve: 'Approve organizations',
      signup: 'Register your organization',
      signupSuccess: 'Registration received',
      show: 'Organization',
      edit: 'Edit organization',
    },
    mentorships: {
      index: 'Mentorships',
      add: 'Add mentorship',
    },

    contracts: {
      index: 'Contracts',
      show: 'Contract',
      sign: 'Sign internship contract',
      qrSign: 'Sign with QR code',
    },
    contractTemplates: {
      index: 'Contract templates',
      edit: 'Edit contract template',
    },
    workflows: {
      index: 'Workflows',
      show: 'Workflow',
      phase: 'Phase',
    },
    notificationTemplates: {
      index: 'Notification templates',
      edit: 'Edit notification template',
    },

    formBuilder: {
      index: 'Form builder',
      new: 'New form',
      show: 'Form',
      edit: 'Edit form',
      preview: 'Form preview',
      submission: 'Submission',
    },
    forms: 'Form',

    assignments: {
      manage: 'Manage assignments',
      show: 'Assignment',
      supervisor: 'Assignment for the workplace supervisor',
    },
    progress: {
      index: 'Internship progress',
      explanation: 'Internship progress explained',
      period: 'Internship progress per period',
      internship: 'Progress of the internship',
    },
    internshipBank: {
      title: 'Internship bank',
      description: 'Find an internship that suits you',
    },
    hoursSheet: 'Hours sheet',

    imports: {
      csv: 'CSV import',
      magister: 'Import from Magister',
      groups: 'Import groups',
    },
  },

  errors: {
    unauthorized: {
      title: 'Not authorized',
      body: 'You are not authorized to access this page.',
    },
    forbidden: {
      title: 'Access forbidden',
      body: 'You do not have access rights to this page.',
    },
    notFound: {
      title: 'Page not found',
      body: "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
    },
    wrongCenter: {
      title: 'Logged in to the wrong website',
      body: 'Please contact the administrator of this website. This user account is registered with one of the other partners in the collaboration.',
    },
    generic: {
      title: 'Oops... something went wrong!',
      code: '(error code: {{code}})',
      body: 'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
    },
    backToHome: 'Back to home',
    fatalNotFound: 'Page Not Found: {{path}}',
  },

  validation: {
    invalid: 'Field is invalid',
    required: 'This field is required',
    oneOf: 'Choose one of the allowed values: {{values}}',
    minLength: 'Must be at least {{min}} characters long',
    maxLength: 'Must be at most {{max}} characters long',
    exactLength: 'Must be exactly {{length}} characters long',
    email: 'Enter a valid email address',
    url: 'Enter a valid URL',
    number: 'Enter a number',
    numberMin: 'Must be greater than or equal to {{min}}',
    numberMax: 'Must be less than or equal to {{max}}',
    numberGreaterThan: 'Must be greater than {{min}}',
    numberLessThan: 'Must be less than {{max}}',
    positive: 'Must be a positive number',
    integer: 'Must be a whole number',
    multipleOf: 'Must be a multiple of {{divisor}}',
    date: 'Enter a valid date',
    dateMin: 'Must be on or after {{min}}',
    dateMax: 'Must be on or before {{max}}',
    minItems: 'Minimum number of items: {{min}}',
    maxItems: 'Maximum number of items: {{max}}',
    passwordResetCredentials:
      'You must provide either the uid, client and accessToken or the resetPasswordToken',
  },

  api: {
    bad_request: {
      title: 'Bad request',
      detail: 'The request could not be processed.',
    },
    validation_failed: {
      title: 'Validation failed',
      detail: 'One or more fields are invalid.',
    },
    unauthorized: {
      title: 'Not authorized',
      detail: 'Valid credentials are required for this request.',
    },
    forbidden: {
      title: 'Access forbidden',
      detail: 'You do not have access rights to this resource.',
    },
    not_found: {
      title: 'Not found',
      detail: 'The requested resource could not be found.',
    },
    unknown_tenant: {
      title: 'Unknown tenant',
      detail: 'Unknown tenant: {{tenant}}',
    },
    wrong_center: {
      title: 'Logged in to the wrong website',
      detail: 'This user account is registered with one of the other partners in the collaboration.',
    },
    rate_limited: {
      title: 'Too many requests',
      detail: 'You have made too many requests. Please try again later.',
    },
    conflict: {
      title: 'Conflict',
      detail: 'The request conflicts with the current state of the resource.',
    },
    internal: {
      title: 'Internal server error',
      detail:
        'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
    },
  },
};
