import { describe, expect, it } from 'vitest';
import { compareCurrentOrganizations, preselectOrganization } from './current-organization.ts';

const org = (id: string, type: string, name = id) => ({ id, type, name });

describe('preselectOrganization (spec §4)', () => {
  it('takes the first School or VolunteerCenter in list order', () => {
    const list = [org('a', 'Provider'), org('b', 'VolunteerCenter'), org('c', 'School')];
    expect(preselectOrganization(list)?.id).toBe('b');
    expect(
      preselectOrganization([org('a', 'NonProfit'), org('c', 'School'), org('b', 'VolunteerCenter')])?.id,
    ).toBe('c');
  });

  it('falls back to the first organization, and to nothing for an empty list', () => {
    expect(preselectOrganization([org('p', 'Provider'), org('n', 'NonProfit')])?.id).toBe('p');
    expect(preselectOrganization([])).toBeUndefined();
  });

  it('ignores organizations without a known type for the preference', () => {
    expect(preselectOrganization([{ id: 'x', type: null }, { id: 'y' }, org('s', 'School')])?.id).toBe('s');
    expect(preselectOrganization([{ id: 'x', type: 'organization' }])?.id).toBe('x');
  });

  it('orders the list by name (Dutch collation, case- and accent-insensitive), then by id', () => {
    const list = [
      org('3', 'School', 'zeeland'),
      org('2', 'Provider', 'Álmere'),
      org('1', 'NonProfit', 'almere'),
    ];
    expect([...list].sort(compareCurrentOrganizations).map((o) => o.id)).toEqual(['1', '2', '3']);
    expect(
      [org('10', 'School', 'Stage 10'), org('9', 'School', 'Stage 9')].sort(compareCurrentOrganizations)[0]!
        .id,
    ).toBe('9');
  });
});
