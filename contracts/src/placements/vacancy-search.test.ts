import { describe, expect, it } from 'vitest';
import { wireFiltersOf } from '../jsonapi/jsonapi.ts';
import { VACANCY_SEARCH_QUERY, vacancySearchParams } from './vacancy-search.ts';

describe('vacancy search contract', () => {
  it('builds the querystring the route parses, with the kit’s filter names', () => {
    const p = vacancySearchParams({
      search: 'zorg',
      near: 'Utrecht',
      withinKm: 10,
      filters: { level_id_in: ['a', 'b'], kind_eq: 'internship', hours_per_week_lteq: '16' },
      sort: 'distance',
      pageSize: 20,
      cursor: 'abc',
      pageNumber: 3,
      withFacets: true,
    });
    expect(Object.fromEntries(p)).toEqual({
      'filter[search]': 'zorg',
      'filter[near]': 'Utrecht',
      'filter[within_km]': '10',
      'filter[level_id_in]': 'a,b',
      'filter[kind_eq]': 'internship',
      'filter[hours_per_week_lteq]': '16',
      sort: 'distance',
      'page[size]': '20',
      'page[cursor]': 'abc',
      with_facets: 'true',
    });
    for (const key of p.keys()) {
      const name = /^filter\[(.+)\]$/.exec(key)?.[1];
      if (name) expect(wireFiltersOf(VACANCY_SEARCH_QUERY)).toContain(name);
    }
  });

  it('leaves out the radius without a place and page 1', () => {
    expect(vacancySearchParams({ withinKm: 10, pageNumber: 1 }).toString()).toBe('');
  });
});
