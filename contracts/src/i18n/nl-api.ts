/**
 * The API's error titles and details (`api.<code>.*`, contracts/src/errors/error-catalogue.ts), in
 * Dutch: the services answer with them. Part of `nl` (nl.ts); not of the front ends' first downloads,
 * which show what the server sends.
 */
export const nlApi = {
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
  unknown_place: {
    title: 'Plaats niet gevonden',
    detail: 'We kennen de plaats “{{place}}” niet. Typ een plaatsnaam of een postcode, bijvoorbeeld 8091.',
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
  education_sso_link_refused: {
    title: 'Koppelen niet mogelijk',
    detail:
      'Dit account hoort niet bij de school van je Kennisnet-account, of is al aan een ander Kennisnet-account gekoppeld.',
  },
  education_sso_brin_invalid: {
    title: 'Ongeldige BRIN-code',
    detail: 'Een BRIN-code bestaat uit twee cijfers en twee letters, bijvoorbeeld 12AB.',
  },
  education_sso_brin_taken: {
    title: 'BRIN-code al in gebruik',
    detail: 'BRIN-code {{brin}} is op deze website al van een andere school.',
  },
  education_sso_issuer_invalid: {
    title: 'Ongeldige issuer',
    detail: 'Vul het https-adres van de federatie in, zonder vraag- of hekje-deel.',
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
  upload_name_mismatch: {
    title: 'Naam past niet bij het bestand',
    detail:
      'Dit bestand is naar zijn inhoud een {{type}}, maar de naam eindigt op .{{extension}}. Geef het de juiste extensie en probeer het opnieuw.',
  },
  upload_unreadable: {
    title: 'Bestand niet leesbaar',
    detail: 'Het bestand is beschadigd, heeft te veel pixels of is geen geldige {{type}}.',
  },
  upload_in_use: {
    title: 'Bestand in gebruik',
    detail: 'Dit bestand staat in de bibliotheek met stockafbeeldingen. Haal het daar eerst uit.',
  },
  vacancy_image_unavailable: {
    title: 'Afbeelding niet beschikbaar',
    detail: 'Kies een van de stockafbeeldingen of een afbeelding die je organisatie heeft geüpload.',
  },
  icon_url_too_long: {
    title: 'Iconenverzoek te lang',
    detail: 'Een iconenverzoek mag hoogstens {{max}} tekens lang zijn. Vraag minder iconen tegelijk op.',
  },
  roster_unavailable: {
    title: 'Magister gaf geen antwoord',
    detail:
      'Magister kon niet worden gelezen ({{reason}}). Controleer de koppeling of probeer het later opnieuw.',
  },
  roster_not_configured: {
    title: 'Magister is niet gekoppeld',
    detail: 'Deze school heeft nog geen koppeling met Magister. Stel die eerst in.',
  },
  workflows_unavailable: {
    title: 'Importeren is niet beschikbaar',
    detail: 'Importeren kan op dit moment niet worden gestart. Probeer het later opnieuw.',
  },
  phases_unavailable: {
    title: 'Fasen zijn niet beschikbaar',
    detail: 'De fasen van stages kunnen op dit moment niet worden gewijzigd. Probeer het later opnieuw.',
  },
  phase_task_wrong_actor: {
    title: 'Niet jouw taak',
    detail: 'Iemand anders moet deze taak afronden.',
  },
  phase_task_not_current: {
    title: 'Taak niet in de huidige fase',
    detail: 'Deze taak hoort niet bij de fase waarin de stage nu staat.',
  },
  phase_task_completed: {
    title: 'Taak al afgerond',
    detail: 'Deze taak is al afgerond.',
  },
  phase_task_by_submission: {
    title: 'Klaar door insturen',
    detail: 'Deze taak is klaar zodra de evaluatie of de opdracht is ingestuurd, niet met de hand.',
  },
  phase_update_invalid: {
    title: 'Niet mogelijk voor deze fase',
    detail: 'Deze wijziging is niet mogelijk voor de fase of workflowversie waarin de stage staat.',
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
    detail:
      'Het verzoek bevat stuurtekens (zoals NUL) of kapotte Unicode (de helft van een surrogaatpaar) die geen enkel veld accepteert.',
  },
  json_too_deep: {
    title: 'Verzoek te diep genest',
    detail: 'De JSON van het verzoek is dieper genest dan {{max}} niveaus.',
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
  form_archived: {
    title: 'Formulier is gearchiveerd',
    detail: 'Een gearchiveerd formulier kan niet meer worden gewijzigd of gepubliceerd.',
  },
  form_submitted_too_fast: {
    title: 'Te snel verstuurd',
    detail:
      'Het formulier is te snel na het openen verstuurd. Wacht een paar seconden en probeer het opnieuw.',
  },
  form_expired: {
    title: 'Formulier verlopen',
    detail:
      'Dit formulier is te lang geleden geopend of is gewijzigd. Laad de pagina opnieuw en probeer het nog eens.',
  },
  form_already_submitted: {
    title: 'Formulier al verstuurd',
    detail: 'Dit formulier is al verstuurd. Laad de pagina opnieuw om het nog eens te versturen.',
  },
  form_file_type_not_allowed: {
    title: 'Bestandstype niet toegestaan',
    detail:
      'Bij deze vraag kun je alleen dit uploaden: {{types}}. De inhoud van het bestand bepaalt het type.',
  },
  hours_unavailable: {
    title: 'Urenregistratie niet beschikbaar',
    detail: 'Deze website registreert geen uren; stages lopen hier via contracten.',
  },
  paper_timesheets_unavailable: {
    title: 'Papieren urenbriefjes niet beschikbaar',
    detail: 'Deze website gebruikt geen papieren urenbriefjes.',
  },
  hours_locked: {
    title: 'Uren zijn vergrendeld',
    detail: 'Het bijwerken van uren is uitgezet of de uren zijn afgetekend.',
  },
  hours_entry_not_changeable: {
    title: 'Regel kan niet meer worden gewijzigd',
    detail: 'De praktijkbegeleider heeft deze regel al beoordeeld. Vraag de school om een correctie.',
  },
  hours_day_full: {
    title: 'Te veel uren op één dag',
    detail: 'Op één dag kun je samen niet meer dan 24 uur registreren.',
  },
  hours_date_invalid: {
    title: 'Ongeldige datum',
    detail: 'De datum ligt in de toekomst of buiten de stage.',
  },
  hours_no_supervisor_email: {
    title: 'Geen e-mailadres van de praktijkbegeleider',
    detail: 'Bij deze stage staat geen e-mailadres van een praktijkbegeleider of contactpersoon.',
  },
  invalid_hours_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor deze uren in hun huidige staat.',
  },
  own_supervisor: {
    title: 'De leerling kan niet zijn eigen begeleider zijn',
    detail:
      'Dit adres of deze persoon is de leerling (of een account van een leerling): kies iemand van de stageplek.',
  },
  supervisor_not_approved: {
    title: 'Praktijkbegeleider nog niet goedgekeurd',
    detail: 'De school keurt de praktijkbegeleider eerst goed; pas daarna kunnen er links verstuurd worden.',
  },
  hours_nothing_to_confirm: {
    title: 'Niets te bevestigen',
    detail: 'Er wachten geen uren op de praktijkbegeleider: registreer eerst uren.',
  },
  hours_link_too_often: {
    title: 'Link net verstuurd',
    detail:
      'Voor deze stage is kort geleden een link verstuurd. Probeer het over {{minutes}} minuten opnieuw.',
  },
  assignment_published: {
    title: 'Opdracht is al gepubliceerd',
    detail:
      'Na publicatie liggen het formulier en de selectie vast; alleen titel, instructie en inleverdatum kunnen nog veranderen.',
  },
  assignment_task_completed: {
    title: 'Opdracht al ingevuld',
    detail: 'Deze opdracht is al ingevuld en verstuurd.',
  },
  assignment_no_internships: {
    title: 'Geen stages gekozen',
    detail: 'De selectie bevat geen lopende stage met een praktijkbegeleider (met e-mailadres).',
  },
  evaluations_unavailable: {
    title: 'Evaluaties niet beschikbaar',
    detail: 'Deze website gebruikt geen evaluatieformulieren.',
  },
  evaluation_template_exists: {
    title: 'Er is al een evaluatie voor deze periode',
    detail: 'Deze stageperiode heeft al een evaluatie. Pas die aan in plaats van een nieuwe te maken.',
  },
  evaluation_template_phase_exists: {
    title: 'Er is al een evaluatie voor deze fase',
    detail:
      'Deze fase van de workflow heeft al een evaluatie. Pas die aan in plaats van een nieuwe te maken.',
  },
  evaluation_template_in_use: {
    title: 'Evaluatie is al in gebruik',
    detail: 'Er zijn al evaluaties geopend met deze formulieren; de formulieren kunnen niet meer wisselen.',
  },
  evaluation_form_unknown: {
    title: 'Onbekend evaluatieformulier',
    detail: 'Kies een gepubliceerde versie van een evaluatieformulier.',
  },
  evaluation_no_template: {
    title: 'Geen evaluatie voor deze periode',
    detail: 'Voor de stageperiode van deze stage is nog geen evaluatie ingesteld.',
  },
  evaluation_not_open: {
    title: 'Evaluatie is niet geopend',
    detail: 'De evaluatie van deze stage is nog niet geopend.',
  },
  evaluation_already_submitted: {
    title: 'Al ingevuld',
    detail: 'Dit deel van de evaluatie is al ingevuld en verstuurd.',
  },
  evaluation_no_supervisor_email: {
    title: 'Geen e-mailadres van de praktijkbegeleider',
    detail: 'Bij deze stage staat geen e-mailadres van een praktijkbegeleider of contactpersoon.',
  },
  invalid_evaluation_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor deze evaluatie in haar huidige staat.',
  },
  workflow_no_phases: {
    title: 'Geen fasen',
    detail: 'Een workflow heeft minstens één fase nodig.',
  },
  workflow_duplicate_id: {
    title: 'Dubbele sleutel',
    detail: 'Twee fasen of taken hebben dezelfde id. Geef elke fase en taak een eigen id.',
  },
  workflow_phase_unreachable: {
    title: 'Fase niet bereikbaar',
    detail:
      'Fase {{phase}} wordt nooit bereikt: fase {{blocker}} kan niet worden afgerond (een afsluitende fase, of een fase die met één taak klaar is maar geen taken heeft).',
  },
  workflow_phase_status_order: {
    title: 'Status gaat terug',
    detail:
      'De status van fase {{phase}} ligt vóór die van de fase ervoor. De volgorde is voorbereiding, uitvoering, evaluatie, afgerond.',
  },
  workflow_finished_phase_tasks: {
    title: 'Taken in afsluitende fase',
    detail: 'Fase {{phase}} sluit de stage af en kan geen taken hebben. Zet de taken in een fase ervoor.',
  },
  workflow_contract_type_unavailable: {
    title: 'Soort stage niet mogelijk',
    detail: 'Deze website gebruikt deze soort stage niet (contracten of uren).',
  },
  workflow_task_kind_unavailable: {
    title: 'Soort taak niet mogelijk',
    detail:
      'Taak {{task}} van fase {{phase}}: deze soort taak bestaat niet op deze website (contracten alleen bij contractstages, uren alleen waar uren worden bijgehouden, evaluaties alleen met evaluatieformulieren).',
  },
  workflow_task_actor_not_allowed: {
    title: 'Deze persoon kan deze taak niet doen',
    detail: 'Taak {{task}} van fase {{phase}}: kies iemand die deze soort taak kan uitvoeren.',
  },
  workflow_task_setting_missing: {
    title: 'Instelling ontbreekt',
    detail:
      'Taak {{task}} van fase {{phase}} mist een instelling: het aantal uren, de evaluatie of de opdracht.',
  },
  workflow_deadline_missing: {
    title: 'Deadline ontbreekt',
    detail: 'Taak {{task}} van fase {{phase}} heeft herinneringen of escalatie maar geen deadline.',
  },
  workflow_reminder_too_early: {
    title: 'Herinnering te vroeg',
    detail: 'Taak {{task}} van fase {{phase}}: een herinnering valt vóór het begin van de fase.',
  },
  workflow_escalation_order: {
    title: 'Escalatie in de verkeerde volgorde',
    detail:
      'Taak {{task}} van fase {{phase}}: de schoolbeheerder hoort het pas na de mentor. Kies meer dagen voor de schoolbeheerder.',
  },
  workflow_deadline_order: {
    title: 'Deadline vóór een eerdere fase',
    detail: 'Taak {{task}} van fase {{phase}} heeft een deadline vóór die van fase {{earlier}}.',
  },
  workflow_version_published: {
    title: 'Versie is gepubliceerd',
    detail: 'Een gepubliceerde versie verandert niet meer. Maak een nieuw concept.',
  },
  workflow_draft_exists: {
    title: 'Er is al een concept',
    detail: 'Deze workflow heeft al een concept. Werk dat bij.',
  },
  workflow_not_published: {
    title: 'Nog niet gepubliceerd',
    detail: 'Deze workflow heeft nog geen gepubliceerde versie.',
  },
  workflow_evaluation_template_unknown: {
    title: 'Onbekende evaluatie',
    detail: 'Taak {{task}} van fase {{phase}}: kies een evaluatie van deze school voor deze fase.',
  },
  workflow_assignment_unknown: {
    title: 'Onbekende opdracht',
    detail: 'Taak {{task}} van fase {{phase}}: kies een opdracht van deze school.',
  },
  workflow_assignment_draft: {
    title: 'Opdracht nog niet gepubliceerd',
    detail:
      'Taak {{task}} van fase {{phase}}: de gekozen opdracht is nog een concept. Publiceer de opdracht eerst; daarna krijgt elke stage die deze fase bereikt haar.',
  },
  workflow_designer_not_mentor: {
    title: 'Geen mentor van deze school',
    detail: 'Alleen mentoren van deze school kunnen het recht krijgen om workflows te ontwerpen.',
  },
  contracts_unavailable: {
    title: 'Contracten niet beschikbaar',
    detail: 'Deze website gebruikt geen stagecontracten; stages lopen hier via uren.',
  },
  contract_variable_unknown: {
    title: 'Onbekende variabele',
    detail:
      '“{{variable}}” is geen variabele van een contract. Kies er een uit de lijst of verwijder de accolades.',
  },
  contract_signer_role_unavailable: {
    title: 'Ondertekenaar niet mogelijk',
    detail:
      'De rol {{role}} kan op deze website niet ondertekenen (een schoolvertegenwoordiger alleen waar die uitgenodigd kan worden).',
  },
  contract_signer_duplicate: {
    title: 'Dubbele ondertekenaar',
    detail: 'De rol {{role}} staat twee keer in de volgorde.',
  },
  contract_signers_missing: {
    title: 'Ondertekenaars ontbreken',
    detail: 'Een contract wordt minstens door de student en het bedrijf ondertekend.',
  },
  contract_company_first: {
    title: 'Bedrijf tekent eerst',
    detail:
      'Op deze website ondertekent het bedrijf als eerste, vóór alle anderen. Geef het bedrijf de laagste volgorde.',
  },
  contract_company_fields_unavailable: {
    title: 'Bedrijfsvelden niet mogelijk',
    detail: 'Op deze website vult het bedrijf geen velden van het contract in.',
  },
  contract_company_field_duplicate: {
    title: 'Dubbel bedrijfsveld',
    detail: 'Het veld {{key}} staat twee keer in de lijst. Geef elk veld een eigen sleutel.',
  },
  contract_body_empty: {
    title: 'Contracttekst ontbreekt',
    detail: 'Een contract heeft een Nederlandse tekst nodig.',
  },
  contract_template_version_published: {
    title: 'Versie is gepubliceerd',
    detail: 'Een gepubliceerde versie van een contractsjabloon verandert niet meer. Maak een nieuw concept.',
  },
  contract_template_draft_exists: {
    title: 'Er is al een concept',
    detail: 'Dit contractsjabloon heeft al een concept. Werk dat bij.',
  },
  contract_template_not_published: {
    title: 'Geen gepubliceerd sjabloon',
    detail: 'Er is geen gepubliceerde versie van een contractsjabloon van deze school.',
  },
  contract_exists: {
    title: 'Er is al een contract',
    detail: 'Deze stage heeft al een contract dat niet is ingetrokken.',
  },
  contract_internship_not_ready: {
    title: 'Stage niet klaar voor een contract',
    detail:
      'Een contract kan pas gemaakt worden voor een stage met een organisatie, een begin- en einddatum, die niet is afgewezen, geannuleerd of teruggetrokken.',
  },
  contract_birth_date_missing: {
    title: 'Geboortedatum ontbreekt',
    detail: 'Vul de geboortedatum van de student in: die bepaalt of een ouder of voogd moet ondertekenen.',
  },
  contract_company_value_invalid: {
    title: 'Ongeldige waarde',
    detail: 'Het veld {{field}} is verplicht of heeft geen geldige waarde.',
  },
  invalid_contract_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor het contract in zijn huidige status.',
  },
  contract_not_your_turn: {
    title: 'Nog niet aan de beurt',
    detail: 'Anderen ondertekenen dit contract eerst. Je krijgt een e-mail zodra jij aan de beurt bent.',
  },
  contract_already_signed: {
    title: 'Al ondertekend',
    detail: 'Deze ondertekenaar heeft het contract al ondertekend.',
  },
  contract_signing_closed: {
    title: 'Ondertekenen gesloten',
    detail: 'Dit contract ligt niet (meer) ter ondertekening: het is ingetrokken, verlopen of al rond.',
  },
  contract_signer_email_not_needed: {
    title: 'Adres niet nodig',
    detail: 'Alleen het adres van een ouder of voogd die nog niet ondertekende kan worden ingevuld.',
  },
  invalid_vacancy_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor de vacature in haar huidige staat.',
  },
  link_invalid: {
    title: 'Ongeldige link',
    detail: 'Deze link bestaat niet. Controleer of je de hele link uit de e-mail hebt gebruikt.',
  },
  link_expired: {
    title: 'Link verlopen',
    detail: 'Deze link is verlopen. Vraag de school om een nieuwe link.',
  },
  link_revoked: {
    title: 'Link ingetrokken',
    detail: 'Deze link werkt niet meer: hij is ingetrokken of er is een nieuwere link verstuurd.',
  },
  link_used: {
    title: 'Link al gebruikt',
    detail: 'Deze link kon één keer gebruikt worden en is al gebruikt.',
  },
  link_not_allowed: {
    title: 'Niet toegestaan met deze link',
    detail: 'Met deze link kun je dit niet doen.',
  },
  person_not_in_organization: {
    title: 'Persoon hoort niet bij de organisatie',
    detail: 'Kies als contactpersoon of praktijkbegeleider iemand van de organisatie van deze stage.',
  },
  vacancy_full: {
    title: 'Vacature is vol',
    detail: 'Alle plaatsen van deze vacature zijn bezet. Kies een andere vacature.',
  },
  vacancy_not_open: {
    title: 'Vacature staat niet open',
    detail: 'Op deze vacature kan nu niet worden gereageerd.',
  },
  already_applied: {
    title: 'Al aangemeld',
    detail: 'Je hebt al een lopende aanmelding voor deze vacature.',
  },
  vacancy_not_for_school: {
    title: 'Niet beschikbaar voor je school',
    detail: 'Op deze vacature kunnen leerlingen van je school nu niet reageren.',
  },
  report_not_possible: {
    title: 'Melding niet mogelijk',
    detail: 'Je kunt alleen een melding doen over je eigen aanmelding die een organisatie heeft afgewezen.',
  },
  report_closed: {
    title: 'Melding is afgesloten',
    detail: 'Deze melding is al afgesloten.',
  },
  account_request_not_possible: {
    title: 'Account aanvragen niet mogelijk',
    detail: 'Er is al een account voor dit e-mailadres.',
  },
  account_request_answered: {
    title: 'Al beantwoord',
    detail: 'Op deze aanvraag voor een account is al gereageerd.',
  },
  motivation_required: {
    title: 'Motivatie ontbreekt',
    detail: 'Schrijf een motivatie bij je aanmelding.',
  },
  motivation_not_allowed: {
    title: 'Geen motivatie',
    detail: 'Deze website vraagt geen motivatie bij een aanmelding.',
  },
  self_found_unavailable: {
    title: 'Zelfgevonden stages niet mogelijk',
    detail: 'Op deze website kunnen leerlingen geen zelfgevonden stage indienen.',
  },
  internship_field_not_editable: {
    title: 'Veld kan niet worden gewijzigd',
    detail: 'Je mag dit veld van deze stage nu niet wijzigen.',
  },
  invalid_internship_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor de stage in haar huidige staat.',
  },
  reason_required: {
    title: 'Reden ontbreekt',
    detail: 'Geef een reden op voor deze stap.',
  },
  allocation_round_closed: {
    title: 'Kiezen is gesloten',
    detail: 'De deadline van deze ronde is voorbij of de school heeft de indeling al gemaakt.',
  },
  invalid_allocation_round_action: {
    title: 'Nu niet mogelijk',
    detail: 'Deze stap is niet mogelijk voor de ronde in haar huidige staat.',
  },
  vacancy_not_in_round: {
    title: 'Vacature hoort niet bij de ronde',
    detail: 'Kies alleen vacatures uit deze ronde.',
  },
  not_eligible_for_round: {
    title: 'Niet voor jou',
    detail: 'Deze ronde is niet voor jouw klas of niveau.',
  },
  round_vacancy_full: {
    title: 'Geen plaats meer',
    detail: 'Alle plaatsen van deze vacature in deze ronde zijn al ingedeeld.',
  },
  vacancy_not_offerable: {
    title: 'Vacature niet beschikbaar',
    detail: 'De vacature ‘{{title}}’ is niet gepubliceerd of is verborgen. Kies een andere vacature.',
  },
  vacancy_no_places_left: {
    title: 'Vacature is vol',
    detail: 'De vacature ‘{{title}}’ heeft geen plaats meer. Kies een andere vacature.',
  },
  notification_delivery_locked: {
    title: 'Niet te wijzigen',
    detail: 'Berichten over je account en over ondertekenen krijg je altijd per e-mail.',
  },
  notification_template_unknown_variable: {
    title: 'Onbekende variabele',
    detail: 'Dit sjabloon kent de variabele ‘{{variable}}’ niet. Te gebruiken: {{allowed}}.',
  },
  notification_template_block_misplaced: {
    title: 'Lijst op de verkeerde plek',
    detail:
      'De variabele ‘{{variable}}’ staat voor de lijsten van deze mail: zet hem één keer in de tekst, als alinea op zichzelf (niet in het onderwerp).',
  },
  internal: {
    title: 'Interne serverfout',
    detail:
      'Er is een fout opgetreden. Blijft het probleem zich voordoen, neem dan contact op met een systeembeheerder of probeer het later opnieuw.',
  },
};
