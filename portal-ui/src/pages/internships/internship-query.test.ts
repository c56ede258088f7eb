import { describe, expect, it } from 'vitest';
import {
  apiParams,
  changeQuery,
  filtersFor,
  hasFilters,
  listViewer,
  queryFromSearch,
  searchFromQuery,
} from './internship-query.ts';

describe('the internships list query', () => {
  it('reads and writes the URL, defaults left out', () => {
    const q = queryFromSearch(new URLSearchParams('period=p1&status=applied&page=3&per_page=10'));
    expect(q).toEqual({
      period: 'p1',
      years: '',
      status: 'applied',
      organization: '',
      group: '',
      page: 3,
      perPage: 10,
    });
    expect(searchFromQuery(q).toString()).toBe('period=p1&status=applied&page=3&per_page=10');
    expect(searchFromQuery(queryFromSearch(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores nonsense in the URL', () => {
    const q = queryFromSearch(new URLSearchParams('page=-2&per_page=7'));
    expect(q.page).toBe(1);
    expect(q.perPage).toBe(25);
  });

  it('starts again at page 1 when a filter changes, keeps the filters when paging', () => {
    const q = queryFromSearch(new URLSearchParams('status=applied&page=3'));
    expect(changeQuery(q, { group: 'g' }).page).toBe(1);
    expect(changeQuery(q, { page: 4 })).toMatchObject({ status: 'applied', page: 4 });
    expect(changeQuery(q, { status: 'applied' }).page).toBe(3);
    expect(hasFilters(q)).toBe(true);
    expect(hasFilters(changeQuery(q, { status: '' }))).toBe(false);
  });

  it('asks the API with the contract’s filter names', () => {
    const params = apiParams(
      queryFromSearch(new URLSearchParams('period=p&status=active&organization=o&group=g&page=2')),
    );
    expect(params.get('filter[internship_period_id_eq]')).toBe('p');
    expect(params.get('filter[status_eq]')).toBe('active');
    expect(params.get('filter[organization_id_eq]')).toBe('o');
    expect(params.get('filter[group_id]')).toBe('g');
    expect(params.get('page[number]')).toBe('2');
    expect(params.get('page[size]')).toBe('25');
    expect(params.get('include')).toContain('student');
  });

  it('keeps to the current and next school year unless every year is asked for (spec §4)', () => {
    expect(apiParams(queryFromSearch(new URLSearchParams())).get('filter[in_scope]')).toBe('true');
    const all = queryFromSearch(new URLSearchParams('years=all&page=2'));
    expect(all.years).toBe('all');
    expect(apiParams(all).has('filter[in_scope]')).toBe(false);
    expect(searchFromQuery(all).toString()).toBe('years=all&page=2');
    expect(hasFilters(all)).toBe(true);
    expect(changeQuery(all, { years: '' })).toMatchObject({ years: '', page: 1 });
    expect(queryFromSearch(new URLSearchParams('years=nonsense')).years).toBe('');
  });

  it('knows whose list it is from the policy’s scopes', () => {
    expect(listViewer([])).toBe('none');
    expect(listViewer([{ kind: 'student', schoolId: 's', studentId: 'u' }])).toBe('student');
    expect(
      listViewer([
        { kind: 'organization', organizationId: 's' },
        { kind: 'school', schoolId: 's' },
      ]),
    ).toBe('school');
    expect(filtersFor('school')).toEqual({ organization: true, group: true });
    expect(filtersFor('student')).toEqual({ organization: false, group: false });
  });
});
