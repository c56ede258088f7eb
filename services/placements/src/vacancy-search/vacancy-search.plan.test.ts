import { describe, expect, it } from 'vitest';
import { ApiError } from '@stageplein/kit/errors/api-error';
import {
  decodeCursor,
  encodeCursor,
  parseSearch,
  prefixTsquery,
  searchWords,
} from './vacancy-search.plan.ts';

const PUBLIC = () => ({ kind: 'public' as const });

describe('vacancy search plan', () => {
  it('keeps letters and digits of at most 8 words, lower case, as all-required prefixes', () => {
    expect(searchWords("Stage's & Zorg|!(BBL-2)")).toEqual(['stage', 's', 'zorg', 'bbl', '2']);
    expect(searchWords('één twee')).toEqual(['één', 'twee']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(prefixTsquery(['stage', 'zorg'])).toBe('stage:* & zorg:*');
  });

  it('round-trips a cursor and refuses one of another sort or a forged one', () => {
    const c = {
      sort: 'newest' as const,
      key: '2026-11-21 12:00:00.123456+00',
      id: '5f1c7c1e-4b0a-4c55-9a44-1a2b3c4d5e6f',
    };
    expect(decodeCursor(encodeCursor(c), 'newest')).toEqual(c);
    expect(() => decodeCursor(encodeCursor(c), 'distance')).toThrow(ApiError);
    expect(() =>
      decodeCursor(Buffer.from('["newest","x","1; drop"]').toString('base64url'), 'newest'),
    ).toThrow(ApiError);
  });

  it('picks the default sort from what is asked and resolves the place', () => {
    expect(parseSearch({}, 'demo', PUBLIC).plan.sort).toBe('newest');
    expect(parseSearch({ 'filter[near]': 'Zwolle' }, 'demo', PUBLIC).plan).toMatchObject({
      sort: 'distance',
      near: { km: 25 },
    });
    const both = parseSearch({ 'filter[search]': 'zorg', 'filter[near]': '8011' }, 'demo', PUBLIC);
    expect(both.plan.sort).toBe('relevance');
    expect(both.near).toMatchObject({ kind: 'postcode', label: 'Zwolle' });
  });

  it('names the tenant and the public predicate in every plan, whatever the filters', () => {
    const plan = parseSearch({ 'filter[status_eq]': 'draft' }, 'demo', PUBLIC).plan;
    expect(plan.conditions.map((c) => c.sql)).toEqual([
      'v.tenant_id = ?',
      "v.status = 'published' and not v.hidden",
      'v.status = any(?::text[])',
    ]);
  });
});
