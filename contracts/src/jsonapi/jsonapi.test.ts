import { describe, expect, it } from 'vitest';
import { INTERNSHIP_PERIODS_QUERY } from '../organizations/internship-periods.ts';
import { GROUPS_FILTERS } from '../organizations/school-resources.ts';
import { wireFiltersOf, zIdFilterQuery } from './jsonapi.ts';

describe('wireFiltersOf', () => {
  it('names every filter predicate and scope as a client sends it', () => {
    expect(wireFiltersOf(INTERNSHIP_PERIODS_QUERY)).toEqual([
      'school_id_eq',
      'school_year_id_eq',
      'school_year_id_in',
      'status_eq',
      'all_years',
    ]);
    expect(wireFiltersOf({})).toEqual([]);
  });
});

describe('zIdFilterQuery', () => {
  const ZQuery = zIdFilterQuery(GROUPS_FILTERS);
  const id = '0b9e7a34-5c3f-4a51-9a55-2f1e3c4d5e6f';

  it('accepts exactly the named filters, each an optional id', () => {
    expect(Object.keys(ZQuery.shape)).toEqual(['filter[school_year_id_eq]', 'filter[level_id_eq]']);
    expect(ZQuery.parse({ 'filter[level_id_eq]': id })).toEqual({ 'filter[level_id_eq]': id });
    expect(ZQuery.parse({})).toEqual({});
  });

  it('refuses a value that is not an id', () => {
    expect(ZQuery.safeParse({ 'filter[school_year_id_eq]': '1 or 1=1' }).success).toBe(false);
  });
});
