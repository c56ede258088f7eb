import { translate, type TLanguage } from '@stageplein/contracts/i18n/index';
import {
  activeFilterCount,
  DEFAULT_QUERY,
  facetChoices,
  formatQuery,
  PAGE_SIZES,
  RADII_KM,
  SORTS,
  STAGEBANK_FILTERS_ID,
  type TStagebankQuery,
} from '@stageplein/contracts/placements/stagebank-query';
import { stagebankEn } from '@stageplein/contracts/placements/stagebank-messages-en';
import {
  stagebankNl,
  stagebankText,
  type TStagebankVars,
} from '@stageplein/contracts/placements/stagebank-messages';
import { vacancyFactTexts } from '@stageplein/contracts/placements/vacancy-facts';
import { vacancyKindsFor } from '@stageplein/contracts/placements/vacancy-kinds';
import type { TFacetOption, TVacancyPage } from '@stageplein/contracts/placements/vacancy-page';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { escapeHtml } from './escape-html.ts';

const HOURS_OPTIONS = [4, 8, 16, 24, 32, 40] as const;

/**
 * `/stagebank` as the portal's StagebankPage renders it on a phone (its hydration snapshot: the
 * gateway cannot know the screen; a wide screen's columns are CSS) with the search's first page: the
 * text and structure exactly (the app hydrates it; portal-ui/test/stagebank-hydration.e2e.test.ts
 * fails on any difference), the ids our own (attributes are not compared; label and field agree).
 */
