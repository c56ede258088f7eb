import { describe, expect, it } from 'vitest';
import { matchesFilter, sortRecords, splitPredicate, toWireFilters, wireSort } from './jsonapi-query.ts';

describe('toWireFilters (react-admin filter → Ransack-style JSON:API filter)', () => {
  it('keeps predicates, names scopes, adds _eq / _in, and maps q to the search scope', () => {
    expect(
      toWireFilters(
        {
          q: 'an',
          withRole: 'admin',
          status: ['active', 'invited'],
          nameCont: 'De',
          organizationId: 'o',
          parentIdNull: true,
        },
        ['with_role'],
      ),
    ).toEqual({
      search: 'an',
      with_role: 'admin',
      status_in: ['active', 'invited'],
      name_cont: 'De',
      organization_id_eq: 'o',
      parent_id_null: 'true',
    });
  });

  it('leaves cleared inputs out and sends null as a _null filter', () => {
    expect(toWireFilters({ status: '', roles: [], city: undefined, parentId: null })).toEqual({
      parent_id_null: 'true',
    });
  });
});

describe('splitPredicate', () => {
  it('takes the longest predicate (not_eq before eq)', () => {
    expect(splitPredicate('status_not_eq')).toEqual({ attribute: 'status', predicate: 'not_eq' });
    expect(splitPredicate('start_date_gteq')).toEqual({ attribute: 'start_date', predicate: 'gteq' });
    expect(splitPredicate('with_role')).toBeUndefined();
    expect(splitPredicate('_eq')).toBeUndefined();
  });
});

describe('matchesFilter (collections the API answers whole)', () => {
  const record = {
    id: '1',
    name: 'Stichting Café De Brug',
    city: 'Utrecht',
    status: 'active',
    endDate: '2027-01-31',
    parentId: null,
    profile: { contactName: 'Femke' },
  };

  it('implements every predicate', () => {
    expect(matchesFilter(record, 'status_eq', 'active')).toBe(true);
    expect(matchesFilter(record, 'status_not_eq', 'active')).toBe(false);
    expect(matchesFilter(record, 'status_in', ['archived', 'active'])).toBe(true);
    expect(matchesFilter(record, 'name_cont', 'cafe de')).toBe(true);
    expect(matchesFilter(record, 'end_date_gteq', '2027-01-31')).toBe(true);
    expect(matchesFilter(record, 'end_date_lteq', '2026-12-31')).toBe(false);
    expect(matchesFilter(record, 'parent_id_null', 'true')).toBe(true);
    expect(matchesFilter(record, 'city_null', 'true')).toBe(false);
  });

  it('searches every text, nested ones too, accent- and case-insensitively, all words', () => {
    expect(matchesFilter(record, 'search', 'brug UTRECHT')).toBe(true);
    expect(matchesFilter(record, 'search', 'femke')).toBe(true);
    expect(matchesFilter(record, 'search', 'brug amsterdam')).toBe(false);
  });
});

describe('sorting', () => {
  it('sorts in memory with Dutch collation and numbers in names, missing values last', () => {
    const rows = [{ name: 'Groep 10' }, { name: 'groep 9' }, { name: null }, { name: 'Álmere' }];
    expect(sortRecords(rows, 'name').map((r) => r.name)).toEqual(['Álmere', 'groep 9', 'Groep 10', null]);
    expect(sortRecords(rows, 'name', 'DESC').map((r) => r.name)).toEqual([
      'Groep 10',
      'groep 9',
      'Álmere',
      null,
    ]);
  });

  it('asks the API only for sorts it declares', () => {
    expect(wireSort({ field: 'lastName', order: 'DESC' }, ['last_name'])).toBe('-last_name');
    expect(wireSort({ field: 'roleNames', order: 'ASC' }, ['last_name'])).toBeUndefined();
    expect(wireSort(undefined, ['last_name'])).toBeUndefined();
  });
});
