import type { i18n as TI18n } from 'i18next';

/**
 * The renderer's own texts (issue #18), nl and en, in the i18next namespace `form-renderer`: they load
 * with a form, not with the portal's first download. Validation messages are the shared catalogue's
 * `validation.*` (spec §5), the same texts every other form shows.
 */
export const FORM_RENDERER_NAMESPACE = 'form-renderer';

export const formRendererNl = {
  submit: 'Versturen',
  next: 'Volgende',
  back: 'Vorige',
  steps: 'Stappen',
  pageOf: 'Stap {{current}} van {{total}}',
  yes: 'Ja',
  no: 'Nee',
  choose: 'Kies…',
  scaleOf: '{{value}} van {{max}}',
  errorsTitle: 'Niet alles is goed ingevuld',
  errorsBody: 'Controleer de gemarkeerde velden.',
  honeypot: 'Laat dit veld leeg',
  file: {
    choose: 'Kies een bestand',
    uploading: 'Bezig met uploaden…',
    uploaded: 'Geüpload: {{name}}',
    remove: 'Bestand verwijderen',
    failed: 'Uploaden is mislukt. Probeer het opnieuw.',
    tooLarge: 'Het bestand mag maximaal {{max}} MB zijn.',
    wrongType: 'Kies een bestand van het type: {{types}}.',
  },
  signature: {
    pad: 'Tekenvlak voor je handtekening. Teken met je vinger, een pen of de muis.',
    clear: 'Wissen',
    undo: 'Ongedaan maken',
    empty: 'Nog geen handtekening gezet.',
    signed: 'Handtekening gezet.',
    watermark: 'Getekend op {{date}}',
  },
  thanks: {
    title: 'Bedankt!',
    body: 'Je antwoorden zijn verstuurd.',
    again: 'Nog een keer invullen',
  },
  public: {
    noToken: 'Open de link van het formulier dat je hebt gekregen; dit adres alleen toont geen formulier.',
    notFound: 'Dit formulier bestaat niet of is niet meer online.',
    loading: 'Formulier laden…',
    contactMissing: 'Het contactformulier is hier (nog) niet beschikbaar.',
  },
  preview: {
    note: 'Voorbeeld: zo ziet een bezoeker het formulier. Versturen controleert de antwoorden maar slaat niets op.',
    checked: 'De antwoorden zijn goed (voorbeeld: er is niets verstuurd).',
  },
};

export const formRendererEn: typeof formRendererNl = {
  submit: 'Send',
  next: 'Next',
  back: 'Previous',
  steps: 'Steps',
  pageOf: 'Step {{current}} of {{total}}',
  yes: 'Yes',
  no: 'No',
  choose: 'Choose…',
  scaleOf: '{{value}} of {{max}}',
  errorsTitle: 'Not everything is filled in correctly',
  errorsBody: 'Check the marked fields.',
  honeypot: 'Leave this field empty',
  file: {
    choose: 'Choose a file',
    uploading: 'Uploading…',
    uploaded: 'Uploaded: {{name}}',
    remove: 'Remove file',
    failed: 'The upload failed. Please try again.',
    tooLarge: 'The file may be at most {{max}} MB.',
    wrongType: 'Choose a file of the type: {{types}}.',
  },
  signature: {
    pad: 'Signature pad. Draw with your finger, a pen or the mouse.',
    clear: 'Clear',
    undo: 'Undo',
    empty: 'Not signed yet.',
    signed: 'Signed.',
    watermark: 'Signed on {{date}}',
  },
  thanks: {
    title: 'Thank you!',
    body: 'Your answers have been sent.',
    again: 'Fill it in again',
  },
  public: {
    noToken: 'Open the link of the form you were given; this address alone shows no form.',
    notFound: 'This form does not exist or is no longer online.',
    loading: 'Loading the form…',
    contactMissing: 'The contact form is not available here (yet).',
  },
  preview: {
    note: 'Preview: this is how a visitor sees the form. Sending checks the answers but stores nothing.',
    checked: 'The answers are valid (preview: nothing was sent).',
  },
};

/** Adds both languages once. */
export function registerFormRendererMessages(i18n: TI18n): void {
  for (const [lng, messages] of Object.entries({ nl: formRendererNl, en: formRendererEn })) {
    if (!i18n.hasResourceBundle(lng, FORM_RENDERER_NAMESPACE)) {
      i18n.addResourceBundle(lng, FORM_RENDERER_NAMESPACE, messages, true, false);
    }
  }
}
