import { useEffect, useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListPaging } from '@stageplein/design-system/components/per-page-select.tsx';
import { LazyMap } from '@stageplein/design-system/map/lazy-map.tsx';
import type { TMapMarker } from '@stageplein/design-system/map/map-model.ts';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import { useApi } from '../../api/api-context.ts';
import { useTenant } from '../../tenant/tenant-context.ts';
import { Page, useRouteTitle } from '../page-kit.tsx';
import {
  activeFilterCount,
  DEFAULT_QUERY,
  facetChoices,
  formatQuery,
  parseQuery,
  PAGE_SIZES,
  RADII_KM,
  SORTS,
  STAGEBANK_FILTERS_ID,
  toApiParams,
  toMarkerParams,
  updateQuery,
  zoomForRadius,
  type TStagebankQuery,
} from './stagebank-query.ts';
import { useStagebankTexts, vacancyKinds, withStagebankTexts } from './stagebank-texts.tsx';
import { VacancyFacts } from './vacancy-facts.tsx';
import { searchVacancies, vacancyMarkers, vacancySearchKey, type TVacancyPage } from './vacancy-api.ts';

const WIDE = '(min-width: 56rem)';
const HOURS_OPTIONS = [4, 8, 16, 24, 32, 40] as const;

/**
 * Whether the screen shows list and map side by side (else a phone: one at a time, a toggle). The
 * gateway's served page is the phone's (it cannot know the screen): hydration starts from that, then
 * a wide screen adds its map. The columns and the toggle's hiding are CSS (the same 56rem), so the
 * served list does not move when that happens.
 */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(WIDE);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * `/stagebank` (public, system page 1 `vacancy-search`): search by text and place with a radius,
 * filters, the result list with the per-page selector and the map of every match. The search lives
 * in the URL (stagebank-query.ts): a search can be shared, the back button undoes a change.
 */
