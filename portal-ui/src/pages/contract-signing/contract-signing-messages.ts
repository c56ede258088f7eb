import type { i18n as TI18n } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Texts of the signing pages (`/contracts/:id/sign/:signerId`, `/contracts/:id/qr-sign/:signerId`;
 * issue #34 item 4), nl and en, in the i18next namespace `contractSigning`: they load with those pages
 * only, never with the portal's first download. Refusals are the server's own localized errors.
 */
export const CONTRACT_SIGNING_NAMESPACE = 'contractSigning';

export const contractSigningNl = {
  loading: 'Contract laden…',
  lead: 'Stageovereenkomst voor {{internship}} bij {{organization}}.',
  leadNoOrganization: 'Stageovereenkomst voor {{internship}}.',
  noAccess: 'Open deze pagina met de link uit je e-mail, of log in met het account waarmee je ondertekent.',
  signIn: 'Inloggen',
  roles: {
    student: 'de student',
    parent_guardian: 'de ouder of voogd',
    company: 'het stagebedrijf',
    school_representative: 'de vertegenwoordiger van de school',
    mentor: 'de stagedocent',
  },
  youSignAs: 'Je ondertekent als {{role}}.',
  waitingTitle: 'Nog niet jouw beurt',
  waitingFor: 'Eerst ondertekent {{who}}. Je krijgt een e-mail zodra jij aan de beurt bent.',
  waitingDraft: 'De school maakt het contract nog klaar. Je krijgt een e-mail zodra je kunt ondertekenen.',
  waitingCompanyFields:
    'Het stagebedrijf vult eerst zijn gegevens in. Je krijgt een e-mail zodra je kunt ondertekenen.',
  waitingOwnFields:
    'Vul eerst de gegevens van het bedrijf in. Log daarvoor in met het account van het bedrijf; daarna onderteken je hier.',
  preparing: 'Je beurt wordt klaargezet. Dit duurt meestal een paar seconden…',
  voidedTitle: 'Dit contract is ingetrokken',
  voidedBecause: 'Reden: {{reason}}',
  expiredTitle: 'De termijn om te ondertekenen is verlopen',
  expired: 'Niet iedereen heeft op tijd ondertekend. Vraag de school om een nieuw contract.',
  closedTitle: 'Dit contract kan niet meer ondertekend worden',
  signedTitle: 'Je hebt dit contract ondertekend',
  signedOn: 'Ondertekend op {{date}}.',
  signedWaiting: 'Zodra iedereen heeft ondertekend, wordt het contract verzegeld.',
  signedWaitingLink:
    'Heb je geen account bij ons? Dan krijg je na het verzegelen een e-mail met een link om het contract te downloaden.',
  sealed: 'Iedereen heeft ondertekend en het contract is verzegeld.',
  download: 'Contract downloaden (PDF)',
  toContract: 'Naar het contract',
  signTitle: 'Ondertekenen',
  signatureLabel: 'Je handtekening',
  signHint: 'Zet je handtekening in het vak hieronder. Het beeld komt in het verzegelde contract.',
  agree: 'Ik heb het contract gelezen en ga ermee akkoord.',
  submit: 'Contract ondertekenen',
  submitting: 'Bezig met ondertekenen…',
  missingSignature: 'Zet eerst je handtekening.',
  missingAgree: 'Vink aan dat je akkoord gaat.',
  signature: {
    pad: 'Tekenvlak voor je handtekening. Teken met je vinger, een pen of de muis.',
    clear: 'Wissen',
    undo: 'Ongedaan maken',
    empty: 'Nog geen handtekening gezet.',
    signed: 'Handtekening gezet.',
    watermark: 'Getekend op {{date}}',
  },
  qrOffer: 'Tekenen met je vinger gaat makkelijker op een telefoon.',
  qrOpen: 'Onderteken op je telefoon (QR-code)',
  // /contracts/:id/qr-sign/:signerId
  qrLead: 'Scan de QR-code met de camera van je telefoon en onderteken daar. Deze pagina volgt vanzelf.',
  qrLabel: 'QR-code met de link om op je telefoon te ondertekenen',
  qrValidUntil: 'Deze QR-code werkt één keer, tot {{time}}.',
  qrExpired: 'Deze QR-code is verlopen.',
  qrRenew: 'Nieuwe QR-code',
  qrWaitingPhone: 'Wachten tot je op je telefoon hebt ondertekend…',
  qrDone: 'Ondertekend op je telefoon. Dank je wel!',
  qrHere: 'Liever op dit apparaat ondertekenen',
  // a QR code's link opened after it was spent or expired
  qrUsedTitle: 'Deze QR-code is al gebruikt',
  qrUsed:
    'Met een QR-code kun je één keer ondertekenen. Heb je nog niet ondertekend? Maak op je computer een nieuwe QR-code en scan die.',
  qrSpentTitle: 'Deze QR-code werkt niet meer',
  qrSpent:
    'Een QR-code werkt 10 minuten en wordt vervangen door een nieuwere. Maak op je computer een nieuwe QR-code en scan die.',
  qrSteps: [
    'Open de camera van je telefoon en richt hem op de QR-code.',
    'Tik op de link die verschijnt.',
    'Lees het contract, zet je handtekening en bevestig.',
  ],
};

export const contractSigningEn: typeof contractSigningNl = {
  loading: 'Loading the contract…',
  lead: 'Internship agreement for {{internship}} at {{organization}}.',
  leadNoOrganization: 'Internship agreement for {{internship}}.',
  noAccess: 'Open this page with the link from your e-mail, or sign in with the account you sign with.',
  signIn: 'Sign in',
  roles: {
    student: 'the student',
    parent_guardian: 'the parent or guardian',
    company: 'the company',
    school_representative: "the school's representative",
    mentor: 'the mentor',
  },
  youSignAs: 'You sign as {{role}}.',
  waitingTitle: 'Not your turn yet',
  waitingFor: 'First {{who}} signs. You will get an e-mail as soon as it is your turn.',
  waitingDraft: 'The school is still preparing the contract. You will get an e-mail once you can sign.',
  waitingCompanyFields: 'The company first fills in its details. You will get an e-mail once you can sign.',
  waitingOwnFields:
    "First fill in the company's details: sign in with the company's account; then you sign here.",
  preparing: 'Your turn is being prepared. This usually takes a few seconds…',
  voidedTitle: 'This contract was voided',
  voidedBecause: 'Reason: {{reason}}',
  expiredTitle: 'The period for signing has ended',
  expired: 'Not everyone signed in time. Ask the school for a new contract.',
  closedTitle: 'This contract can no longer be signed',
  signedTitle: 'You signed this contract',
  signedOn: 'Signed on {{date}}.',
  signedWaiting: 'Once everyone has signed, the contract is sealed.',
  signedWaitingLink:
    'No account with us? Then you get an e-mail with a link to download the contract once it is sealed.',
  sealed: 'Everyone has signed and the contract is sealed.',
  download: 'Download the contract (PDF)',
  toContract: 'To the contract',
  signTitle: 'Sign',
  signatureLabel: 'Your signature',
  signHint: 'Put your signature in the box below. The image goes into the sealed contract.',
  agree: 'I have read the contract and agree to it.',
  submit: 'Sign the contract',
  submitting: 'Signing…',
  missingSignature: 'Put your signature first.',
  missingAgree: 'Tick that you agree.',
  signature: {
    pad: 'Signature pad. Draw with your finger, a pen or the mouse.',
    clear: 'Clear',
    undo: 'Undo',
    empty: 'Not signed yet.',
    signed: 'Signed.',
    watermark: 'Signed on {{date}}',
  },
  qrOffer: 'Drawing with your finger is easier on a phone.',
  qrOpen: 'Sign on your phone (QR code)',
  qrLead: "Scan the QR code with your phone's camera and sign there. This page follows by itself.",
  qrLabel: 'QR code with the link to sign on your phone',
  qrValidUntil: 'This QR code works once, until {{time}}.',
  qrExpired: 'This QR code has expired.',
  qrRenew: 'New QR code',
  qrWaitingPhone: 'Waiting for you to sign on your phone…',
  qrDone: 'Signed on your phone. Thank you!',
  qrHere: 'Rather sign on this device',
  qrUsedTitle: 'This QR code was used already',
  qrUsed: 'A QR code signs once. Not signed yet? Make a new QR code on your computer and scan that one.',
  qrSpentTitle: 'This QR code no longer works',
  qrSpent:
    'A QR code works for 10 minutes and is replaced by a newer one. Make a new QR code on your computer and scan that one.',
  qrSteps: [
    "Open your phone's camera and point it at the QR code.",
    'Tap the link that appears.',
    'Read the contract, sign and confirm.',
  ],
};

export function registerContractSigningMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: contractSigningNl, en: contractSigningEn }))
    if (!i18n.hasResourceBundle(lng, CONTRACT_SIGNING_NAMESPACE))
      i18n.addResourceBundle(lng, CONTRACT_SIGNING_NAMESPACE, messages, true, false);
}

/** `t` of the signing namespace (registered on first use), the shared `t`, the language and a date format. */
export function useSigningTexts() {
  const { t, i18n } = useTranslation(CONTRACT_SIGNING_NAMESPACE);
  const { t: tShared } = useTranslation();
  registerContractSigningMessages(i18n);
  const lang: 'nl' | 'en' = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en' : 'nl';
  const locale = lang === 'en' ? 'en-GB' : 'nl-NL';
  const dateTime = (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Amsterdam',
    });
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(locale, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Amsterdam',
    });
  return { t, tShared, lang, dateTime, time };
}
