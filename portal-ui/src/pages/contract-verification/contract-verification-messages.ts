import type { i18n as TI18n } from 'i18next';

/** Texts of the public contract verification page, nl and en (i18next namespace `contract-verification`). */
export const CONTRACT_VERIFICATION_NAMESPACE = 'contract-verification';

export const contractVerificationNl = {
  intro:
    'Controleer of een contract hier digitaal is ondertekend en verzegeld. Kies de PDF of vul de SHA-256 in die op het ondertekeningscertificaat staat. Het bestand verlaat je apparaat niet: alleen de code wordt gecontroleerd.',
  fileLabel: 'PDF van het contract',
  fileHint: 'Het bestand wordt op je apparaat omgerekend naar zijn SHA-256.',
  hashing: 'Bestand wordt gelezen…',
  or: 'of',
  hashLabel: 'SHA-256',
  hashHint: '64 tekens (0–9, a–f), zoals op het certificaat.',
  hashInvalid: 'Vul 64 tekens in: cijfers en de letters a tot en met f.',
  check: 'Controleren',
  checking: 'Bezig met controleren…',
  sealedTitle: 'Verzegeld contract',
  sealed: 'Dit contract is op {{date}} verzegeld door {{school}}.',
  matchedDocument: 'Het bestand is precies het verzegelde document.',
  matchedContent: 'De code is de inhoudscode van een verzegeld contract.',
  notSealedTitle: 'Niet gevonden',
  notSealed:
    'Er is hier geen verzegeld contract met deze code. Een gewijzigd of opnieuw opgeslagen bestand heeft een andere code: gebruik dan de SHA-256 van het certificaat.',
  checkedHash: 'Gecontroleerde code',
  fileError: 'Het bestand kon niet worden gelezen.',
};

export const contractVerificationEn: typeof contractVerificationNl = {
  intro:
    'Check whether a contract was signed and sealed digitally here. Choose the PDF or enter the SHA-256 printed on its signing certificate. The file does not leave your device: only its code is checked.',
  fileLabel: 'PDF of the contract',
  fileHint: 'The file is turned into its SHA-256 on your device.',
  hashing: 'Reading the file…',
  or: 'or',
  hashLabel: 'SHA-256',
  hashHint: '64 characters (0–9, a–f), as on the certificate.',
  hashInvalid: 'Enter 64 characters: digits and the letters a to f.',
  check: 'Check',
  checking: 'Checking…',
  sealedTitle: 'Sealed contract',
  sealed: 'This contract was sealed on {{date}} by {{school}}.',
  matchedDocument: 'The file is exactly the sealed document.',
  matchedContent: 'The code is the content code of a sealed contract.',
  notSealedTitle: 'Not found',
  notSealed:
    'No contract sealed here has this code. A changed or re-saved file has another code: then use the SHA-256 on the certificate.',
  checkedHash: 'Code checked',
  fileError: 'The file could not be read.',
};

export function registerContractVerificationMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: contractVerificationNl, en: contractVerificationEn })) {
    if (!i18n.hasResourceBundle(lng, CONTRACT_VERIFICATION_NAMESPACE)) {
      i18n.addResourceBundle(lng, CONTRACT_VERIFICATION_NAMESPACE, messages, true, false);
    }
  }
}
