import { describe, expect, it } from 'vitest';
import { buildQuery, withQuery } from './query-string.ts';

describe('buildQuery', () => {
  it('writes JSON:API parameters with brackets and snake_case names', () => {
    expect(
      buildQuery({
        include: ['roles', 'organizations'],
        filter: { organizationIdEq: 'abc', withRole: 'admin' },
        page: { size: 1000 },
      }),
    ).toBe(
      'include=roles,organizations&filter[organization_id_eq]=abc&filter[with_role]=admin&page[size]=1000',
    );
  });

  it('encodes values and skips empty ones', () => {
    expect(buildQuery({ filter: { nameCont: 'a&b c' }, sort: undefined, x: null, list: [] })).toBe(
      'filter[name_cont]=a%26b%20c',
    );
    expect(buildQuery(undefined)).toBe('');
  });

  it('appends to paths with or without a query', () => {
    expect(withQuery('/api/v1/current_user', { include: 'roles' })).toBe(
      '/api/v1/current_user?include=roles',
    );
    expect(withQuery('/latest.json?t=1', { a: 1 })).toBe('/latest.json?t=1&a=1');
    expect(withQuery('/x', {})).toBe('/x');
  });
});