export const StagebankPage = withStagebankTexts(function StagebankPage() {
  const t = useStagebankTexts();
  const { t: tShared, i18n } = useTranslation();
  const title = useRouteTitle();
  const api = useApi();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseQuery(params), [params]);
  const wide = useWideScreen();
  const showList = wide || query.view === 'list';
  const showMap = wide || query.view === 'map';
  // A phone shows the results first: the radius and the filters open behind a button (CSS hides them).
  const [filtersOpen, setFiltersOpen] = useState(false);

  const change = (update: Partial<TStagebankQuery>) => setParams(formatQuery(updateQuery(query, update)));

  const apiParams = toApiParams(query, true).toString();
  const results = useQuery({
    queryKey: vacancySearchKey(apiParams),
    queryFn: ({ signal }) => searchVacancies(api.client, new URLSearchParams(apiParams), signal),
    placeholderData: keepPreviousData,
  });
  const markerParams = toMarkerParams(query).toString();
  const markers = useQuery({
    queryKey: ['vacancy-markers', markerParams],
    queryFn: ({ signal }) => vacancyMarkers(api.client, new URLSearchParams(markerParams), signal),
    placeholderData: keepPreviousData,
    // A phone showing the list needs no markers (and no map code).
    enabled: showMap,
  });

  // A place the API does not know is said beside its field (the API's own words), not as a failed load.
  const placeError =
    isApiRequestError(results.error) && results.error.errors[0]?.code === 'unknown_place'
      ? (results.error.errors[0].detail ?? t('loadError'))
      : undefined;
  // Centred on the place searched around (as the API resolved it), else the tenant's map centre.
  const near = query.near ? (markers.data?.near ?? results.data?.near) : undefined;
  const kinds = vacancyKinds(tenant.features);
  // The dropdowns offer the levels and tags of the matches, each with its count.
  const facetOptions = (
    facets: TVacancyPage['levels'] | undefined,
    selected: string,
    any: string,
    chosen: string,
  ): [string, string][] => [
    ['', any],
    ...facetChoices(facets ?? [], selected, chosen).map((f): [string, string] => [
      f.value,
      f.count === undefined ? f.label : t('facetOption', { label: f.label, count: f.count }),
    ]),
  ];
  const mapTexts = {
    label: t('mapLabel'),
    fallback: t('mapFallback'),
    cluster: (count: number) => t('cluster', { count }),
    zoomIn: t('zoomIn'),
    zoomOut: t('zoomOut'),
  };

  return (
    <Page title={title} lead={tShared('routes.internshipBank.description')} testId="stagebank">
      <SearchForm
        query={query}
        onSearch={(update) => {
          // Searched: the results are what the person wants to see now.
          setFiltersOpen(false);
          change(update);
        }}
        placeError={placeError}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((open) => !open)}
      />
      <div
        id={STAGEBANK_FILTERS_ID}
        className={`stagebank__filters${filtersOpen ? ' stagebank__filters--open' : ''}`}
        role="group"
        aria-label={t('filters')}
      >
        <Select
          label={t('kindLabel')}
          value={query.kind}
          onChange={(kind) => change({ kind })}
          options={[['', t('anyKind')], ...kinds.map((k) => [k, t(`kinds.${k}`)] as [string, string])]}
          testId="filter-kind"
        />
        <Select
          label={t('levelLabel')}
          value={query.level}
          onChange={(level) => change({ level })}
          options={facetOptions(results.data?.levels, query.level, t('anyLevel'), t('chosenLevel'))}
          testId="filter-level"
        />
        <Select
          label={t('tagLabel')}
          value={query.tag}
          onChange={(tag) => change({ tag })}
          options={facetOptions(results.data?.tags, query.tag, t('anyTag'), t('chosenTag'))}
          testId="filter-tag"
        />
        <Select
          label={t('hoursLabel')}
          value={query.maxHours === undefined ? '' : String(query.maxHours)}
          onChange={(v) => change({ maxHours: v ? Number(v) : undefined })}
          options={[
            ['', t('anyHours')],
            ...HOURS_OPTIONS.map((h) => [String(h), t('hoursOption', { hours: h })] as [string, string]),
          ]}
          testId="filter-hours"
        />
        <Select
          label={t('sortLabel')}
          value={query.sort}
          onChange={(sort) => change({ sort: sort as TStagebankQuery['sort'] })}
          options={SORTS.filter(
            (s) => (s !== 'distance' || query.near) && (s !== 'relevance' || query.search),
          ).map((s) => [s, t(`sorts.${s || 'auto'}`)])}
          testId="sort"
        />
        {formatQuery({ ...query, page: 1, view: 'list', perPage: DEFAULT_QUERY.perPage }).toString() !==
          '' && (
          <button
            type="button"
            className="btn btn--neutral"
            onClick={() => setParams(formatQuery({ ...DEFAULT_QUERY, view: query.view }))}
          >
            {t('clear')}
          </button>
        )}
      </div>

      {!wide && (
        <div
          className="tabs tabs--boxed stagebank__toggle"
          role="group"
          aria-label={t('viewToggle')}
          data-testid="view-toggle"
        >
          {(['list', 'map'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className={`tab${query.view === view ? ' tab--active' : ''}`}
              aria-pressed={query.view === view}
              onClick={() => change({ view })}
            >
              {view === 'list' ? t('showList') : t('showMap')}
            </button>
          ))}
        </div>
      )}

      <div className="stagebank__layout">
        {showList && (
          <section
            className="stagebank__results"
            aria-labelledby="stagebank-results"
            data-testid="stagebank-results"
          >
            <h2 id="stagebank-results" className="visually-hidden">
              {t('resultsHeading')}
            </h2>
            <Results
              page={placeError ? undefined : results.data}
              pending={results.isPending}
              error={results.isError}
              placeError={!!placeError}
              retry={() => void results.refetch()}
              query={query}
              onChange={change}
              language={i18n.language}
            />
          </section>
        )}
        {showMap && (
          <div className="stagebank__map" data-testid="stagebank-map">
            <LazyMap
              center={near ? { lat: near.latitude, lng: near.longitude } : tenant.mapCenter}
              zoom={near ? zoomForRadius(query.withinKm) : 9}
              markers={markers.data?.markers ?? NO_MARKERS}
              texts={mapTexts}
              loadingText={t('mapLoading')}
              hrefFor={(m: TMapMarker) => `/vacancies/${m.id}`}
              onOpen={(m: TMapMarker) => void navigate(`/vacancies/${m.id}`)}
            />
          </div>
        )}
      </div>
    </Page>
  );
});

const NO_MARKERS: TMapMarker[] = [];