export function stagebankMarkup(
  page: TVacancyPage,
  query: TStagebankQuery,
  tenant: TTenant,
  lang: TLanguage,
): string {
  const messages = lang === 'en' ? stagebankEn : stagebankNl;
  const t = (key: string, vars?: TStagebankVars) => escapeHtml(stagebankText(messages, lang, key, vars));
  const option = (value: string | number, text: string, selected: string | number) =>
    `<option value="${escapeHtml(String(value))}"${String(value) === String(selected) ? ' selected=""' : ''}>${text}</option>`;
  const select = (
    id: string,
    label: string,
    value: string,
    options: readonly (readonly [string, string])[],
    testId: string,
  ) =>
    `<div class="field field--compact"><label for="${id}">${label}</label><select id="${id}" data-testid="${testId}">` +
    options.map(([v, text]) => option(v, text, value)).join('') +
    `</select></div>`;
  const facetOptions = (facets: TFacetOption[], selected: string, any: string, chosen: string) => [
    ['', any] as const,
    ...facetChoices(facets, selected, stagebankText(messages, lang, chosen)).map(
      (f) =>
        [
          f.value,
          f.count === undefined ? escapeHtml(f.label) : t('facetOption', { label: f.label, count: f.count }),
        ] as const,
    ),
  ];

  const activeFilters = activeFilterCount(query);
  const form =
    `<form class="stagebank__search" role="search" data-testid="stagebank-search">` +
    `<div class="field field--compact"><label for="stagebank-q">${t('searchLabel')}</label><input id="stagebank-q" type="search" class="field__input" value="${escapeHtml(query.search)}" placeholder="${t('searchPlaceholder')}" data-testid="search-text"></div>` +
    `<div class="field field--compact"><label for="stagebank-near">${t('nearLabel')}</label><input id="stagebank-near" type="text" class="field__input" value="${escapeHtml(query.near)}" placeholder="${t('nearPlaceholder')}" autocomplete="postal-code" data-testid="search-near"></div>` +
    `<div class="field field--compact stagebank__radius"><label for="stagebank-km">${t('radiusLabel')}</label><select id="stagebank-km" data-testid="search-radius">${RADII_KM.map((r) => option(r, t('radius', { km: r }), query.withinKm)).join('')}</select></div>` +
    `<button type="submit" class="btn btn--primary" data-testid="search-submit">${t('search')}</button>` +
    `<button type="button" class="btn btn--neutral stagebank__filters-toggle" aria-expanded="false" aria-controls="${STAGEBANK_FILTERS_ID}" data-testid="filters-toggle">${activeFilters ? t('filtersCount', { count: activeFilters }) : t('filters')}</button></form>`;

  const filtered =
    formatQuery({ ...query, page: 1, view: 'list', perPage: DEFAULT_QUERY.perPage }).toString() !== '';
  const filters =
    `<div id="${STAGEBANK_FILTERS_ID}" class="stagebank__filters" role="group" aria-label="${t('filters')}">` +
    select(
      'stagebank-kind',
      t('kindLabel'),
      query.kind,
      [['', t('anyKind')], ...vacancyKindsFor(tenant.features).map((k) => [k, t(`kinds.${k}`)] as const)],
      'filter-kind',
    ) +
    select(
      'stagebank-level',
      t('levelLabel'),
      query.level,
      facetOptions(page.levels, query.level, t('anyLevel'), 'chosenLevel'),
      'filter-level',
    ) +
    select(
      'stagebank-tag',
      t('tagLabel'),
      query.tag,
      facetOptions(page.tags, query.tag, t('anyTag'), 'chosenTag'),
      'filter-tag',
    ) +
    select(
      'stagebank-hours',
      t('hoursLabel'),
      query.maxHours === undefined ? '' : String(query.maxHours),
      [
        ['', t('anyHours')],
        ...HOURS_OPTIONS.map((h) => [String(h), t('hoursOption', { hours: h })] as const),
      ],
      'filter-hours',
    ) +
    select(
      'stagebank-sort',
      t('sortLabel'),
      query.sort,
      SORTS.filter((s) => (s !== 'distance' || query.near) && (s !== 'relevance' || query.search)).map(
        (s) => [s, t(`sorts.${s || 'auto'}`)] as const,
      ),
      'sort',
    ) +
    (filtered ? `<button type="button" class="btn btn--neutral">${t('clear')}</button>` : '') +
    `</div>`;

  // The phone's toggle (hidden by CSS on a wide screen, where the app does not render it).
  const toggle =
    `<div class="tabs tabs--boxed stagebank__toggle" role="group" aria-label="${t('viewToggle')}" data-testid="view-toggle">` +
    `<button type="button" class="tab tab--active" aria-pressed="true">${t('showList')}</button>` +
    `<button type="button" class="tab" aria-pressed="false">${t('showMap')}</button></div>`;

  const cards = page.vacancies
    .map((v) => {
      const { kind, facts } = vacancyFactTexts(v, page.distanceKm(v), lang, (key, vars) =>
        stagebankText(messages, lang, key, vars),
      );
      return (
        `<li class="card vacancy-card" data-testid="vacancy-card">` +
        (v.imageUrl
          ? `<img class="vacancy-card__image" src="${escapeHtml(v.imageUrl)}" alt="${escapeHtml(v.imageAlt ?? '')}" width="160" height="120" loading="lazy" data-testid="vacancy-card-image">`
          : '') +
        `<h3 class="vacancy-card__title"><a href="/vacancies/${encodeURIComponent(v.id)}">${escapeHtml(v.title)}</a></h3>` +
        `<div class="vacancy-facts"><span class="badge badge--inline">${escapeHtml(kind)}</span>` +
        `<ul class="vacancy-facts__list">${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul></div></li>`
      );
    })
    .join('');
  const pages = Math.max(1, Math.ceil(page.total / query.perPage));
  const paging =
    `<div class="list-paging"><div class="field field--compact per-page"><label for="stagebank-per-page">${t('perPage')}</label>` +
    `<select id="stagebank-per-page" data-testid="per-page">${PAGE_SIZES.map((n) => option(n, String(n), query.perPage)).join('')}</select></div>` +
    (pages > 1
      ? `<nav aria-label="${t('pagination')}" class="list-paging__pages" data-testid="pagination">` +
        `<button type="button" class="btn"${query.page <= 1 ? ' disabled=""' : ''}>${t('previous')}</button>` +
        `<span>${t('pageOf', { page: query.page, pages })}</span>` +
        `<button type="button" class="btn"${query.page >= pages ? ' disabled=""' : ''}>${t('next')}</button></nav>`
      : '') +
    `</div>`;
  const results =
    `<section class="stagebank__results" aria-labelledby="stagebank-results" data-testid="stagebank-results">` +
    `<h2 id="stagebank-results" class="visually-hidden">${t('resultsHeading')}</h2>` +
    `<p class="stagebank__count" role="status" data-testid="stagebank-count">${t('results', { count: page.total })}</p>` +
    (page.vacancies.length === 0
      ? `<p data-testid="stagebank-empty">${t('noResults')}</p>`
      : `<ul class="vacancy-list" data-testid="vacancy-list">${cards}</ul>`) +
    paging +
    `</section>`;

  return (
    `<div class="container page" data-testid="stagebank">` +
    `<h1 data-testid="page-title">${escapeHtml(translate(lang, 'routes.internshipBank.title'))}</h1>` +
    `<div class="page__lead">${escapeHtml(translate(lang, 'routes.internshipBank.description'))}</div>` +
    form +
    filters +
    toggle +
    `<div class="stagebank__layout">${results}</div></div>`
  );
}
