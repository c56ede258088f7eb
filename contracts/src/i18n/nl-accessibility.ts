/**
 * The accessibility statement's Dutch texts (`portal.accessibility.*`; toegankelijkheidsverklaring,
 * Dutch public-sector model; docs/accessibility.md). Its own module: part of `nl` (nl.ts), but the
 * portal's first download leaves it out and the statement's page adds it (issue #14's budget).
 */
export const nlAccessibility = {
  intro:
    '{{appName}} wil voor iedereen bruikbaar zijn: ook als je slecht ziet of hoort, geen muis gebruikt of een schermlezer. Deze verklaring gaat over deze website, {{host}}: het portaal en het beheergedeelte.',
  standard:
    'De norm is de Web Content Accessibility Guidelines (WCAG) 2.1, niveau A en AA, zoals de Europese norm EN 301 549 en het Besluit digitale toegankelijkheid overheid vragen.',
  statusTitle: 'Status',
  status:
    'Eerste maatregelen genomen. We toetsen de website zelf bij elke wijziging van de software (zie hieronder); een onderzoek door een onafhankelijke partij is nog niet gedaan.',
  testedTitle: 'Wat we hebben getest',
  tested:
    'Alle schermen die er nu zijn, in het portaal en in het beheergedeelte: in lichte en donkere modus, in het Nederlands en het Engels, en in de huisstijl van elke organisatie die dit platform gebruikt.',
  howTitle: 'Hoe we testen',
  how: {
    axe: 'Automatisch: bij elke wijziging controleert axe-core elk scherm in een echte browser (Chromium). Een wijziging waarin het een probleem vindt, gaat niet live.',
    keyboard:
      'Met alleen het toetsenbord: inloggen, het accountmenu, de menu’s, de formulieren en uitloggen, zonder muis.',
    phone:
      'Op de breedte van een telefoon (375 pixels) en van een computerscherm (1280 pixels): niets valt buiten beeld en niets schuift zijwaarts.',
    contrast:
      'Het kleurcontrast van de kleuren van elke organisatie: tekst op de achtergronden moet voldoen aan WCAG AA (4,5:1, grote tekst 3:1).',
  },
  exceptionsTitle: 'Bekende uitzonderingen',
  exceptions: {
    placeholders: 'Schermen die nog worden gebouwd, tonen alleen hun titel.',
    content:
      'Documenten die scholen en organisaties zelf uploaden (zoals pdf’s) en teksten die zij zelf schrijven, controleren wij niet.',
    automated:
      'Automatische tests vinden niet elk probleem. Een onderzoek door een onafhankelijke partij volgt nog.',
  },
  contactTitle: 'Contact',
  contact:
    'Loop je tegen een probleem aan, of heb je informatie in een andere vorm nodig? Neem contact op met je school of organisatie; zij geven het door aan de beheerders van {{appName}}. Je kunt ook het contactformulier gebruiken.',
  contactForm: 'Naar het contactformulier',
  complaint:
    'Ben je niet tevreden over hoe je melding is afgehandeld? Gebruik dan de klachtenregeling van je school of organisatie, of wend je tot de Nationale ombudsman.',
  dateTitle: 'Over deze verklaring',
  date: 'Opgesteld op {{date}}. De tests hierboven draaien bij elke wijziging van de software, zodat deze verklaring klopt.',
};
