import type { i18n as TI18n } from 'i18next';

/**
 * The internship bank's and the vacancy screens' texts in the i18next namespace `stagebank`: Dutch
 * loads with these pages' chunk, English (`stagebank-messages-en.ts`) as a chunk of its own when the
 * page is in English (the bank's first download has a budget). Use through `useStagebankTexts()`.
 */
export const STAGEBANK_NAMESPACE = 'stagebank';

export const stagebankNl = {
  searchLabel: 'Zoeken',
  searchPlaceholder: 'Bijvoorbeeld zorg, techniek of kinderopvang',
  nearLabel: 'Plaats of postcode',
  nearPlaceholder: 'Bijvoorbeeld Wijchen of 6601',
  radiusLabel: 'Straal',
  radius: '{{km}} km',
  search: 'Zoeken',
  filters: 'Filters',
  kindLabel: 'Soort',
  anyKind: 'Alle soorten',
  kinds: { internship: 'Stage', volunteer: 'Vrijwilligerswerk', traineeship: 'Leerbaan' },
  levelLabel: 'Niveau',
  anyLevel: 'Alle niveaus',
  tagLabel: 'Tag',
  anyTag: 'Alle tags',
  facetOption: '{{label}} ({{count}})',
  chosenLevel: 'Gekozen niveau',
  chosenTag: 'Gekozen tag',
  hoursLabel: 'Uren per week (hoogstens)',
  anyHours: 'Maakt niet uit',
  hoursOption: 'tot {{hours}} uur',
  sortLabel: 'Sorteren op',
  sorts: { auto: 'Standaard', relevance: 'Beste match', distance: 'Afstand', newest: 'Nieuwste' },
  clear: 'Filters wissen',
  perPage: 'Per pagina',
  results_one: '{{count}} vacature gevonden',
  results_other: '{{count}} vacatures gevonden',
  noResults: 'Geen vacatures gevonden. Probeer een andere zoekterm, een grotere straal of minder filters.',
  loading: 'Vacatures laden…',
  loadError: 'De vacatures konden niet worden geladen.',
  retry: 'Opnieuw proberen',
  previous: 'Vorige',
  next: 'Volgende',
  pageOf: 'Pagina {{page}} van {{pages}}',
  pagination: 'Paginering',
  viewToggle: 'Weergave',
  showList: 'Lijst',
  showMap: 'Kaart',
  resultsHeading: 'Resultaten',
  mapLabel: 'Kaart met vacatures',
  mapLoading: 'Kaart laden…',
  mapFallback:
    'De kaartachtergrond kan niet worden geladen. De vacatures staan als punten op een lege ondergrond en hieronder als lijst.',
  cluster_one: '{{count}} vacature hier, inzoomen',
  cluster_other: '{{count}} vacatures hier, inzoomen',
  zoomIn: 'Inzoomen',
  zoomOut: 'Uitzoomen',
  hoursPerWeek: '{{hours}} uur per week',
  places_one: '{{count}} plek',
  places_other: '{{count}} plekken',
  period: '{{start}} tot {{end}}',
  startsOn: 'Vanaf {{start}}',
  distance: '{{km}} km',
  // The vacancy page
  organization: 'Organisatie',
  address: 'Adres',
  details: 'Gegevens',
  staticMapLabel: 'Kaart van de omgeving van {{place}}',
  staticMapFallback: 'Kaart niet beschikbaar. Adres: {{place}}',
  apply: 'Solliciteren',
  applySignIn: 'Log in om op deze vacature te solliciteren.',
  signIn: 'Inloggen om te reageren',
  backToBank: 'Terug naar de stagebank',
  notFound: 'Deze vacature bestaat niet (meer) of is niet openbaar.',
  closesAt: 'Reageren kan tot {{date}}',
};

export type TStagebankMessages = typeof stagebankNl;

/** Adds a language's texts to the namespace once. */
export function registerStagebankMessages(i18n: TI18n, lng: string, messages: TStagebankMessages): void {
  if (!i18n.hasResourceBundle(lng, STAGEBANK_NAMESPACE)) {
    i18n.addResourceBundle(lng, STAGEBANK_NAMESPACE, messages, true, false);
  }
}
