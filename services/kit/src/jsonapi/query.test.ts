import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.ts';
import { parseJsonApiQuery, splitFilterKey } from './query.ts';

const spec = {
  filters: {
    organization_id: ['eq', 'not_eq', 'in'],
    name: ['cont'],
    start_date: ['gteq', 'lteq'],
    archived_at: ['null'],
  },
  scopes: ['with_role', 'search'],
  sorts: ['name', 'start_date'],
  includes: ['roles', 'organizations'],
  fields: { user: ['first_name', 'email'] },
  maxPageSize: 1000,
} as const;

describe('parseJsonApiQuery', () => {
  it('parses include, fields, sort, paging, Ransack predicates and scopes', () => {
    const q = parseJsonApiQuery(
      {
        include: 'roles,organizations',
        'fields[user]': 'first_name,email',
        sort: '-start_date,name',
        'page[number]': '3',
        'page[size]': '50',
        'filter[organization_id_eq]': '42',
        'filter[organization_id_not_eq]': '7',
        'filter[organization_id_in]': ['1,2', '3'],
        'filter[name_cont]': 'Ray',
        'filter[start_date_gteq]': '2026-08-01',
        'filter[start_date_lteq]': '2027-07-31',
        'filter[archived_at_null]': 'true',
        'filter[with_role]': 'admin',
      },
      spec,
    );
    expect(q.include).toEqual(['roles', 'organizations']);
    expect(q.fields).toEqual({ user: ['first_name', 'email'] });
    expect(q.sort).toEqual([
      { attribute: 'start_date', descending: true },
      { attribute: 'name', descending: false },
    ]);
    expect(q.page).toEqual({ number: 3, size: 50 });
    expect(q.filters).toEqual([
      { attribute: 'organization_id', predicate: 'eq', value: '42' },
      { attribute: 'organization_id', predicate: 'not_eq', value: '7' },
      { attribute: 'organization_id', predicate: 'in', value: ['1', '2', '3'] },
      { attribute: 'name', predicate: 'cont', value: 'Ray' },
      { attribute: 'start_date', predicate: 'gteq', value: '2026-08-01' },
      { attribute: 'start_date', predicate: 'lteq', value: '2027-07-31' },
      { attribute: 'archived_at', predicate: 'null', value: true },
    ]);
    expect(q.scopes).toEqual({ with_role: 'admin' });
  });

  it('caps the page size at the route maximum and defaults sensibly', () => {
    expect(parseJsonApiQuery({ 'page[size]': '1000000' }, spec).page.size).toBe(1000);
    expect(parseJsonApiQuery({}, spec).page).toEqual({ number: 1, size: 25 });
  });

  it.each([
    [{ include: 'secrets' }, 'include'],
    [{ sort: 'password' }, 'sort'],
    [{ 'filter[password_eq]': 'x' }, 'filter[password_eq]'],
    [{ 'filter[name_eq]': 'x' }, 'filter[name_eq]'],
    [{ 'fields[user]': 'password' }, 'fields[user]'],
    [{ 'page[number]': '0' }, 'page[number]'],
    [{ 'page[size]': 'abc' }, 'page[size]'],
    [{ 'filter[archived_at_null]': 'maybe' }, 'filter[archived_at_null]'],
    [{ unknown: '1' }, 'unknown'],
  ])('rejects %j naming the parameter', (query, parameter) => {
    try {
      parseJsonApiQuery(query, spec);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).source).toEqual({ parameter });
      expect((error as ApiError).status).toBe(400);
    }
  });

  it('splits predicates longest first', () => {
    expect(splitFilterKey('organization_id_not_eq')).toEqual({
      attribute: 'organization_id',
      predicate: 'not_eq',
    });
    expect(splitFilterKey('name_null')).toEqual({ attribute: 'name', predicate: 'null' });
    expect(splitFilterKey('_eq')).toBeUndefined();
    expect(splitFilterKey('with_role')).toBeUndefined();
  });
});
