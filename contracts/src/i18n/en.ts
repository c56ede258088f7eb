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

  portal: {
    accessibility: {
      intro:
        '{{appName}} wants to be usable by everyone: also if you have low vision or hearing, do not use a mouse or use a screen reader. This statement is about this website, {{host}}: the portal and the back office.',
      standard:
        'The standard is the Web Content Accessibility Guidelines (WCAG) 2.1, levels A and AA, as required by the European standard EN 301 549 and the Dutch decree on digital accessibility for public bodies.',
      statusTitle: 'Status',
      status:
        'First measures taken. We test the website ourselves on every change to the software (see below); an audit by an independent party has not been done yet.',
      testedTitle: 'What we tested',
      tested:
        'Every screen that exists today, in the portal and in the back office: in light and dark mode, in Dutch and English, and in the house style of every organization that uses this platform.',
      howTitle: 'How we test',
      how: {
        axe: 'Automatically: on every change, axe-core checks every screen in a real browser (Chromium). A change in which it finds a problem does not go live.',
        keyboard:
          'With the keyboard only: signing in, the account menu, the menus, the forms and signing out, without a mouse.',
        phone:
          'At the width of a phone (375 pixels) and of a desktop (1280 pixels): nothing falls off the screen and nothing scrolls sideways.',
        contrast:
          'The colour contrast of every organization’s colours: text on its backgrounds must meet WCAG AA (4.5:1, large text 3:1).',
      },
      exceptionsTitle: 'Known exceptions',
      exceptions: {
        placeholders: 'Screens that are still being built show only their title.',
        content:
          'Documents that schools and organizations upload themselves (such as PDFs) and texts they write themselves are not checked by us.',
        automated:
          'Automated tests do not find every problem. An audit by an independent party is still to come.',
      },
      contactTitle: 'Contact',
      contact:
        'Did you run into a problem, or do you need information in another form? Contact your school or organization; they pass it on to the administrators of {{appName}}. You can also use the contact form.',
      contactForm: 'Go to the contact form',
      complaint:
        'Not satisfied with how your report was handled? Use the complaints procedure of your school or organization, or turn to the Dutch National Ombudsman (Nationale ombudsman).',
      dateTitle: 'About this statement',
      date: 'Drawn up on {{date}}. The tests above run on every change to the software, so this statement stays true.',
    },
    skipToContent: 'Skip to content',
    menu: { main: 'Main menu', title: 'Menu', footer: 'Footer menu' },
    content: {
      backToNews: 'Back to the news',
      newsPages: 'News pages',
      previous: 'Newer',
      next: 'Older',
      newsEmpty: 'There is no news yet.',
      by: 'by {{author}}',
      preview: 'Preview of the latest save (not published yet)',
    },
    toasts: { region: 'Alerts' },
    colorMode: { label: 'Colour mode', system: 'System', light: 'Light', dark: 'Dark' },
    account: { menuFor: 'Account menu of {{name}}' },
    organization: { current: 'Organization', switched: 'You are now working for {{organization}}.' },
    organizationTypes: {
      School: 'School',
      VolunteerCenter: 'Volunteer centre',
      NonProfit: 'Non-profit organization',
      Provider: 'Internship provider',
      unknown: 'Organization',
    },
    forms: { optional: 'optional', passwordMismatch: 'The passwords do not match' },
    errors: {
      network: 'Could not reach the server. Check your internet connection and try again.',
    },
    auth: {
      email: 'Email address',
      password: 'Password',
      submit: 'Sign in',
      forgotPassword: 'Forgot your password?',
      or: 'or',
      welcome: 'Welcome, {{name}}!',
      otherEntries: 'Other ways to sign in',
      entries: { student: 'I am a student', school: 'I work at a school', provider: 'I offer internships' },
      intro: {
        index: 'Sign in with your email address and password.',
        student: 'Sign in with Kennisnet through your school, or with your email address and password.',
        school: 'Sign in with Kennisnet, or with the email address and password of your school account.',
        provider: "Sign in with the email address and password of your organization's account.",
      },
      noAccount: 'No account yet?',
      signupLink: 'Sign up your organization',
      passwordless: {
        title: 'Sign in without a password',
        intro: 'Enter your email address above. We will email you a sign-in link and a code.',
        submit: 'Email me a sign-in link',
        sent: 'If an account with this email address exists, you will receive an email with a sign-in link and code within a few minutes.',
        enterCode: 'Enter the code',
      },
    },
    kennisnetPages: {
      reasons: {
        consent_missing:
          'Your school does not pass on information we need. Ask your school to release it for this website, or sign in another way.',
        unknown_school:
          'Your school does not use this website (yet). Ask your school whether you can sign in here with Kennisnet, or sign in another way.',
        account_inactive: 'Your account on this website is not active. Please contact your school.',
        expired:
          'This sign-in has expired, was already used or was started in another browser. Please start signing in again.',
        cancelled: 'You cancelled signing in at Kennisnet.',
        unavailable:
          'Signing in with Kennisnet is not possible right now. Please try again later or sign in another way.',
      },
      attribute: 'The missing information: {{attribute}}.',
      link: {
        intro:
          'Your Kennisnet account is not linked to an account on this website yet. Sign in once with the email address and password of your account at your school; after that, Kennisnet signs you in right away.',
        known:
          'We found an account with the email address {{email}}. Confirm with its password that it is yours.',
        submit: 'Link and sign in',
        noAccount: "Don't have an account yet, or don't know your password? Ask your school for help.",
        missing: 'This link is incomplete. Please start signing in again.',
      },
    },
    kennisnet: {
      button: 'Sign in with Kennisnet',
      intro: 'With Kennisnet you sign in with your school account.',
      continue: 'Continue to Kennisnet',
      unavailable:
        'Signing in with Kennisnet is not available on this website yet. Sign in with your email address and password.',
      otherWays: 'Sign in another way',
      errorIntro: 'Signing in with Kennisnet did not work. Try again or sign in another way.',
      retry: 'Try again',
      successBusy: 'Signing you in…',
    },
    recover: {
      intro: 'Enter your email address. You will receive an email with a link to set a new password.',
      submit: 'Send the link',
      sent: 'If an account with this email address exists, you will receive an email to reset your password within a few minutes.',
      backToLogin: 'Back to sign in',
    },
    reset: {
      intro: 'Choose a new password.',
      password: 'New password',
      passwordConfirmation: 'Repeat the new password',
      passwordHint: 'At least {{min}} characters.',
      submit: 'Save password',
      done: 'Your password has been changed.',
      requestNew: 'Request a new link',
    },
    token: {
      intro: 'Enter your email address and the six-digit code from the email.',
      code: 'Code',
      codeHint: 'Six digits',
      checking: 'Checking your sign-in link…',
    },
    confirm: {
      intro: 'Confirm your account to continue.',
      passwordIntro: 'Choose a password to activate your account.',
      submit: 'Confirm account',
      done: 'Your account has been confirmed. You can sign in now.',
      missingToken: 'This link is incomplete. Open the link from the email again.',
    },
    noOrganization: {
      intro: 'Your organizations could not be loaded. Try again, or sign out and in again.',
      retry: 'Try again',
    },
    signOut: { busy: 'Signing you out…', done: 'You have been signed out.', signInAgain: 'Sign in again' },
    app: {
      intro: 'Welcome to the app. Sign in to follow your internships.',
      unavailable: 'There is no app for this website. You can do everything in your browser.',
    },
    dashboard: {
      greeting: 'Hello {{name}}',
      noOrganization: 'You are not linked to an organization yet.',
      tilesTitle: 'Go to',
      intro: {
        student: 'Find an internship that suits you and keep track of your progress.',
        mentor: "Follow your students' internships.",
        schoolAdmin: "Arrange your school's internships.",
        centerAdmin: "Arrange your centre's internships and volunteer placements.",
        companyAdmin: 'Offer internships and guide your interns.',
        member: 'Welcome! Choose where you want to start below.',
      },
      role: {
        student: 'Student',
        mentor: 'Mentor',
        schoolAdmin: 'School administrator',
        centerAdmin: 'Volunteer centre administrator',
        companyAdmin: 'Internship provider administrator',
        member: 'User',
      },
      tiles: {
        findInternship: 'Search all internship places.',
        myInternships: 'Your applications and internships.',
        progress: 'See how far you are.',
        selfFound: 'Found an internship yourself? Register it here.',
        contracts: 'View and sign internship contracts.',
        profile: 'Your details and preferences.',
        students: "Your students' internships.",
        conversations: 'Messages with students and internship providers.',
        notifications: "What's new.",
        assign: 'Match students with internship places.',
        periods: "Plan this school year's internship periods.",
        approve: 'Review new internship providers.',
        users: 'Students, mentors and administrators.',
        import: 'Import students from a CSV file.',
        writeBack: "Completed internships' hours and grades to your school's system.",
        templates: 'Templates for internship contracts.',
        analytics: 'Figures about the internships.',
        assignments: 'Assignments for the workplace supervisors of your students.',
        workflows: 'The phases of an internship: who does what, and when.',
        vacancies: 'Manage your internship places.',
        addVacancy: 'Offer a new internship place.',
        interns: 'The interns at your organization.',
        organization: "Your organization's details.",
        settings: 'Language, display and notifications.',
      },
      pending: {
        title: 'Your organization is waiting for approval',
        body: 'Your sign-up is being reviewed. Until your organization is approved, you can save vacancies as drafts but not publish them yet.',
      },
      waiting: {
        title: 'Waiting for you',
        none: 'Nothing is waiting for you right now.',
        loadError: 'Not everything waiting for you could be loaded. Refresh the page to try again.',
        all: 'See all {{count}}',
        queues: {
          approvals: 'Internships waiting for your approval',
          selfFound: 'Self-found internships waiting for your review',
          organizations: 'Organizations waiting for approval',
          applications: 'Applications waiting for your answer',
          studentsAwaitingSchool: 'Your students’ internships waiting for the school’s approval',
          answered: 'Applications with an answer',
          evaluations: 'Evaluations to fill in',
          hoursToConfirm: 'Hours waiting for the workplace supervisor’s confirmation',
          hoursToLog: 'Weeks without hours logged',
          phaseTasks: 'Tasks to do',
          accountRequests: 'Workplace supervisors asking for an account',
        },
        weeksToLog: 'weeks without hours: {{count}}, from {{date}}',
        phaseTaskDue: 'by {{date}}',
        phaseTaskOverdue: 'late, due {{date}}',
      },
    },
    profile: {
      sections: 'Parts of your profile',
      firstName: 'First name',
      lastName: 'Last name',
      gender: 'Gender',
      genders: { none: 'I prefer not to say', female: 'Female', male: 'Male', other: 'Other' },
      phoneNumber: 'Phone number',
      locale: 'Language of emails',
      localeHint: 'We send you emails in this language.',
      save: 'Save',
      saved: 'Your changes have been saved.',
      emailIntro: 'Your current email address is',
      newEmail: 'New email address',
      emailPending:
        'We sent a confirmation link to {{email}}. Your email address changes once you open that link.',
      currentPassword: 'Current password',
      notificationsTitle: 'Email notifications',
      emailNotifications: 'Send me notifications by email',
      emailNotificationsHint: 'For example when there is a message or a task for you.',
      passwordTitle: 'Change password',
      savePassword: 'Change password',
      periodicMailIntro: 'The periodic mail sums up what has happened.',
      periodicMailLegend: 'How often do you want to receive the periodic mail?',
      frequencies: { never: 'Never', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
    },
    roles: {
      intro: 'Your roles per organization. Only the roles at the selected organization count.',
      role: 'Role',
      organization: 'Organization',
      type: 'Type',
      current: 'Selected',
      none: 'You have no roles yet.',
      names: { admin: 'Administrator', volunteer: 'Volunteer', student: 'Student', mentor: 'Mentor' },
    },
    deleteAccount: {
      intro: "Enter your account's email address. You will receive an email to confirm the deletion.",
      submit: 'Request deletion',
      sent: 'If an account with this email address exists, you will receive an email to confirm the deletion.',
      confirmIntro: 'Confirm that you want to delete your account.',
      warning: 'Your account and your data will be deleted permanently. This cannot be undone.',
      confirm: 'Delete account permanently',
      done: 'Your account and your data have been deleted.',
    },
    settings: {
      intro: 'Set up the website the way you like.',
      display: 'Display',
    },
    organizationProfile: {
      fields: {
        name: 'Name of the organization',
        address: 'Address',
        postcode: 'Postcode',
        city: 'Town or city',
        website: 'Website',
        phone: 'Phone number',
        email: "Organization's email address",
        description: 'About the organization',
      },
      postcodeHint: 'For example 1234 AB',
      websiteHint: 'For example www.example.nl',
      descriptionHint: 'What does your organization do and what can a student learn with you?',
    },
    organizationSignup: {
      intro:
        'Does your company or organization offer internships or volunteer work? Register here. A school or the administrator of this website reviews your registration.',
      type: 'Kind of organization',
      typeHints: {
        Provider: 'A company or institution that offers internships',
        NonProfit: 'An association, foundation or other non-profit organization',
      },
      organization: 'Your organization',
      admin: 'Administrator',
      adminHint:
        'The administrator manages the organization and its vacancies. This address receives an invitation to choose a password.',
      submit: 'Register',
      haveAccount: 'Already have an account?',
      received:
        'Thank you! We have received the registration of {{organization}}. We have sent an email to {{email}}.',
      receivedAnonymous: 'Thank you! We have received your registration.',
      next: {
        mail: 'Confirm your account with the link in the invitation we emailed you, and choose a password.',
        review:
          'A school or the administrator of this website reviews your registration. You will get an email once it is approved.',
        start: 'Then you sign in and can post vacancies.',
      },
      home: 'Go to the home page',
    },
    organizationSettings: {
      intro: 'The profile of {{organization}}: how students and schools see your organization.',
      save: 'Save',
      saved: "The organization's profile has been saved.",
      status: {
        pending: 'Your registration is still being reviewed. You can already complete the profile.',
        denied: 'The registration of this organization has not been approved.',
        archived: 'This organization has been archived.',
      },
      educationSso: {
        title: 'Sign in with Kennisnet',
        intro:
          "Your school's students and staff sign in with their Kennisnet (Entree) school account. We recognise your school by its BRIN code.",
        brins: 'BRIN codes',
        brinsHint: 'Two digits and two letters, for example 12AB. Separate several codes with a comma.',
        brinInvalid: 'A BRIN code is two digits and two letters, for example 12AB.',
        provision: 'Students without an account get one',
        provisionHint:
          'When a student of your school signs in with Kennisnet for the first time and has no account here yet, we create one. Off: the student can only link an existing account.',
        save: 'Save',
        saved: 'The settings for signing in with Kennisnet have been saved.',
      },
    },
    writeBack: {
      intro:
        "Put the hours and assessments of completed internships into your school's student information system, so nobody types them twice.",
      period: 'Internship period',
      choosePeriod: 'Choose a period',
      periodRequired: 'Choose an internship period first.',
      preview: 'Preview',
      previewTitle: 'Completed internships',
      summary: 'Completed internships: {{count}}, of which sent already: {{sent}}.',
      none: 'No internship of this period has been completed yet.',
      student: 'Student',
      company: 'Organisation',
      hours: 'Hours (done / required)',
      grade: 'Grade',
      sentAt: 'Sent',
      notSent: 'not yet',
      target: 'Where to?',
      toMagister: 'Send to Magister',
      toFile: 'As an import file for the student information system',
      noMagister:
        'Your school has not connected Magister. You can still download the results as an import file and read it into your student information system yourself.',
      send: 'Send',
      makeFile: 'Make the file',
      runTitle: 'Result',
      progressLabel: 'Progress',
      progress: '{{done}} of {{total}} internships handled',
      statuses: {
        queued: 'Waiting to be handled…',
        running: 'Sending…',
        done: 'Done.',
        failed: 'Failed: {{reason}}',
      },
      failures: {
        roster_not_configured: 'your school has not connected Magister.',
        unauthorized: "Magister refuses the connection's credentials.",
        forbidden: 'Magister does not allow Stageplein to write.',
        host_not_allowed: "the connection's address is not allowed.",
        other: 'Magister could not be reached. Try again later; what was sent already is not sent again.',
      },
      counts: {
        sent: 'Sent',
        already_sent: 'Sent before',
        refused: 'Refused',
        exported: 'In the file',
      },
      states: {
        pending: 'waiting',
        sent: 'sent',
        already_sent: 'sent before',
        refused: 'refused',
        exported: 'in the file',
      },
      reasons: {
        no_student_number: 'no student number known',
        student_unknown: 'Magister does not know this student number',
        rejected: 'Magister refused the data',
      },
      download: 'Download the import file',
      state: 'Outcome',
    },
    delivery: {
      title: 'How do you hear of it?',
      intro:
        'Every notification is in your notifications in Stageplein. Choose per kind whether you also get an email, or whether it goes into your periodic mail.',
      digestNever:
        'Your periodic mail is off: notifications you want ‘in the periodic mail’ are only shown in Stageplein.',
      categories: {
        account: 'Your account (invitations, password, sign-in links)',
        signing: 'Signing contracts',
        applications: 'Applications',
        internships: 'Internships',
        hours: 'Hours',
        evaluations: 'Evaluations',
        contracts: 'Contracts',
        organizations: 'Organizations',
        messages: 'Messages',
        tasks: 'Tasks',
      },
      deliveries: {
        in_app: 'Only in Stageplein',
        email: 'Also by email',
        digest: 'In the periodic mail',
      },
      locked: 'Always by email: these emails cannot be switched off.',
      saved: 'Saved: {{category}} — {{delivery}}.',
      loadFailed: 'Your choices could not be loaded.',
    },
    imports: {
      intro:
        'Add your school’s students to Stageplein in one go with a CSV file. Existing students are updated.',
      uploadTitle: 'Upload a file',
      school: 'School',
      file: 'CSV file',
      fileHint:
        'Columns: First name, Last name, Email, Student number and optionally Group and Level. Separated by ; or , and at most {{max}} MB.',
      tooLarge: 'This file is larger than {{max}} MB.',
      createMissing: 'Create unknown groups and levels',
      createMissingHint: 'Otherwise rows with a group or level the school does not have yet are skipped.',
      mailNoticeTitle: 'New students get an email straight away',
      mailNotice:
        'As soon as you click Import, every student without an account gets an invitation by email to activate it. Students who already have an account are only updated and get no email.',
      submit: 'Import',
      uploadFailed: 'The file was not imported',
      statusTitle: 'Import progress',
      progressLabel: 'Progress',
      progress: '{{processed}} of {{total}} rows processed ({{percent}}%)',
      done: {
        completed: 'Done: all {{total}} rows have been processed.',
        cancelled: 'The import was stopped.',
        failed: 'The import failed.',
      },
      statuses: {
        pending: 'waiting',
        running: 'running',
        cancelling: 'stopping',
        completed: 'done',
        cancelled: 'stopped',
        failed: 'failed',
      },
      counts: {
        total: 'Rows',
        valid: 'Accepted',
        invalid: 'Skipped',
        created: 'Created',
        updated: 'Updated',
        unchanged: 'Unchanged',
        failed: 'Failed',
        left: 'Left the school',
      },
      mentorCounts: {
        named: 'Mentors in Magister',
        created: 'New mentor accounts',
        links_added: 'Mentor linked',
        links_removed: 'Mentor unlinked',
      },
      failed: 'Something went wrong while importing. Try again with the same file.',
      cancel: 'Stop import',
      downloadReport: 'Download report (CSV)',
      problemsTitle: 'Rows with problems',
      moreProblems: 'The first {{shown}} of {{total}} rows with problems; the report has them all.',
      noProblems: 'No rows with problems.',
      row: 'Row',
      student: 'Student',
      messages: 'Problems',
      group: 'Group',
      change: 'Change',
      changesTitle: 'What changed',
      moreChanges: 'The first {{shown}} of {{total}} changes; the report has them all.',
      noChanges: 'Nothing changed: Magister and Stageplein agree.',
      changes: { created: 'New', updated: 'Changed', left: 'Left the school' },
      groups: {
        intro:
          'Add groups with their students to Stageplein in one go, from a CSV file or from Magister. You see the groups first.',
        sourceTitle: 'Where do the groups come from?',
        source: 'Source',
        fromCsv: 'CSV file',
        fromMagister: 'Magister',
        preview: 'Preview',
        previewTitle: 'These groups will be imported',
        summary: '{{groups}} groups, {{fresh}} of them new, with {{students}} students in all.',
        invalid: '{{count}} students will be skipped; the report says why.',
        level: 'Level',
        students: 'Students',
        exists: 'Exists',
        confirm: 'Import groups and students',
      },
      magister: {
        intro:
          'Bring your school’s students, groups, levels and mentors straight from Magister. They are synchronised again every night.',
        connectionTitle: 'Connection to Magister',
        consent:
          'First give Stageplein access in Magister’s management screen for linked applications. It gives you a client id and a secret.',
        baseUrl: 'Address of your Magister',
        baseUrlHint: 'For example https://yourschool.magister.net',
        clientId: 'Client id',
        clientSecret: 'Secret',
        secretHint: 'Stored encrypted and never shown again.',
        secretKept: 'A secret is stored. Leave this empty to keep it.',
        nightly: 'Synchronise every night',
        nightlyHint: 'At 03:30 new, changed and departed students are brought up to date.',
        save: 'Save connection',
        saved: 'The connection has been saved.',
        importTitle: 'Import now',
        importHint: 'Import the students from Magister right away, without waiting for the night.',
        connectFirst: 'Save the connection first.',
        importNow: 'Import from Magister',
      },
    },
    test: {
      colors: 'Colours',
      positions: 'Positions',
      message: 'This is a test message.',
      sticky: 'Lasting message',
    },
    notifications: {
      intro: 'What happened for you. New notifications appear by themselves.',
      empty: 'You have no notifications yet.',
      unread: 'Unread',
      markRead: 'Mark as read',
      markAllRead: 'Mark all as read',
      allRead: 'Everything has been read.',
      open: 'View',
      loadMore: 'More notifications',
      failed: 'The notifications could not be loaded.',
      newOne: 'New notification',
      list: 'Notifications',
      bellUnread: 'Notifications, {{count}} unread',
    },
    recentActions: {
      intro: 'What happened lately.',
      scope: {
        own: 'Your internships and what you did.',
        school: 'Everything on your school’s internships.',
        mentor: 'Everything on the internships of the students you mentor, and what you did.',
        organization: 'Everything on your organization’s internships.',
      },
      group: 'Kind',
      allGroups: 'Everything',
      groups: {
        applications: 'Applications',
        internships: 'Internships',
        hours: 'Hours',
        phases: 'Phases and tasks',
        evaluations: 'Evaluations',
        contracts: 'Contracts',
      },
      period: 'Period',
      periods: { day: 'Today', week: 'Last week', month: 'Last 30 days' },
      empty: 'Nothing happened in this period.',
      failed: 'The recent actions could not be loaded.',
      loadMore: 'More actions',
      list: 'Recent actions',
    },
    conversations: {
      intro: 'Messages about your internships, with everyone involved. New messages appear by themselves.',
      list: 'Conversations',
      empty: 'You have no conversations yet.',
      failed: 'The conversations could not be loaded.',
      notFound: 'This conversation does not exist, or you are not part of it.',
      startTitle: 'New conversation',
      startWith: 'With whom or about what',
      startInternship: 'Internship: {{label}}',
      startPerson: '{{label}} ({{role}})',
      start: 'Open conversation',
      noOptions: 'You have no internship yet to start a conversation about.',
      back: 'All conversations',
      participants: 'Participants',
      direct: 'Personal conversation: only you and {{name}} read it.',
      unread: '{{count}} unread',
      noMessages: 'No messages yet. Write the first one.',
      messages: 'Messages',
      message: 'Message',
      attachments: 'Attachments',
      attachmentsHint: 'Allowed: {{types}}. At most {{max_files}} files of {{max_mb}} MB each.',
      tooManyFiles: 'You can send at most {{max_files}} files with a message.',
      internal: 'Internal note',
      internalHint: 'Only visible to the school (mentors and school administrators).',
      send: 'Send',
      you: 'You',
      readBy: 'Read by {{names}}',
      download: 'Download',
      roles: {
        student: 'student',
        mentor: 'mentor',
        school_admin: 'school',
        organization_contact: 'contact person',
        organization_admin: 'internship provider',
        person: 'personal',
      },
    },
  },

  notifications: {
    kinds: {
      application_received: 'New application for ‘{{title}}’',
      application_accepted: '{{organization}} accepted your application for ‘{{title}}’',
      application_declined: '{{organization}} declined your application for ‘{{title}}’',
      internship_approved: 'Your internship ‘{{title}}’ has been approved',
      internship_rejected: 'Your internship ‘{{title}}’ has been rejected',
      internship_assigned: 'You have been assigned an internship: ‘{{title}}’',
      hours_submitted: 'Hours of {{date}} are waiting for your confirmation',
      hours_confirmed: 'Your hours of {{date}} have been confirmed',
      hours_rejected: 'Your hours of {{date}} have been rejected',
      evaluation_requested: 'An evaluation is waiting for you: ‘{{title}}’',
      contract_signer_turn: 'It is your turn to sign the internship contract',
      contract_signed: 'Everyone has signed the internship contract',
      organization_approved: '{{name}} has been approved: you can get started',
      bulk_message: 'New message: {{subject}}',
      message_received: '{{name}} wrote in the conversation about ‘{{title}}’',
      direct_message_received: '{{name}} sent you a message',
      phase_entered: 'Your internship ‘{{title}}’ has entered a new phase',
      phase_task_due: 'A task is waiting for you for the internship ‘{{title}}’',
    },
    digest: {
      period: { daily: 'daily', weekly: 'weekly', monthly: 'monthly' },
      notifications: 'New notifications',
      more: 'And {{count}} more.',
      tasks: 'Waiting for you',
      phase_task: 'A task for the internship ‘{{title}}’',
      phase_task_due: 'A task for the internship ‘{{title}}’, due {{date}}',
      hours_to_confirm: '{{count}} hours to confirm for the internship ‘{{title}}’',
    },
    actions: {
      application_submitted: '{{student}} applied for ‘{{title}}’',
      application_accepted: 'The application of {{student}} for ‘{{title}}’ was accepted',
      application_declined: 'The application of {{student}} for ‘{{title}}’ was declined',
      internship_created: 'Internship ‘{{title}}’ of {{student}} created',
      internship_approved: 'Internship ‘{{title}}’ of {{student}} approved',
      internship_rejected: 'Internship ‘{{title}}’ of {{student}} rejected',
      internship_started: 'Internship ‘{{title}}’ of {{student}} started',
      internship_completed: 'Internship ‘{{title}}’ of {{student}} completed',
      internship_withdrawn: '{{student}} withdrew the application for ‘{{title}}’',
      internship_cancelled: 'Internship ‘{{title}}’ of {{student}} cancelled',
      hours_logged: '{{student}} logged {{hours}} hours on {{date}} for ‘{{title}}’',
      hours_confirmed: 'Hours of {{student}} on {{date}} for ‘{{title}}’ confirmed',
      hours_rejected: 'Hours of {{student}} on {{date}} for ‘{{title}}’ rejected',
      phase_entered: 'Internship ‘{{title}}’ of {{student}} entered a new phase',
      phase_task_completed: 'A task for ‘{{title}}’ of {{student}} was completed',
      evaluation_opened: 'Evaluation of ‘{{title}}’ of {{student}} started',
      contract_signed: 'The internship contract of {{student}} was signed by everyone',
    },
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
        link: 'Link your Kennisnet account',
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
      formShow: 'Form',
      menuItems: 'Menu items',
      pageAdd: 'New page',
      pageShow: 'Page',
      pageEdit: 'Edit page',
      news: 'News articles',
      newsAdd: 'New news article',
      newsEdit: 'Edit news article',
      fileUpload: 'File upload',
      stockImages: 'Stock images',
    },
    cmsPage: 'Page',
    news: 'News',
    privacy: 'Privacy statement',
    accessibility: 'Accessibility statement',
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
    schoolYears: 'School years',

    analytics: {
      index: 'Analytics',
      index2: 'Organization analytics',
    },
    admin: {
      home: 'Back office',
      dataViewer: 'Data viewer',
      mailbox: 'Sent mail (development)',
      mail: 'Mail',
      vacancies: 'Manage vacancies',
      vacancy: 'Vacancy',
      vacancyEdit: 'Edit vacancy',
      workflows: 'Workflows',
      workflow: 'Workflow',
      workflowVersion: 'Version of a workflow',
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
    compliance: {
      documents: 'Documents (certificate of conduct, insurance)',
      addDocument: 'Add document',
      editDocument: 'Edit document',
      requirements: 'Required documents',
      editRequirements: 'Set required documents',
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
    educationSso: { index: 'Kennisnet', edit: 'Set up Kennisnet' },

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
    hoursConfirmation: 'Confirm hours',
    supervisorEvaluation: 'Evaluate the internship',
    supervisorPhaseTask: 'Complete a task',
    contractVerification: 'Verify a contract',

    imports: {
      csv: 'CSV import',
      magister: 'Import from Magister',
      groups: 'Import groups',
      writeBack: 'Write back results',
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
    quarterHours: 'Enter hours in quarter hours, from 0.25 to 24: for example 3.25 or 3.5',
    multipleOf: 'Must be a multiple of {{divisor}}',
    date: 'Enter a valid date',
    dateRange: 'Enter a date between the years {{min}} and {{max}}',
    dateMin: 'Must be on or after {{min}}',
    dateMax: 'Must be on or before {{max}}',
    minItems: 'Minimum number of items: {{min}}',
    maxItems: 'Maximum number of items: {{max}}',
    phoneNumber: 'Enter a valid phone number, for example +31 6 12345678',
    postcode: 'Enter a valid Dutch postcode, for example 1234 AB',
    endBeforeStart: 'The end date is before the start date',
    answerRequired: 'Answer at least one question',
    fileUnknown: 'Upload the file again',
    passwordResetCredentials:
      'You must provide either the uid, client and accessToken or the resetPasswordToken',
  },

  identity: {
    passwordResetSent:
      'If an account with this email address exists, you will receive an email to reset your password within a few minutes.',
    passwordlessSent:
      'If an account with this email address exists, you will receive an email with a sign-in link and code within a few minutes.',
    accountDeletionRequested:
      'If an account with this email address exists, you will receive an email to confirm the deletion.',
    accountDeleted: 'Your account and your data have been deleted.',
    confirmationSent: 'The confirmation email has been sent again.',
  },

  /** Organization statuses (spec §3), for lists and error messages. */
  organizations: {
    statuses: {
      approved: 'approved',
      pending: 'awaiting approval',
      denied: 'denied',
      archived: 'archived',
    },
    /** Compliance gating (docs/decisions/compliance.md): document kinds and their state. */
    compliance: {
      kinds: {
        vog: 'Certificate of conduct (VOG)',
        liability_insurance: 'Liability insurance',
        code_of_conduct: 'Code of conduct',
      },
      statuses: {
        compliant: 'in order',
        expiring: 'expiring soon',
        expired: 'expired',
        missing: 'missing',
      },
    },
  },

  /** Student import from CSV (/importeren/csv): row problems, outcomes and the report's columns. */
  imports: {
    fields: {
      first_name: 'First name',
      last_name: 'Last name',
      email: 'Email address',
      student_number: 'Student number',
      group: 'Group',
      level: 'Level',
    },
    rowErrors: {
      required: 'this field is required',
      email_invalid: 'this is not a valid email address',
      too_long: 'this value is too long',
      duplicate_email: 'this email address already appears in row {{row}}',
      duplicate_student_number: 'this student number already appears in row {{row}}',
      unknown_group: 'this school has no group with this name',
      unknown_level: 'this school has no level with this name',
      email_taken_elsewhere: 'this email address is registered with another partner of the collaboration',
      student_number_taken: 'this student number already belongs to another student of this school',
      column_count: 'this row does not have as many columns as the header',
    },
    rowStatuses: {
      valid: 'to do',
      invalid: 'skipped',
      created: 'created',
      updated: 'updated',
      unchanged: 'unchanged',
      failed: 'failed',
      left: 'left the school',
    },
    report: { row: 'Row', status: 'Result', messages: 'Messages', mentor: 'Mentor' },
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
    unknown_place: {
      title: 'Place not found',
      detail: 'We do not know the place “{{place}}”. Type a place name or a postcode, for example 8091.',
    },
    wrong_center: {
      title: 'Logged in to the wrong website',
      detail:
        'You signed in at the wrong center: this user account is registered with one of the other partners in the collaboration.',
    },
    rate_limited: {
      title: 'Too many requests',
      detail: 'You have made too many requests. Please try again later.',
    },
    conflict: {
      title: 'Conflict',
      detail: 'The request conflicts with the current state of the resource.',
    },
    invalid_credentials: {
      title: 'Invalid credentials',
      detail: 'The email address or password is incorrect.',
    },
    account_inactive: {
      title: 'Account not active',
      detail: 'This account is not active. Please contact the administrator of this website.',
    },
    reset_credentials_missing: {
      title: 'Not authorized',
      detail: 'You must provide either the uid, client and accessToken or the resetPasswordToken',
    },
    session_not_found: {
      title: 'Not signed in',
      detail: 'User was not found or was not logged in.',
    },
    token_invalid: {
      title: 'Invalid link',
      detail: 'This link or code is invalid, has already been used or has expired.',
    },
    redirect_not_allowed: {
      title: 'Redirect not allowed',
      detail: 'The redirect URL is not allowed for this website.',
    },
    passwordless_unavailable: {
      title: 'Not available',
      detail: 'Signing in without a password is not available on this website.',
    },
    education_sso_link_refused: {
      title: 'Cannot link',
      detail:
        'This account does not belong to the school of your Kennisnet account, or it is already linked to another Kennisnet account.',
    },
    education_sso_brin_invalid: {
      title: 'Invalid BRIN code',
      detail: 'A BRIN code is two digits and two letters, for example 12AB.',
    },
    education_sso_brin_taken: {
      title: 'BRIN code in use',
      detail: 'BRIN code {{brin}} is already registered for another school on this website.',
    },
    education_sso_issuer_invalid: {
      title: 'Invalid issuer',
      detail: 'Enter the federation’s https address, without a query or fragment.',
    },
    email_taken: {
      title: 'Email address in use',
      detail: 'An account with this email address already exists.',
    },
    impersonation_restricted: {
      title: 'Not allowed while signed in as another user',
      detail: 'This is not possible while you are signed in as another user.',
    },
    invalid_status_transition: {
      title: 'Invalid status change',
      detail: 'An organization with status {{from}} cannot change to status {{to}}.',
    },
    organization_duplicate: {
      title: 'Organization already exists',
      detail: 'An organization with this name and postcode already exists.',
    },
    signup_duplicate: {
      title: 'Registration already exists',
      detail: 'An organization has already been registered with this email address.',
    },
    organization_not_approved: {
      title: 'Organization not approved yet',
      detail: 'Your organization is awaiting approval. This is possible once it has been approved.',
    },
    organization_move_disabled: {
      title: 'Moving not available',
      detail: 'Moving organizations is not available on this website.',
    },
    invalid_parent: {
      title: 'Invalid parent organization',
      detail:
        'An organization can only be placed under an approved school or volunteer centre of this website, and not under itself.',
    },
    not_a_student: {
      title: 'Not a student of this school',
      detail: 'This user is not a student of this school.',
    },
    not_a_mentor: {
      title: 'Not a mentor of this school',
      detail: 'This user is not a mentor of this school.',
    },
    invalid_date_range: {
      title: 'Invalid period',
      detail: 'The end date is before the start date.',
    },
    period_outside_school_year: {
      title: 'Period outside the school year',
      detail: 'The period must fall within the school year {{school_year}}.',
    },
    compliance_not_met: {
      title: 'Required documents missing',
      detail:
        'Vacancies can be published once the required documents are in order. Missing or expired: {{kinds}}.',
    },
    name_taken: {
      title: 'Name already in use',
      detail: 'This name is already in use at this school.',
    },
    slug_taken: {
      title: 'Address already in use',
      detail: 'Another page or news article of this website already uses this address.',
    },
    invalid_menu_item: {
      title: 'Invalid menu item',
      detail:
        'A menu item links to a page of this website by its path or to a known system page, and is either a main item or sits directly under a main item of the same menu.',
    },
    file_too_large: {
      title: 'File too large',
      detail: 'The file may be at most {{max_mb}} MB.',
    },
    unsupported_file_type: {
      title: 'Unsupported file',
      detail: 'Upload a CSV file (UTF-8, separated by ; or ,).',
    },
    upload_type_not_allowed: {
      title: 'File type not allowed',
      detail:
        'Upload a JPEG, PNG or WebP image or a PDF. The content of the file decides its type, not its name.',
    },
    upload_polyglot: {
      title: 'File refused',
      detail:
        'This file hides other content (for example an image with a script or archive in it, or a PDF with scripts), so it is not accepted.',
    },
    upload_name_mismatch: {
      title: 'Name does not fit the file',
      detail:
        'This file is a {{type}} by its content, but its name ends in .{{extension}}. Rename it to the right extension and try again.',
    },
    upload_unreadable: {
      title: 'File cannot be read',
      detail: 'The file is damaged, too large in pixels or not a valid {{type}}.',
    },
    upload_in_use: {
      title: 'File in use',
      detail: 'This file is in the stock image library. Remove it from the library first.',
    },
    vacancy_image_unavailable: {
      title: 'Image not available',
      detail: 'Choose one of the stock images or an image your organization uploaded.',
    },
    icon_url_too_long: {
      title: 'Icon request too long',
      detail: 'An icon request may be at most {{max}} characters long. Ask for fewer icons at a time.',
    },
    roster_unavailable: {
      title: 'Magister did not answer',
      detail: 'Magister could not be read ({{reason}}). Check the connection or try again later.',
    },
    roster_not_configured: {
      title: 'Magister is not connected',
      detail: 'This school has no connection to Magister yet. Set it up first.',
    },
    workflows_unavailable: {
      title: 'Imports are unavailable',
      detail: 'Imports cannot be started right now. Please try again later.',
    },
    phases_unavailable: {
      title: 'Phases are unavailable',
      detail: 'The phases of internships cannot be changed right now. Please try again later.',
    },
    phase_task_wrong_actor: {
      title: 'Not your task',
      detail: 'Someone else must complete this task.',
    },
    phase_task_not_current: {
      title: 'Task not in the current phase',
      detail: 'This task does not belong to the phase the internship is in now.',
    },
    phase_task_completed: {
      title: 'Task already done',
      detail: 'This task has already been completed.',
    },
    phase_task_by_submission: {
      title: 'Done by sending it',
      detail: 'This task is done once the evaluation or the assignment is sent, not by hand.',
    },
    phase_update_invalid: {
      title: 'Not possible for this phase',
      detail: 'This change is not possible for the phase or workflow version the internship is in.',
    },
    method_not_allowed: {
      title: 'Method not allowed',
      detail: 'This address does not accept {{method}}. Allowed: {{allow}}.',
    },
    bad_url: {
      title: 'Invalid address',
      detail: 'The address of the request is not validly encoded.',
    },
    unsupported_media_type: {
      title: 'Unsupported content type',
      detail: 'The body of the request has a content type this address does not accept.',
    },
    payload_too_large: {
      title: 'Request too large',
      detail: 'The body of the request is larger than this address accepts.',
    },
    control_characters: {
      title: 'Invalid characters',
      detail:
        'The request contains control characters (such as NUL) or broken Unicode (half a surrogate pair) that no field accepts.',
    },
    json_too_deep: {
      title: 'Request nested too deeply',
      detail: 'The JSON of the request is nested deeper than {{max}} levels.',
    },
    unknown_host: {
      title: 'Unknown address',
      detail: 'This address does not belong to any Stageplein environment.',
    },
    sign_in_delayed: {
      title: 'Too many attempts',
      detail:
        'Too many wrong passwords for this account from your address. Try again later or reset your password.',
    },
    vacancy_kind_unavailable: {
      title: 'Kind not offered',
      detail: 'This website does not offer vacancies of this kind.',
    },
    vacancy_not_deletable: {
      title: 'Vacancy cannot be deleted',
      detail: 'Only a draft can be deleted. Close or archive a published vacancy instead.',
    },
    vacancy_not_editable: {
      title: 'Vacancy cannot be changed',
      detail: 'An archived vacancy can no longer be changed.',
    },
    form_archived: {
      title: 'Form is archived',
      detail: 'An archived form can no longer be changed or published.',
    },
    form_submitted_too_fast: {
      title: 'Sent too fast',
      detail: 'The form was sent too quickly after opening it. Wait a few seconds and try again.',
    },
    form_expired: {
      title: 'Form expired',
      detail: 'This form was opened too long ago or has changed. Reload the page and try again.',
    },
    form_already_submitted: {
      title: 'Form already sent',
      detail: 'This form has already been sent. Reload the page to send it again.',
    },
    form_file_type_not_allowed: {
      title: 'File type not allowed',
      detail: 'This question only takes: {{types}}. The content of the file decides its type.',
    },
    hours_unavailable: {
      title: 'Hours registration not available',
      detail: 'This website does not register hours; internships here run on contracts.',
    },
    paper_timesheets_unavailable: {
      title: 'Paper timesheets not available',
      detail: 'This website does not use paper timesheets.',
    },
    hours_locked: {
      title: 'Hours are locked',
      detail: 'Updating hours is switched off or the hours have been signed off.',
    },
    hours_entry_not_changeable: {
      title: 'Entry can no longer be changed',
      detail: 'The supervisor has already decided on this entry. Ask the school for a correction.',
    },
    hours_day_full: {
      title: 'Too many hours on one day',
      detail: 'You cannot register more than 24 hours on one day in total.',
    },
    hours_date_invalid: {
      title: 'Invalid date',
      detail: 'The date is in the future or outside the internship.',
    },
    hours_no_supervisor_email: {
      title: 'No supervisor e-mail address',
      detail: 'This internship has no e-mail address of a supervisor or contact person.',
    },
    invalid_hours_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for these hours in their current state.',
    },
    own_supervisor: {
      title: 'The student cannot be their own supervisor',
      detail:
        'This address or person is the student (or an account of a student): choose someone at the workplace.',
    },
    supervisor_not_approved: {
      title: 'Supervisor not yet approved',
      detail: 'The school approves the supervisor first; only then can links be sent.',
    },
    hours_nothing_to_confirm: {
      title: 'Nothing to confirm',
      detail: 'There are no hours waiting for the supervisor: log hours first.',
    },
    hours_link_too_often: {
      title: 'Link sent recently',
      detail:
        'A link for this internship was sent a short while ago. Please try again in {{minutes}} minutes.',
    },
    assignment_published: {
      title: 'Assignment already published',
      detail:
        'After publication the form and the selection are fixed; only the title, instructions and due date can change.',
    },
    assignment_task_completed: {
      title: 'Assignment already completed',
      detail: 'This assignment has already been filled in and sent.',
    },
    assignment_no_internships: {
      title: 'No internships chosen',
      detail:
        'The selection holds no running internship with a workplace supervisor (with an e-mail address).',
    },
    evaluations_unavailable: {
      title: 'Evaluations not available',
      detail: 'This website does not use evaluation forms.',
    },
    evaluation_template_exists: {
      title: 'This period already has an evaluation',
      detail:
        'This internship period already has an evaluation. Change that one instead of making a new one.',
    },
    evaluation_template_phase_exists: {
      title: 'This phase already has an evaluation',
      detail: 'This workflow phase already has an evaluation. Change that one instead of making a new one.',
    },
    evaluation_template_in_use: {
      title: 'Evaluation already in use',
      detail: 'Evaluations were already opened with these forms; the forms can no longer change.',
    },
    evaluation_form_unknown: {
      title: 'Unknown evaluation form',
      detail: 'Choose a published version of an evaluation form.',
    },
    evaluation_no_template: {
      title: 'No evaluation for this period',
      detail: 'No evaluation has been set up for this internship’s period yet.',
    },
    evaluation_not_open: {
      title: 'Evaluation not open',
      detail: 'The evaluation of this internship has not been opened yet.',
    },
    evaluation_already_submitted: {
      title: 'Already filled in',
      detail: 'This part of the evaluation has already been filled in and sent.',
    },
    evaluation_no_supervisor_email: {
      title: 'No supervisor e-mail address',
      detail: 'This internship has no e-mail address of a supervisor or contact person.',
    },
    invalid_evaluation_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for this evaluation in its current state.',
    },
    workflow_no_phases: {
      title: 'No phases',
      detail: 'A workflow needs at least one phase.',
    },
    workflow_duplicate_id: {
      title: 'Duplicate id',
      detail: 'Two phases or tasks have the same id. Give each phase and task its own id.',
    },
    workflow_phase_unreachable: {
      title: 'Phase unreachable',
      detail:
        'Phase {{phase}} is never reached: phase {{blocker}} cannot be completed (a finishing phase, or a phase completed by any one task that has no tasks).',
    },
    workflow_phase_status_order: {
      title: 'Status goes back',
      detail:
        'The status of phase {{phase}} comes before that of the phase before it. The order is preparing, running, evaluating, finished.',
    },
    workflow_finished_phase_tasks: {
      title: 'Tasks in a finishing phase',
      detail:
        'Phase {{phase}} finishes the internship and cannot have tasks. Move them to a phase before it.',
    },
    workflow_contract_type_unavailable: {
      title: 'Kind of internship not available',
      detail: 'This website does not use this kind of internship (contracts or hours).',
    },
    workflow_task_kind_unavailable: {
      title: 'Kind of task not available',
      detail:
        'Task {{task}} of phase {{phase}}: this kind of task does not exist on this website (contracts only for contract internships, hours only where hours are kept, evaluations only with evaluation forms).',
    },
    workflow_task_actor_not_allowed: {
      title: 'This person cannot do this task',
      detail: 'Task {{task}} of phase {{phase}}: choose someone who can do this kind of task.',
    },
    workflow_task_setting_missing: {
      title: 'Setting missing',
      detail:
        'Task {{task}} of phase {{phase}} is missing a setting: the number of hours, the evaluation or the assignment.',
    },
    workflow_deadline_missing: {
      title: 'Deadline missing',
      detail: 'Task {{task}} of phase {{phase}} has reminders or escalation but no deadline.',
    },
    workflow_reminder_too_early: {
      title: 'Reminder too early',
      detail: 'Task {{task}} of phase {{phase}}: a reminder falls before the phase starts.',
    },
    workflow_escalation_order: {
      title: 'Escalation in the wrong order',
      detail:
        'Task {{task}} of phase {{phase}}: the school admin is told only after the mentor. Choose more days for the school admin.',
    },
    workflow_deadline_order: {
      title: 'Deadline before an earlier phase',
      detail: 'Task {{task}} of phase {{phase}} has a deadline before one of phase {{earlier}}.',
    },
    workflow_version_published: {
      title: 'Version is published',
      detail: 'A published version no longer changes. Make a new draft.',
    },
    workflow_draft_exists: {
      title: 'A draft exists',
      detail: 'This workflow already has a draft. Change that one.',
    },
    workflow_not_published: {
      title: 'Not published yet',
      detail: 'This workflow has no published version yet.',
    },
    workflow_evaluation_template_unknown: {
      title: 'Unknown evaluation',
      detail: 'Task {{task}} of phase {{phase}}: choose an evaluation of this school for this phase.',
    },
    workflow_assignment_unknown: {
      title: 'Unknown assignment',
      detail: 'Task {{task}} of phase {{phase}}: choose an assignment of this school.',
    },
    workflow_assignment_draft: {
      title: 'Assignment not published yet',
      detail:
        'Task {{task}} of phase {{phase}}: the chosen assignment is still a draft. Publish the assignment first; then every internship reaching this phase gets it.',
    },
    workflow_designer_not_mentor: {
      title: 'Not a mentor of this school',
      detail: 'Only mentors of this school can be made workflow designers.',
    },
    contracts_unavailable: {
      title: 'Contracts not available',
      detail: 'This website does not use internship contracts; internships here run on hours.',
    },
    contract_variable_unknown: {
      title: 'Unknown variable',
      detail: '“{{variable}}” is not a contract variable. Choose one from the list or remove the braces.',
    },
    contract_signer_role_unavailable: {
      title: 'Signer not available',
      detail:
        'The role {{role}} cannot sign on this website (a school representative only where one can be invited).',
    },
    contract_signer_duplicate: {
      title: 'Duplicate signer',
      detail: 'The role {{role}} is in the order twice.',
    },
    contract_signers_missing: {
      title: 'Signers missing',
      detail: 'A contract is signed by at least the student and the company.',
    },
    contract_company_first: {
      title: 'Company signs first',
      detail:
        'On this website the company signs first, before everyone else. Give the company the lowest order.',
    },
    contract_company_fields_unavailable: {
      title: 'Company fields not available',
      detail: 'On this website the company does not fill in contract fields.',
    },
    contract_company_field_duplicate: {
      title: 'Duplicate company field',
      detail: 'The field {{key}} is listed twice. Give each field its own key.',
    },
    contract_body_empty: {
      title: 'Contract text missing',
      detail: 'A contract needs a Dutch text.',
    },
    contract_template_version_published: {
      title: 'Version is published',
      detail: 'A published version of a contract template no longer changes. Make a new draft.',
    },
    contract_template_draft_exists: {
      title: 'A draft exists',
      detail: 'This contract template already has a draft. Change that one.',
    },
    contract_template_not_published: {
      title: 'No published template',
      detail: 'There is no published version of a contract template of this school.',
    },
    contract_exists: {
      title: 'A contract exists',
      detail: 'This internship already has a contract that was not voided.',
    },
    contract_internship_not_ready: {
      title: 'Internship not ready for a contract',
      detail:
        'A contract can only be made for an internship with an organization, a start and an end date, that was not rejected, cancelled or withdrawn.',
    },
    contract_birth_date_missing: {
      title: 'Birth date missing',
      detail: "Enter the student's birth date: it decides whether a parent or guardian must sign.",
    },
    contract_company_value_invalid: {
      title: 'Invalid value',
      detail: 'The field {{field}} is required or has no valid value.',
    },
    invalid_contract_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for the contract in its current status.',
    },
    contract_not_your_turn: {
      title: 'Not your turn yet',
      detail: 'Others sign this contract before you. You will get an email when it is your turn.',
    },
    contract_already_signed: {
      title: 'Already signed',
      detail: 'This signer has already signed the contract.',
    },
    contract_signing_closed: {
      title: 'Signing closed',
      detail: 'This contract is not out for signing (any more): it was voided, expired or is complete.',
    },
    contract_signer_email_not_needed: {
      title: 'Address not needed',
      detail: 'Only the address of a parent or guardian who has not signed yet can be entered.',
    },
    invalid_vacancy_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for the vacancy in its current state.',
    },
    link_invalid: {
      title: 'Invalid link',
      detail: 'This link does not exist. Check that you used the whole link from the email.',
    },
    link_expired: {
      title: 'Link expired',
      detail: 'This link has expired. Ask the school for a new link.',
    },
    link_revoked: {
      title: 'Link revoked',
      detail: 'This link no longer works: it was revoked or a newer link was sent.',
    },
    link_used: {
      title: 'Link already used',
      detail: 'This link could be used once and has already been used.',
    },
    link_not_allowed: {
      title: 'Not allowed with this link',
      detail: 'This link does not allow this.',
    },
    person_not_in_organization: {
      title: 'Person is not part of the organization',
      detail: 'Choose someone of this internship’s organization as contact person or supervisor.',
    },
    vacancy_full: {
      title: 'Vacancy is full',
      detail: 'All places of this vacancy are taken. Choose another vacancy.',
    },
    vacancy_not_open: {
      title: 'Vacancy is not open',
      detail: 'This vacancy does not take applications now.',
    },
    already_applied: {
      title: 'Already applied',
      detail: 'You already have an application for this vacancy in progress.',
    },
    vacancy_not_for_school: {
      title: 'Not available for your school',
      detail: 'Students of your school cannot apply to this vacancy now.',
    },
    report_not_possible: {
      title: 'Report not possible',
      detail: 'You can only report your own application that an organization declined.',
    },
    report_closed: {
      title: 'Report is closed',
      detail: 'This report has already been closed.',
    },
    account_request_not_possible: {
      title: 'Asking for an account is not possible',
      detail: 'There already is an account for this e-mail address.',
    },
    account_request_answered: {
      title: 'Already answered',
      detail: 'This request for an account has already been answered.',
    },
    motivation_required: {
      title: 'Motivation missing',
      detail: 'Write a motivation with your application.',
    },
    motivation_not_allowed: {
      title: 'No motivation',
      detail: 'This website does not ask for a motivation with an application.',
    },
    self_found_unavailable: {
      title: 'Self-found internships unavailable',
      detail: 'Students cannot submit self-found internships on this website.',
    },
    internship_field_not_editable: {
      title: 'Field cannot be changed',
      detail: 'You may not change this field of this internship now.',
    },
    invalid_internship_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for the internship in its current state.',
    },
    reason_required: {
      title: 'Reason missing',
      detail: 'Give a reason for this step.',
    },
    allocation_round_closed: {
      title: 'Ranking is closed',
      detail: "This round's deadline has passed or the school has already run the allocation.",
    },
    invalid_allocation_round_action: {
      title: 'Not possible now',
      detail: 'This step is not possible for the round in its current state.',
    },
    vacancy_not_in_round: {
      title: 'Vacancy not in the round',
      detail: 'Choose only vacancies of this round.',
    },
    not_eligible_for_round: {
      title: 'Not for you',
      detail: 'This round is not for your group or level.',
    },
    round_vacancy_full: {
      title: 'No place left',
      detail: "All of this vacancy's places in this round are taken.",
    },
    vacancy_not_offerable: {
      title: 'Vacancy not available',
      detail: 'The vacancy ‘{{title}}’ is not published or is hidden. Choose another vacancy.',
    },
    vacancy_no_places_left: {
      title: 'Vacancy is full',
      detail: 'The vacancy ‘{{title}}’ has no place left. Choose another vacancy.',
    },
    notification_delivery_locked: {
      title: 'Cannot be changed',
      detail: 'Messages about your account and about signing always come by e-mail.',
    },
    notification_template_unknown_variable: {
      title: 'Unknown variable',
      detail: 'This template has no variable ‘{{variable}}’. You can use: {{allowed}}.',
    },
    notification_template_block_misplaced: {
      title: 'List in the wrong place',
      detail:
        'The variable ‘{{variable}}’ stands for the lists of this mail: put it once in the text, as a paragraph of its own (not in the subject).',
    },
    internal: {
      title: 'Internal server error',
      detail:
        'An error has occurred. If the problem persists, please contact a system administrator or try again later.',
    },
  },
};
