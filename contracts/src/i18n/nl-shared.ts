/**
 * The Dutch texts both front ends and the services share: everything but the portal's own `portal.*`
 * (nl-portal.ts). The whole catalogue is `nl` (nl.ts).
 */
export const nlShared = {
  app: {
    languages: { nl: 'Nederlands', en: 'English' },
  },

  shell: {
    signIn: 'Inloggen',
    signOut: 'Uitloggen',
    language: 'Taal',
    notifications: 'Notificaties',
    activity: 'Activiteit',
    account: 'Account',
    close: 'Sluiten',
    toggleMenu: 'Menu openen of sluiten',
    home: 'Home',
    loading: 'Bezig met laden…',
  },

  toast: {
    success: 'Gelukt',
    error: 'Fout',
    warning: 'Waarschuwing',
    info: 'Informatie',
    notification: 'Melding',
  },

  /** Texts of the portal's own screens (portal-ui): shell, sign-in, account and dashboard. */

  routes: {
    home: 'Home',
    app: 'App',
    dashboard: 'Dashboard',
    signOut: 'Uitloggen',
    login: {
      index: 'Inloggen',
      school: 'Inloggen voor scholen',
      student: 'Inloggen voor leerlingen',
      provider: 'Inloggen voor stagebieders',
      kennisnet: {
        index: 'Inloggen met Kennisnet',
        error: 'Inloggen met Kennisnet mislukt',
        success: 'Ingelogd met Kennisnet',
        link: 'Kennisnet-account koppelen',
      },
    },
    auth: {
      login: 'Inloggen',
      recover: 'Wachtwoord vergeten',
      reset: 'Nieuw wachtwoord instellen',
      token: 'Inloggen via link',
      noOrganization: 'Geen organisatie gevonden',
    },
    confirm: 'Account bevestigen',

    content: {
      index: 'Inhoud',
      forms: 'Formulieren',
      formShow: 'Formulier',
      menuItems: 'Menu-items',
      pageAdd: 'Nieuwe pagina',
      pageShow: 'Pagina',
      pageEdit: 'Pagina bewerken',
      news: 'Nieuwsberichten',
      newsAdd: 'Nieuw nieuwsbericht',
      newsEdit: 'Nieuwsbericht bewerken',
      fileUpload: 'Bestanden uploaden',
      stockImages: 'Stockafbeeldingen',
    },
    cmsPage: 'Pagina',
    news: 'Nieuws',
    privacy: 'Privacyverklaring',
    accessibility: 'Toegankelijkheidsverklaring',
    contactForm: 'Contactformulier',

    dev: {
      index: 'Ontwikkeling',
      form: 'Ontwikkeling: formulier',
      modal: 'Ontwikkeling: modaal venster',
      colors: 'Ontwikkeling: kleuren',
      components: 'Ontwikkeling: componenten',
    },
    test: {
      auth: 'Test: authenticatie',
      dupe: 'Test: dubbele gegevens',
      form: 'Test: formulier',
      user: 'Test: gebruiker',
      colors: 'Test: kleuren',
      sentry: 'Test: foutrapportage',
      tiptap: 'Test: teksteditor',
      toaster: 'Test: meldingen',
      stepForm: 'Test: stappenformulier',
      stepForm2: 'Test: stappenformulier 2',
      datepicker: 'Test: datumkiezer',
      dollarApi: 'Test: $api',
      userStore: 'Test: gebruikersopslag',
      formbuilder: 'Test: formulierbouwer',
      serverError: 'Test: serverfout',
      stagedoosFields: 'Test: Stagedoos-velden',
    },

    users: {
      index: 'Gebruikers',
      add: 'Gebruiker toevoegen',
      show: 'Gebruiker',
      edit: 'Gebruiker bewerken',
      addRole: 'Rol toevoegen',
    },
    students: {
      edit: 'Leerling bewerken',
      assignGroup: 'Groep toewijzen',
    },
    groups: {
      index: 'Groepen',
      add: 'Groep toevoegen',
      show: 'Groep',
      edit: 'Groep bewerken',
    },
    levels: 'Niveaus',
    tags: 'Tags',
    schoolYears: 'Schooljaren',

    analytics: {
      index: 'Analyses',
      index2: 'Analyses organisatie',
    },
    admin: {
      home: 'Beheer',
      dataViewer: 'Gegevensviewer',
      mailbox: 'Verstuurde e-mail (ontwikkeling)',
      mail: 'E-mail',
      vacancies: 'Vacatures beheren',
      vacancy: 'Vacature',
      vacancyEdit: 'Vacature bewerken',
      workflows: 'Workflows',
      workflow: 'Workflow',
      workflowVersion: 'Versie van een workflow',
    },

    profile: {
      index: 'Profiel bewerken',
      email: 'E-mailadres wijzigen',
      settings: 'Profielinstellingen',
      periodicMail: 'Periodieke mail',
    },
    account: {
      roles: 'Mijn rollen',
      delete: 'Account verwijderen',
    },
    settings: {
      index: 'Instellingen',
      organization: 'Organisatie-instellingen',
    },
    notifications: 'Notificaties',
    conversations: 'Gesprekken',
    recentActions: 'Recente acties',
    selfFound: 'Zelfgevonden stage',

    vacancies: {
      index: 'Vacatures',
      add: 'Vacature toevoegen',
      show: 'Vacature',
      edit: 'Vacature bewerken',
    },
    internships: {
      index: 'Stages',
      assign: 'Stages toewijzen',
      bulkMessages: 'Bulkberichten',
      show: 'Stage',
      edit: 'Stage bewerken',
    },
    internshipPeriods: {
      index: 'Stageperiodes',
      add: 'Stageperiode toevoegen',
      edit: 'Stageperiode bewerken',
    },

    organizations: {
      index: 'Organisaties',
      add: 'Organisatie toevoegen',
      approve: 'Organisaties goedkeuren',
      signup: 'Organisatie aanmelden',
      signupSuccess: 'Aanmelding ontvangen',
      show: 'Organisatie',
      edit: 'Organisatie bewerken',
    },
    mentorships: {
      index: 'Begeleidingen',
      add: 'Begeleiding toevoegen',
    },
    compliance: {
      documents: 'Documenten (VOG, verzekering)',
      addDocument: 'Document toevoegen',
      editDocument: 'Document bewerken',
      requirements: 'Verplichte documenten',
      editRequirements: 'Verplichte documenten instellen',
    },

    contracts: {
      index: 'Contracten',
      show: 'Contract',
      sign: 'Stagecontract ondertekenen',
      qrSign: 'Ondertekenen met QR-code',
    },
    contractTemplates: {
      index: 'Contractsjablonen',
      edit: 'Contractsjabloon bewerken',
    },
    workflows: {
      index: 'Workflows',
      show: 'Workflow',
      phase: 'Fase',
    },
    notificationTemplates: {
      index: 'Notificatiesjablonen',
      edit: 'Notificatiesjabloon bewerken',
    },
    educationSso: { index: 'Kennisnet', edit: 'Kennisnet instellen' },

    formBuilder: {
      index: 'Formulierbouwer',
      new: 'Nieuw formulier',
      show: 'Formulier',
      edit: 'Formulier bewerken',
      preview: 'Voorbeeld van formulier',
      submission: 'Inzending',
    },
    forms: 'Formulier',

    assignments: {
      manage: 'Opdrachten beheren',
      show: 'Opdracht',
      supervisor: 'Opdracht voor de praktijkbegeleider',
    },
    progress: {
      index: 'Stagevoortgang',
      explanation: 'Uitleg stagevoortgang',
      period: 'Stagevoortgang per periode',
      internship: 'Voortgang van de stage',
    },
    internshipBank: {
      title: 'Stagebank',
      description: 'Vind een stage die bij je past',
    },
    hoursSheet: 'Urenbriefje',
    hoursConfirmation: 'Uren bevestigen',
    supervisorEvaluation: 'Stage evalueren',
    supervisorPhaseTask: 'Taak afronden',
    contractVerification: 'Contract controleren',

    imports: {
      csv: 'CSV importeren',
      magister: 'Importeren uit Magister',
      groups: 'Groepen importeren',
      writeBack: 'Resultaten terugschrijven',
    },
  },

  /** Error screens of spec §8 and the role errors of spec §6. */
  errors: {
    unauthorized: {
      title: 'Niet geautoriseerd',
      body: 'Je bent niet bevoegd om deze pagina te bekijken.',
    },
    forbidden: {
      title: 'Toegang geweigerd',
      body: 'Je hebt geen toegangsrechten voor deze pagina.',
    },
    notFound: {
      title: 'Pagina niet gevonden',
      body: 'We konden de pagina die je zocht niet vinden. Neem contact op met een systeembeheerder of probeer het later opnieuw.',
    },
    wrongCenter: {
      title: 'Ingelogd op de verkeerde website',
      body: 'Neem contact op met de beheerder van deze website. Dit gebruikersaccount is geregistreerd bij een van de andere partners in het samenwerkingsverband.',
    },
    generic: {
      title: 'Oeps... er is iets misgegaan!',
      code: '(foutcode: {{code}})',
      body: 'Er is een fout opgetreden. Blijft het probleem zich voordoen, neem dan contact op met een systeembeheerder of probeer het later opnieuw.',
    },
    backToHome: 'Terug naar home',
    /** Fatal error of a failing route validation: "Page Not Found" plus the path. */
    fatalNotFound: 'Pagina niet gevonden: {{path}}',
  },

  /** Default schema messages of spec §5. */
  validation: {
    invalid: 'Veld is ongeldig',
    required: 'Dit veld is verplicht',
    oneOf: 'Kies een van de toegestane waarden: {{values}}',
    minLength: 'Moet minimaal {{min}} tekens lang zijn',
    maxLength: 'Mag maximaal {{max}} tekens lang zijn',
    exactLength: 'Moet precies {{length}} tekens lang zijn',
    email: 'Vul een geldig e-mailadres in',
    url: 'Vul een geldige URL in',
    number: 'Vul een getal in',
    numberMin: 'Moet groter dan of gelijk aan {{min}} zijn',
    numberMax: 'Moet kleiner dan of gelijk aan {{max}} zijn',
    numberGreaterThan: 'Moet groter dan {{min}} zijn',
    numberLessThan: 'Moet kleiner dan {{max}} zijn',
    positive: 'Moet een positief getal zijn',
    integer: 'Moet een geheel getal zijn',
    quarterHours: 'Vul uren in per kwartier, van 0,25 tot en met 24: bijvoorbeeld 3,25 of 3,5',
    multipleOf: 'Moet een veelvoud van {{divisor}} zijn',
    date: 'Vul een geldige datum in',
    dateRange: 'Vul een datum in tussen de jaren {{min}} en {{max}}',
    dateMin: 'Moet op of na {{min}} liggen',
    dateMax: 'Moet op of voor {{max}} liggen',
    minItems: 'Minimaal aantal items: {{min}}',
    maxItems: 'Maximaal aantal items: {{max}}',
    phoneNumber: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678',
    postcode: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB',
    endBeforeStart: 'De einddatum ligt voor de begindatum',
    answerRequired: 'Beantwoord minstens één vraag',
    fileUnknown: 'Upload het bestand opnieuw',
    /**
     * Protocol message of the password-reset endpoint (spec §5), identical in every language because
     * clients of the devise_token_auth protocol may match on the text.
     */
    passwordResetCredentials:
      'You must provide either the uid, client and accessToken or the resetPasswordToken',
  },

  /** JSON:API error titles and details, per error code of `errors/error-catalogue.ts`. */
  identity: {
    passwordResetSent:
      'Als er een account met dit e-mailadres bestaat, ontvang je binnen enkele minuten een e-mail om je wachtwoord opnieuw in te stellen.',
    passwordlessSent:
      'Als er een account met dit e-mailadres bestaat, ontvang je binnen enkele minuten een e-mail met een inloglink en code.',
    accountDeletionRequested:
      'Als er een account met dit e-mailadres bestaat, ontvang je een e-mail om het verwijderen te bevestigen.',
    accountDeleted: 'Je account en je gegevens zijn verwijderd.',
    confirmationSent: 'De bevestigingsmail is opnieuw verstuurd.',
  },

  /** Organization statuses (spec §3), for lists and error messages. */
  organizations: {
    statuses: {
      approved: 'goedgekeurd',
      pending: 'wacht op goedkeuring',
      denied: 'afgewezen',
      archived: 'gearchiveerd',
    },
    /** Compliance gating (docs/decisions/compliance.md): document kinds and their state. */
    compliance: {
      kinds: {
        vog: 'Verklaring Omtrent het Gedrag (VOG)',
        liability_insurance: 'Aansprakelijkheidsverzekering',
        code_of_conduct: 'Gedragscode',
      },
      statuses: {
        compliant: 'in orde',
        expiring: 'verloopt binnenkort',
        expired: 'verlopen',
        missing: 'ontbreekt',
      },
    },
  },

  /** Leerlingen importeren uit CSV (/importeren/csv): problemen per rij, uitkomsten en de kolommen van het verslag. */
  imports: {
    fields: {
      first_name: 'Voornaam',
      last_name: 'Achternaam',
      email: 'E-mailadres',
      student_number: 'Leerlingnummer',
      group: 'Klas',
      level: 'Niveau',
    },
    rowErrors: {
      required: 'dit veld is verplicht',
      email_invalid: 'dit is geen geldig e-mailadres',
      too_long: 'deze waarde is te lang',
      duplicate_email: 'dit e-mailadres staat al in rij {{row}}',
      duplicate_student_number: 'dit leerlingnummer staat al in rij {{row}}',
      unknown_group: 'deze school heeft geen klas met deze naam',
      unknown_level: 'deze school heeft geen niveau met deze naam',
      email_taken_elsewhere:
        'dit e-mailadres is geregistreerd bij een andere partner in het samenwerkingsverband',
      student_number_taken: 'dit leerlingnummer hoort al bij een andere leerling van deze school',
      column_count: 'deze rij heeft niet evenveel kolommen als de kopregel',
    },
    rowStatuses: {
      valid: 'nog te doen',
      invalid: 'overgeslagen',
      created: 'aangemaakt',
      updated: 'bijgewerkt',
      unchanged: 'ongewijzigd',
      failed: 'mislukt',
      left: 'van school af',
    },
    report: { row: 'Rij', status: 'Resultaat', messages: 'Meldingen', mentor: 'Mentor' },
  },
} as const;
