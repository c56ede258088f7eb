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
      index2: 'Analyses (variant 2)',
    },
    admin: {
      home: 'Beheer',
      dataViewer: 'Gegevensviewer',
      mailbox: 'Verstuurde e-mail (ontwikkeling)',
      mail: 'E-mail',
      vacancies: 'Vacatures beheren',
      vacancy: 'Vacature',
      vacancyEdit: 'Vacature bewerken',
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

    imports: {
      csv: 'CSV importeren',
      magister: 'Importeren uit Magister',
      groups: 'Groepen importeren',
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
    },
    report: { row: 'Rij', status: 'Resultaat', messages: 'Meldingen' },
  },

  api: {
    bad_request: {
      title: 'Ongeldig verzoek',
      detail: 'Het verzoek kon niet worden verwerkt.',
    },
    validation_failed: {
      title: 'Validatie mislukt',
      detail: 'Een of meer velden zijn ongeldig.',
    },
    unauthorized: {
      title: 'Niet geautoriseerd',
      detail: 'Voor dit verzoek zijn geldige inloggegevens nodig.',
    },
    forbidden: {
      title: 'Toegang geweigerd',
      detail: 'Je hebt geen toegangsrechten voor deze bron.',
    },
    not_found: {
      title: 'Niet gevonden',
      detail: 'De opgevraagde bron is niet gevonden.',
    },
    unknown_tenant: {
      title: 'Onbekende tenant',
      detail: 'Onbekende tenant: {{tenant}}',
    },
    wrong_center: {
      title: 'Ingelogd op de verkeerde website',
      detail:
        'Verkeerd centrum (wrong center): dit gebruikersaccount is geregistreerd bij een van de andere partners in het samenwerkingsverband.',
    },
    rate_limited: {
      title: 'Te veel verzoeken',
      detail: 'Je hebt te veel verzoeken gedaan. Probeer het later opnieuw.',
    },
    conflict: {
      title: 'Conflict',
      detail: 'Het verzoek botst met de huidige toestand van de bron.',
    },
    invalid_credentials: {
      title: 'Ongeldige inloggegevens',
      detail: 'Het e-mailadres of wachtwoord is onjuist.',
    },
    account_inactive: {
      title: 'Account niet actief',
      detail: 'Dit account is niet actief. Neem contact op met de beheerder van deze website.',
    },
    reset_credentials_missing: {
      title: 'Niet geautoriseerd',
      detail: 'You must provide either the uid, client and accessToken or the resetPasswordToken',
    },
    session_not_found: {
      title: 'Niet ingelogd',
      detail: 'De gebruiker is niet gevonden of was niet ingelogd.',
    },
    token_invalid: {
      title: 'Ongeldige link',
      detail: 'Deze link of code is ongeldig, al gebruikt of verlopen.',
    },
    redirect_not_allowed: {
      title: 'Doorverwijzing niet toegestaan',
      detail: 'De doorverwijs-URL is niet toegestaan voor deze website.',
    },
    passwordless_unavailable: {
      title: 'Niet beschikbaar',
      detail: 'Inloggen zonder wachtwoord is op deze website niet beschikbaar.',
    },
    email_taken: {
      title: 'E-mailadres in gebruik',
      detail: 'Er bestaat al een account met dit e-mailadres.',
    },
    impersonation_restricted: {
      title: 'Niet toegestaan als andere gebruiker',
      detail: 'Dit kan niet terwijl je bent ingelogd als een andere gebruiker.',
    },
    invalid_status_transition: {
      title: 'Ongeldige statuswijziging',
      detail: 'Een organisatie met status {{from}} kan niet naar status {{to}}.',
    },
    organization_duplicate: {
      title: 'Organisatie bestaat al',
      detail: 'Er is al een organisatie met deze naam en postcode.',
    },
    signup_duplicate: {
      title: 'Aanmelding bestaat al',
      detail: 'Met dit e-mailadres is al een organisatie aangemeld.',
    },
    organization_not_approved: {
      title: 'Organisatie nog niet goedgekeurd',
      detail: 'Je organisatie wacht nog op goedkeuring. Dit kan pas als ze is goedgekeurd.',
    },
    organization_move_disabled: {
      title: 'Verplaatsen niet beschikbaar',
      detail: 'Organisaties verplaatsen is op deze website niet beschikbaar.',
    },
    invalid_parent: {
      title: 'Ongeldige bovenliggende organisatie',
      detail:
        'Een organisatie kan alleen onder een goedgekeurde school of vrijwilligerscentrale van deze website vallen, en niet onder zichzelf.',
    },
    not_a_student: {
      title: 'Geen leerling van deze school',
      detail: 'Deze gebruiker is geen leerling van deze school.',
    },
    not_a_mentor: {
      title: 'Geen mentor van deze school',
      detail: 'Deze gebruiker is geen mentor van deze school.',
    },
    invalid_date_range: {
      title: 'Ongeldige periode',
      detail: 'De einddatum ligt voor de begindatum.',
    },
    period_outside_school_year: {
      title: 'Periode buiten het schooljaar',
      detail: 'De periode moet binnen het schooljaar {{school_year}} vallen.',
    },
    compliance_not_met: {
      title: 'Verplichte documenten ontbreken',
      detail:
        'Vacatures kunnen pas worden gepubliceerd als de verplichte documenten in orde zijn. Ontbreekt of verlopen: {{kinds}}.',
    },
    name_taken: {
      title: 'Naam al in gebruik',
      detail: 'Deze naam is op deze school al in gebruik.',
    },
    slug_taken: {
      title: 'Adres al in gebruik',
      detail: 'Een andere pagina of een ander nieuwsbericht van deze website gebruikt dit adres al.',
    },
    invalid_menu_item: {
      title: 'Ongeldig menu-item',
      detail:
        'Een menu-item verwijst met een pad naar een pagina van deze website of naar een bekende systeempagina, en is een hoofditem of staat direct onder een hoofditem van hetzelfde menu.',
    },
    file_too_large: {
      title: 'Bestand te groot',
      detail: 'Het bestand mag maximaal {{max_mb}} MB zijn.',
    },
    unsupported_file_type: {
      title: 'Bestandstype niet ondersteund',
      detail: 'Upload een CSV-bestand (UTF-8, gescheiden door ; of ,).',
    },
    upload_type_not_allowed: {
      title: 'Bestandstype niet toegestaan',
      detail:
        'Upload een JPEG-, PNG- of WebP-afbeelding of een pdf. De inhoud van het bestand bepaalt het type, niet de naam.',
    },
    upload_polyglot: {
      title: 'Bestand geweigerd',
      detail:
        'Dit bestand bevat verborgen inhoud (bijvoorbeeld een afbeelding met een script of archief erin, of een pdf met scripts) en wordt daarom niet geaccepteerd.',
    },
    upload_unreadable: {
      title: 'Bestand niet leesbaar',
      detail: 'Het bestand is beschadigd, heeft te veel pixels of is geen geldige {{type}}.',
    },
    upload_in_use: {
      title: 'Bestand in gebruik',
      detail: 'Dit bestand staat in de bibliotheek met stockafbeeldingen. Haal het daar eerst uit.',
    },
    icon_url_too_long: {
      title: 'Iconenverzoek te lang',
      detail: 'Een iconenverzoek mag hoogstens {{max}} tekens lang zijn. Vraag minder iconen tegelijk op.',
    },
    workflows_unavailable: {
      title: 'Importeren is niet beschikbaar',
      detail: 'Importeren kan op dit moment niet worden gestart. Probeer het later opnieuw.',
    },
    method_not_allowed: {
      title: 'Methode niet toegestaan',
      detail: 'Dit adres accepteert geen {{method}}. Toegestaan: {{allow}}.',
    },
    bad_url: {
      title: 'Ongeldig adres',
      detail: 'Het adres van het verzoek is niet geldig gecodeerd.',
    },
    unsupported_media_type: {
      title: 'Inhoudstype niet ondersteund',
      detail: 'De inhoud van het verzoek heeft een type dat dit adres niet accepteert.',
    },
    payload_too_large: {
      title: 'Verzoek te groot',
      detail: 'De inhoud van het verzoek is groter dan dit adres accepteert.',
    },
    control_characters: {
      title: 'Ongeldige tekens',
      detail: 'Het verzoek bevat stuurtekens (zoals NUL) die geen enkel veld accepteert.',
    },
    unknown_host: {
      title: 'Onbekend adres',
      detail: 'Dit adres hoort niet bij een Stageplein-omgeving.',
    },
    sign_in_delayed: {
      title: 'Te veel pogingen',
      detail:
        'Te veel verkeerde wachtwoorden voor dit account vanaf jouw adres. Probeer het later opnieuw of stel je wachtwoord opnieuw in.',
    },
    vacancy_kind_unavailable: {
      title: 'Soort niet aangeboden',
      detail: 'Deze website biedt geen vacatures van deze soort aan.',
    },
    vacancy_not_deletable: {
      title: 'Vacature kan niet worden verwijderd',
      detail: 'Alleen een concept kan worden verwijderd. Sluit of archiveer een gepubliceerde vacature.',
    },
    vacancy_not_editable: {
      title: 'Vacature kan niet worden gewijzigd',
      detail: 'Een gearchiveerde vacature kan niet meer worden gewijzigd.',
    },
    invalid_vacancy_action: {
      title: 'Nu niet mogelijk',
      detail: 'Deze stap is niet mogelijk voor de vacature in haar huidige staat.',
    },
    internal: {
      title: 'Interne serverfout',
      detail:
        'Er is een fout opgetreden. Blijft het probleem zich voordoen, neem dan contact op met een systeembeheerder of probeer het later opnieuw.',
    },
  },
} as const;
