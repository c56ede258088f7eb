import type { i18n as TI18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { nlApi } from '@stageplein/contracts/i18n/nl-api';
import { CONTRACT_TEMPLATE_CODES } from '@stageplein/contracts/internship-contracts/contract-rules';

/**
 * The contract screens' texts (`/contracts*`, `/contract_templates*`, the internship page's contract
 * block; issue #34), nl and en, in the i18next namespace `contracts`: they load with those chunks only.
 * Validation messages are the catalogue's (`api.<code>.detail`), the same the server answers with.
 */
export const CONTRACTS_NAMESPACE = 'contracts';

export const contractsNl = {
  loading: 'Laden…',
  forbidden: 'Alleen de beheerders van een school beheren haar contractsjablonen.',
  statuses: {
    draft: 'Concept',
    company_fields: 'Bedrijf vult gegevens in',
    signing: 'Ter ondertekening',
    signed: 'Ondertekend',
    sealed: 'Verzegeld',
    voided: 'Ingetrokken',
  },
  roles: {
    student: 'Student',
    parent_guardian: 'Ouder of voogd',
    company: 'Stagebedrijf',
    school_representative: 'Vertegenwoordiger school',
    mentor: 'Stagedocent',
    school: 'School',
  },
  signerStates: { pending: 'Nog niet ondertekend', signed: 'Ondertekend', toAct: 'Is nu aan de beurt' },
  // /contracts
  listIntro: 'De stageovereenkomsten van de stages die je volgt, met hun status en wie nu aan zet is.',
  none: 'Er zijn nog geen contracten.',
  columns: {
    student: 'Student',
    organization: 'Stagebedrijf',
    internship: 'Stage',
    status: 'Status',
    next: 'Aan zet',
  },
  nobody: '—',
  // /contracts/:id
  backToList: 'Terug naar contracten',
  internshipLink: 'Naar de stage',
  signersTitle: 'Ondertekenaars',
  orderLabel: 'Stap {{order}}',
  textTitle: 'Tekst van het contract',
  textLanguage: 'Taal van de tekst',
  voidedBecause: 'Ingetrokken: {{reason}}',
  download: 'Verzegelde pdf downloaden',
  sealFailed: 'Verzegelen mislukt',
  sealFailedLine: 'Het verzegelen is {{attempts}} keer mislukt: {{error}}',
  sealPendingLine: 'Het contract wordt verzegeld.',
  retrySeal: 'Opnieuw verzegelen',
  sealRetried: 'Het contract wordt opnieuw verzegeld.',
  filterLabel: 'Toon',
  filterAll: 'Alle contracten',
  filterSealFailed: 'Verzegelen mislukt',
  birthDate: 'Geboortedatum van de student',
  birthDateHint: 'Bepaalt of een ouder of voogd moet meetekenen (onder de 18 op de eerste stagedag).',
  saveBirthDate: 'Geboortedatum opslaan',
  release: 'Versturen',
  releaseHint:
    'Na versturen verandert de tekst niet meer. Het bedrijf vult eerst zijn gegevens in, als het sjabloon daarom vraagt.',
  released: 'Het contract is verstuurd.',
  void: 'Intrekken',
  voidTitle: 'Contract intrekken',
  voidReason: 'Reden',
  voidConfirm: 'Intrekken',
  voided: 'Het contract is ingetrokken.',
  cancel: 'Annuleren',
  companyTitle: 'Gegevens van het bedrijf',
  companyIntro: 'Vul deze gegevens in. Daarna gaat het contract ter ondertekening.',
  companySend: 'Gegevens versturen',
  companySent: 'De gegevens zijn verstuurd; het contract ligt ter ondertekening.',
  saved: 'Opgeslagen.',
  adminTitle: 'Beheer',
  signNowTitle: 'Ondertekenen',
  signNow: 'Je bent aan de beurt om te ondertekenen, als {{role}}.',
  signWithPhone: 'Onderteken op je telefoon (QR-code)',
  signHere: 'Op dit apparaat ondertekenen',
  // who signs without an account: their address (the student's parent, the school's representative)
  addressTitle: {
    parent_guardian: 'Je ouder of voogd',
    school_representative: 'Vertegenwoordiger van de school',
    company: 'Ondertekenaar van het stagebedrijf',
  },
  addressIntro: {
    parent_guardian:
      'Je bent op de eerste stagedag jonger dan 18. Daarom ondertekent je ouder of voogd ook. Vul hun naam en e-mailadres in: zij krijgen een link om te ondertekenen, ook op hun telefoon.',
    school_representative:
      'Wie ondertekent namens de school? Die persoon krijgt een link per e-mail zodra het zijn of haar beurt is.',
    company:
      'Deze stage heeft geen contactpersoon met een account. Wie ondertekent namens het bedrijf? Die persoon krijgt een link per e-mail zodra het zijn of haar beurt is.',
  },
  addressKnown: '{{name}} krijgt de link om te ondertekenen per e-mail.',
  addressChange: 'Ander e-mailadres invullen',
  addressName: 'Naam',
  addressEmail: 'E-mailadres',
  addressSave: 'E-mailadres versturen',
  addressSaved: 'Opgeslagen. {{name}} krijgt een e-mail met de link zodra het de beurt is.',
  // the internship page
  internshipTitle: 'Stageovereenkomst',
  internshipNone: 'Er is nog geen contract voor deze stage.',
  internshipOpen: 'Contract bekijken',
  generate: 'Contract maken',
  generated: 'Het contract is gemaakt.',
  // /contract_templates
  templatesIntro:
    'Een contractsjabloon is de tekst van de stageovereenkomst van je school, met variabelen die bij het maken van een contract worden ingevuld.',
  templatesNone: 'Je school heeft nog geen contractsjablonen.',
  templateStates: {
    draftOnly: 'Concept (nog niet gepubliceerd)',
    published: 'Versie {{version}} gepubliceerd',
    publishedWithDraft: 'Versie {{version}} gepubliceerd, concept voor versie {{draft}}',
  },
  edit: 'Bewerken',
  newTitle: 'Nieuw sjabloon',
  newName: 'Naam',
  create: 'Sjabloon maken',
  // /contract_templates/:id/edit
  backToTemplates: 'Terug naar contractsjablonen',
  versionPublished: 'Versie {{version}} is gepubliceerd en verandert niet meer.',
  newDraft: 'Nieuw concept',
  bodyNl: 'Tekst (Nederlands)',
  bodyEn: 'Tekst (Engels, leeg: de Nederlandse)',
  variablesTitle: 'Variabelen',
  variablesHint: 'Typ een variabele tussen dubbele accolades, bijvoorbeeld {{example}}. Deze zijn er:',
  fieldsTitle: 'Gegevens die het bedrijf invult',
  fieldsHint: 'Gebruik een veld in de tekst als {{example}}.',
  fieldKey: 'Sleutel',
  fieldLabelNl: 'Label (Nederlands)',
  fieldLabelEn: 'Label (Engels)',
  fieldKind: 'Soort',
  fieldKinds: { text: 'Tekst', date: 'Datum', number: 'Getal' },
  fieldRequired: 'Verplicht',
  fieldAdd: 'Veld toevoegen',
  fieldRemove: 'Veld {{n}} verwijderen',
  signersHint:
    'Wie ondertekent en in welke volgorde. Gelijke stap: tegelijk. Een ouder of voogd tekent alleen bij een minderjarige student.',
  signerSigns: '{{role}} ondertekent',
  signerOrder: 'Stap van {{role}}',
  save: 'Opslaan',
  publish: 'Publiceren',
  published: 'Versie {{version}} is gepubliceerd.',
  preview: 'Voorbeeld met een voorbeeldstage',
  previewTitle: 'Voorbeeld',
};

export const contractsEn: typeof contractsNl = {
  loading: 'Loading…',
  forbidden: "Only a school's admins manage its contract templates.",
  statuses: {
    draft: 'Draft',
    company_fields: 'Company fills in details',
    signing: 'Out for signing',
    signed: 'Signed',
    sealed: 'Sealed',
    voided: 'Voided',
  },
  roles: {
    student: 'Student',
    parent_guardian: 'Parent or guardian',
    company: 'Company',
    school_representative: 'School representative',
    mentor: 'Mentor',
    school: 'School',
  },
  signerStates: { pending: 'Not signed yet', signed: 'Signed', toAct: 'Their turn now' },
  listIntro: 'The internship agreements of the internships you follow, with their status and who acts next.',
  none: 'There are no contracts yet.',
  columns: {
    student: 'Student',
    organization: 'Company',
    internship: 'Internship',
    status: 'Status',
    next: 'Acts next',
  },
  nobody: '—',
  backToList: 'Back to contracts',
  internshipLink: 'To the internship',
  signersTitle: 'Signers',
  orderLabel: 'Step {{order}}',
  textTitle: 'Text of the contract',
  textLanguage: 'Language of the text',
  voidedBecause: 'Voided: {{reason}}',
  download: 'Download the sealed PDF',
  sealFailed: 'Sealing failed',
  sealFailedLine: 'Sealing failed {{attempts}} times: {{error}}',
  sealPendingLine: 'The contract is being sealed.',
  retrySeal: 'Seal again',
  sealRetried: 'The contract is being sealed again.',
  filterLabel: 'Show',
  filterAll: 'All contracts',
  filterSealFailed: 'Sealing failed',
  birthDate: "Student's birth date",
  birthDateHint:
    'Decides whether a parent or guardian co-signs (under 18 on the first day of the internship).',
  saveBirthDate: 'Save birth date',
  release: 'Send',
  releaseHint:
    'Once sent the text no longer changes. The company first fills in its details when the template asks for them.',
  released: 'The contract was sent.',
  void: 'Void',
  voidTitle: 'Void contract',
  voidReason: 'Reason',
  voidConfirm: 'Void',
  voided: 'The contract was voided.',
  cancel: 'Cancel',
  companyTitle: "The company's details",
  companyIntro: 'Fill in these details. The contract then goes out for signing.',
  companySend: 'Send details',
  companySent: 'The details were sent; the contract is out for signing.',
  saved: 'Saved.',
  adminTitle: 'Manage',
  signNowTitle: 'Sign',
  signNow: 'It is your turn to sign, as {{role}}.',
  signWithPhone: 'Sign on your phone (QR code)',
  signHere: 'Sign on this device',
  addressTitle: {
    parent_guardian: 'Your parent or guardian',
    school_representative: "The school's representative",
    company: 'Who signs for the company',
  },
  addressIntro: {
    parent_guardian:
      'You are under 18 on the first day of the internship, so your parent or guardian signs too. Enter their name and e-mail address: they get a link to sign, also on their phone.',
    school_representative:
      'Who signs for the school? That person gets a link by e-mail as soon as it is their turn.',
    company:
      'This internship has no contact person with an account. Who signs for the company? That person gets a link by e-mail as soon as it is their turn.',
  },
  addressKnown: '{{name}} gets the link to sign by e-mail.',
  addressChange: 'Enter another e-mail address',
  addressName: 'Name',
  addressEmail: 'E-mail address',
  addressSave: 'Send e-mail address',
  addressSaved: 'Saved. {{name}} gets an e-mail with the link when it is their turn.',
  internshipTitle: 'Internship agreement',
  internshipNone: 'There is no contract for this internship yet.',
  internshipOpen: 'View contract',
  generate: 'Make contract',
  generated: 'The contract was made.',
  templatesIntro:
    "A contract template is your school's internship agreement text, with variables filled in when a contract is made.",
  templatesNone: 'Your school has no contract templates yet.',
  templateStates: {
    draftOnly: 'Draft (not published yet)',
    published: 'Version {{version}} published',
    publishedWithDraft: 'Version {{version}} published, draft for version {{draft}}',
  },
  edit: 'Edit',
  newTitle: 'New template',
  newName: 'Name',
  create: 'Create template',
  backToTemplates: 'Back to contract templates',
  versionPublished: 'Version {{version}} is published and no longer changes.',
  newDraft: 'New draft',
  bodyNl: 'Text (Dutch)',
  bodyEn: 'Text (English; empty: the Dutch one)',
  variablesTitle: 'Variables',
  variablesHint: 'Type a variable between double braces, for example {{example}}. These exist:',
  fieldsTitle: 'Details the company fills in',
  fieldsHint: 'Use a field in the text as {{example}}.',
  fieldKey: 'Key',
  fieldLabelNl: 'Label (Dutch)',
  fieldLabelEn: 'Label (English)',
  fieldKind: 'Kind',
  fieldKinds: { text: 'Text', date: 'Date', number: 'Number' },
  fieldRequired: 'Required',
  fieldAdd: 'Add field',
  fieldRemove: 'Remove field {{n}}',
  signersHint:
    'Who signs and in which order. Equal step: at the same time. A parent or guardian only signs for a minor.',
  signerSigns: '{{role}} signs',
  signerOrder: 'Step of {{role}}',
  save: 'Save',
  publish: 'Publish',
  published: 'Version {{version}} was published.',
  preview: 'Preview with a sample internship',
  previewTitle: 'Preview',
};

/** The server's validation texts in Dutch (the portal's first download leaves `api.*` out; English has all). */
const NL_VALIDATION = {
  api: Object.fromEntries(
    [...CONTRACT_TEMPLATE_CODES, 'contract_birth_date_missing', 'contract_company_value_invalid'].map(
      (code) => [code, nlApi[code as keyof typeof nlApi]],
    ),
  ),
};

export function registerContractMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: contractsNl, en: contractsEn })) {
    if (!i18n.hasResourceBundle(lng, CONTRACTS_NAMESPACE)) {
      i18n.addResourceBundle(lng, CONTRACTS_NAMESPACE, messages, true, false);
      if (lng === 'nl') i18n.addResourceBundle('nl', 'translation', NL_VALIDATION, true, false);
    }
  }
}

/** `t` of the contracts namespace (registered on first use), the shared `t` and the language. */
export function useContractTexts() {
  const { t, i18n } = useTranslation(CONTRACTS_NAMESPACE);
  const { t: tShared } = useTranslation();
  registerContractMessages(i18n);
  return { t, tShared, lang: i18n.language.startsWith('en') ? ('en' as const) : ('nl' as const) };
}