function SearchForm({
  query,
  onSearch,
  placeError,
  filtersOpen,
  onToggleFilters,
}: {
  query: TStagebankQuery;
  onSearch: (q: Partial<TStagebankQuery>) => void;
  placeError: string | undefined;
  filtersOpen: boolean;
  onToggleFilters: () => void;
}) {
  const t = useStagebankTexts();
  const [search, setSearch] = useState(query.search);
  const [near, setNear] = useState(query.near);
  const [km, setKm] = useState(query.withinKm);
  // Back and forward (or a shared link opened in place) put the URL's search back in the fields.
  useEffect(() => {
    setSearch(query.search);
    setNear(query.near);
    setKm(query.withinKm);
  }, [query.search, query.near, query.withinKm]);
  const ids = { search: useId(), near: useId(), km: useId(), nearError: useId() };
  const activeFilters = activeFilterCount(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ search: search.trim(), near: near.trim(), withinKm: km });
  };
  return (
    <form
      className={`stagebank__search${filtersOpen ? ' stagebank__search--open' : ''}`}
      role="search"
      onSubmit={submit}
      data-testid="stagebank-search"
    >
      <div className="field field--compact">
        <label htmlFor={ids.search}>{t('searchLabel')}</label>
        <input
          id={ids.search}
          type="search"
          className="field__input"
          value={search}
          placeholder={t('searchPlaceholder')}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="search-text"
        />
      </div>
      <div className="field field--compact">
        <label htmlFor={ids.near}>{t('nearLabel')}</label>
        <input
          id={ids.near}
          type="text"
          className="field__input"
          value={near}
          placeholder={t('nearPlaceholder')}
          autoComplete="postal-code"
          aria-invalid={placeError ? true : undefined}
          aria-describedby={placeError ? ids.nearError : undefined}
          onChange={(e) => setNear(e.target.value)}
          data-testid="search-near"
        />
        {placeError && (
          <p id={ids.nearError} className="field__error" role="alert" data-testid="search-near-error">
            {placeError}
          </p>
        )}
      </div>
      <div className="field field--compact stagebank__radius">
        <label htmlFor={ids.km}>{t('radiusLabel')}</label>
        <select
          id={ids.km}
          value={km}
          onChange={(e) => setKm(Number(e.target.value))}
          data-testid="search-radius"
        >
          {RADII_KM.map((r) => (
            <option key={r} value={r}>
              {t('radius', { km: r })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--primary" data-testid="search-submit">
        {t('search')}
      </button>
      <button
        type="button"
        className="btn btn--neutral stagebank__filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={STAGEBANK_FILTERS_ID}
        onClick={onToggleFilters}
        data-testid="filters-toggle"
      >
        {activeFilters ? t('filtersCount', { count: activeFilters }) : t('filters')}
      </button>
    </form>
  );
}

function Select({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  testId: string;
}) {
  const id = useId();
  return (
    <div className="field field--compact">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Results({
  page,
  pending,
  error,
  placeError,
  retry,
  query,
  onChange,
  language,
}: {
  page: TVacancyPage | undefined;
  pending: boolean;
  error: boolean;
  /** The place was not found: said beside its field, nothing to list. */
  placeError: boolean;
  retry: () => void;
  query: TStagebankQuery;
  onChange: (q: Partial<TStagebankQuery>) => void;
  language: string;
}) {
  const t = useStagebankTexts();
  if (placeError) return null;
  if (error && !page) {
    return (
      <div className="alert alert--error" role="alert">
        <p>{t('loadError')}</p>
        <button type="button" className="btn" onClick={retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (pending || !page) return <p role="status">{t('loading')}</p>;
  const pages = Math.max(1, Math.ceil(page.total / query.perPage));
  return (
    <>
      <p className="stagebank__count" role="status" data-testid="stagebank-count">
        {t('results', { count: page.total })}
      </p>
      {page.vacancies.length === 0 ? (
        <p data-testid="stagebank-empty">{t('noResults')}</p>
      ) : (
        <ul className="vacancy-list" data-testid="vacancy-list">
          {page.vacancies.map((v) => (
            <li key={v.id} className="card vacancy-card" data-testid="vacancy-card">
              {v.imageUrl && (
                <img
                  className="vacancy-card__image"
                  src={v.imageUrl}
                  alt={v.imageAlt ?? ''}
                  width={160}
                  height={120}
                  loading="lazy"
                  data-testid="vacancy-card-image"
                />
              )}
              <h3 className="vacancy-card__title">
                <Link to={`/vacancies/${v.id}`}>{v.title}</Link>
              </h3>
              <VacancyFacts vacancy={v} distanceKm={page.distanceKm(v)} language={language} />
            </li>
          ))}
        </ul>
      )}
      <ListPaging
        perPage={query.perPage}
        perPageOptions={PAGE_SIZES}
        page={query.page}
        pages={pages}
        onChange={onChange}
        texts={{
          perPage: t('perPage'),
          pagination: t('pagination'),
          previous: t('previous'),
          next: t('next'),
          pageOf: t('pageOf', { page: query.page, pages }),
        }}
        testId="pagination"
      />
    </>
  );
}
