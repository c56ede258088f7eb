import { describe, expect, it } from 'vitest';
import { findPlace, findPostcode } from '../geo/gazetteer.ts';
import { SEED_TOWN_LISTS } from './towns.ts';

/** Kilometres between two points (equirectangular: plenty at these distances). */
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const x = ((b.lng - a.lng) * Math.PI * Math.cos(((a.lat + b.lat) * Math.PI) / 360)) / 180;
  const y = ((b.lat - a.lat) * Math.PI) / 180;
  return Math.hypot(x, y) * 6371;
}

describe('seeded towns (issue #30 item 8)', () => {
  // A vacancy seeded "in Wezep" must be found by a search near Wezep: where the search puts the town.
  it.each(SEED_TOWN_LISTS.flat().map((t) => [t.town, t] as const))(
    '%s stands where the search’s gazetteer has it, its postcode in the same town',
    (_name, town) => {
      const place = findPlace(town.town);
      expect(place, town.town).toBeDefined();
      expect(km(town, place!)).toBeLessThan(1.5);
      expect(km(town, findPostcode(town.postcode)!)).toBeLessThan(5);
    },
  );
});
