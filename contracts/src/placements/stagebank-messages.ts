/**
 * The internship bank's and the vacancy screens' texts (the portal's i18next namespace `stagebank`):
 * here, not in the portal, because the gateway serves `/stagebank` with its results in the same words
 * (services/gateway/src/cms-prerender.ts). Dutch loads with the portal's bank chunk, English
 * (`stagebank-messages-en.ts`) as a chunk of its own when the page is in English (the bank's first
 * download has a budget). The portal uses them through `useStagebankTexts()`.
 */
import { interpolate, lookup } from '../i18n/message-format.ts';

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
  filtersCount: 'Filters ({{count}})',
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

/** A text's variables: `{{name}}`; `count` also picks the plural (`key_one` / `key_other`). */
export type TStagebankVars = Record<string, string | number> & { defaultValue?: string };

/**
 * A text of the catalogue as i18next gives it (nested keys with dots, `_one`/`_other` by the
 * language's plural rule, `{{name}}` unescaped, `defaultValue` for an unknown key): the gateway's
 * served page says exactly what the portal renders when it takes over.
 */
export function stagebankText(
  messages: TStagebankMessages,
  lang: string,
  key: string,
  vars: TStagebankVars = {},
): string {
  let text: string | undefined;
  if (typeof vars.count === 'number')
    text =
      lookup(messages, `${key}_${new Intl.PluralRules(lang).select(vars.count)}`) ??
      lookup(messages, `${key}_other`);
  text ??= lookup(messages, key);
  return interpolate(text ?? vars.defaultValue ?? key, vars);
}
