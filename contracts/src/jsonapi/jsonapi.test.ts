import { describe, expect, it } from 'vitest';
import { INTERNSHIP_PERIODS_QUERY } from '../organizations/internship-periods.ts';
import { wireFiltersOf } from './jsonapi.ts';

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
