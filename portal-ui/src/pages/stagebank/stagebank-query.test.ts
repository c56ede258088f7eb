import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY,
  facetChoices,
  formatQuery,
  parseQuery,
  servedVacancySearch,
  toApiParams,
  toMarkerParams,
  updateQuery,
  type TStagebankQuery,
} from './stagebank-query.ts';

const parse = (search: string) => parseQuery(new URLSearchParams(search));

describe('the stagebank search in the URL', () => {
  it('is the default for an empty URL, and the default writes no parameters', () => {
    expect(parse('')).toEqual(DEFAULT_QUERY);
    expect(formatQuery(DEFAULT_QUERY).toString()).toBe('');
  });

  it('round-trips every filter, so a shared link opens the same search', () => {
    const query: TStagebankQuery = {
      search: 'zorg & welzijn',
      near: 'Wijchen',
      withinKm: 10,
      kind: 'internship',
      level: 'l1',
      tag: 't2',
      maxHours: 16,
      sort: 'distance',
      perPage: 50,
      page: 3,
      view: 'map',
    };
    const url = formatQuery(query).toString();
    expect(url).toBe(
      'q=zorg+%26+welzijn&near=Wijchen&km=10&kind=internship&level=l1&tag=t2&hours=16&sort=distance&per_page=50&page=3&view=map',
    );
    expect(parse(url)).toEqual(query);
  });

  it('falls back to the defaults for unknown or malformed values', () => {
    expect(parse('km=7&per_page=33&sort=price&page=-2&view=globe&hours=200')).toEqual(DEFAULT_QUERY);
    expect(parse('page=abc&per_page=1e3').page).toBe(1);
    expect(parse(`q=${'x'.repeat(500)}`).search).toHaveLength(200);
    expect(parse('q=%20stage%20').search).toBe('stage');
  });

  it('leaves out the radius when there is no place', () => {
    expect(formatQuery({ ...DEFAULT_QUERY, withinKm: 50 }).toString()).toBe('');
    expect(formatQuery({ ...DEFAULT_QUERY, near: '6601', withinKm: 50 }).toString()).toBe('near=6601&km=50');
  });
});

describe('changing the search', () => {
  const onPage3 = { ...DEFAULT_QUERY, search: 'zorg', page: 3 };

  it('starts a new filter or page size at page 1', () => {
    expect(updateQuery(onPage3, { kind: 'volunteer' }).page).toBe(1);
    expect(updateQuery(onPage3, { perPage: 50 }).page).toBe(1);
  });

  it('keeps the page when only the page or the view changes', () => {
    expect(updateQuery(onPage3, { page: 4 }).page).toBe(4);
    expect(updateQuery(onPage3, { view: 'map' }).page).toBe(3);
  });

  it('drops a sort whose measure is gone: distance without a place, relevance without a text', () => {
    expect(updateQuery(DEFAULT_QUERY, { sort: 'distance' }).sort).toBe('');
    expect(updateQuery({ ...DEFAULT_QUERY, near: 'Nijmegen' }, { sort: 'distance' }).sort).toBe('distance');
    expect(updateQuery({ ...DEFAULT_QUERY, near: 'Nijmegen', sort: 'distance' }, { near: '' }).sort).toBe('');
    expect(updateQuery({ ...DEFAULT_QUERY, search: 'zorg', sort: 'relevance' }, { search: '' }).sort).toBe(
      '',
    );
  });
});

describe('the API parameters', () => {
  it('name the page URL’s search in the API’s terms', () => {
    const query: TStagebankQuery = {
      ...DEFAULT_QUERY,
      search: 'stage',
      near: '6602',
      withinKm: 10,
      kind: 'volunteer',
      level: 'l1',
      tag: 't1',
      maxHours: 16,
      sort: 'newest',
      perPage: 50,
      page: 2,
    };
    expect(Object.fromEntries(toApiParams(query))).toEqual({
      'filter[search]': 'stage',
      'filter[near]': '6602',
      'filter[within_km]': '10',
      'filter[kind_eq]': 'volunteer',
      'filter[level_id_eq]': 'l1',
      'filter[tag_id_eq]': 't1',
      'filter[hours_per_week_lteq]': '16',
      sort: 'newest',
      'page[size]': '50',
      'page[number]': '2',
    });
    expect(Object.fromEntries(toApiParams(DEFAULT_QUERY))).toEqual({ 'page[size]': '20' });
  });

  it('send the same filters to the markers call, without paging or sorting', () => {
    const query = {
      ...DEFAULT_QUERY,
      near: 'Wijchen',
      kind: 'volunteer',
      sort: 'distance' as const,
      page: 2,
    };
    expect(Object.fromEntries(toMarkerParams(query))).toEqual({
      'filter[near]': 'Wijchen',
      'filter[within_km]': '25',
      'filter[kind_eq]': 'volunteer',
    });
  });
});

describe('the level and tag dropdowns', () => {
  const facets = [
    { value: 'a', count: 5, label: 'vmbo-t' },
    { value: 'b', count: 9, label: 'havo' },
    { value: 'c', count: 2, label: null },
  ];
  it('offer the named values of the matches by name, with their counts', () => {
    expect(facetChoices(facets, '', 'Gekozen')).toEqual([
      { value: 'b', label: 'havo', count: 9 },
      { value: 'a', label: 'vmbo-t', count: 5 },
    ]);
    expect(toApiParams(DEFAULT_QUERY, true).get('with_facets')).toBe('true');
    expect(toApiParams(DEFAULT_QUERY).has('with_facets')).toBe(false);
  });
  it('keep the chosen value, also when the matches no longer name it', () => {
    expect(facetChoices(facets, 'a', 'Gekozen').map((f) => f.value)).toEqual(['b', 'a']);
    expect(facetChoices(facets, 'z', 'Gekozen')[0]).toEqual({
      value: 'z',
      label: 'Gekozen',
      count: undefined,
    });
  });
});

describe('what the gateway serves of the bank', () => {
  it('is the search of the URL with the parameters the page asks with, nothing for the map view', () => {
    const served = servedVacancySearch('?q=zorg&near=Wijchen&km=10&sort=distance&page=2');
    const query = parse('?q=zorg&near=Wijchen&km=10&sort=distance&page=2');
    expect(served).toEqual({ kind: 'vacancy-search', query, params: toApiParams(query, true).toString() });
    expect(new URLSearchParams(served!.params).get('with_facets')).toBe('true');
    expect(servedVacancySearch('?view=map&q=zorg')).toBeUndefined();
    expect(servedVacancySearch('?view=list')).toMatchObject({ query: DEFAULT_QUERY });
  });
});
