import { describe, expect, it } from 'vitest';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  distanceKm,
  findPlace,
  findPostcode,
  inNearArea,
  NEAR_AREA,
  resolveNear,
  suggestPlaces,
} from './gazetteer.ts';

describe('gazetteer', () => {
  it('finds places by name regardless of case, accents, apostrophes and hyphens', () => {
    expect(findPlace('Utrecht')).toMatchObject({ name: 'Utrecht', province: 'Utrecht' });
    expect(findPlace('  amsterdam ')).toMatchObject({ name: 'Amsterdam', province: 'Noord-Holland' });
    expect(findPlace('s hertogenbosch')?.name).toBe("'s-Hertogenbosch");
    expect(findPlace('Súdwest-Fryslân')).toBeDefined();
  });

  it('knows the Dutch names GeoNames lacks and municipalities named after no place', () => {
    expect(findPlace('Den Haag')?.name).toBe('Den Haag');
    expect(findPlace("'s-Gravenhage")?.name).toBe('Den Haag');
    expect(findPlace('Den Bosch')?.name).toBe("'s-Hertogenbosch");
    expect(findPlace('Almere')?.name).toBe('Almere Stad');
    expect(findPlace('Westland')?.province).toBe('Zuid-Holland');
  });

  it('picks the most populous place of a name unless the province is given', () => {
    expect(findPlace('Hengelo')?.province).toBe('Overijssel');
    expect(findPlace('Hengelo, Gelderland')?.province).toBe('Gelderland');
    expect(findPlace('Hengelo (Gelderland)')?.province).toBe('Gelderland');
  });

  it('resolves postcodes to the place their four digits belong to', () => {
    expect(findPostcode('3511')?.name).toBe('Utrecht');
    expect(findPostcode('3511 AB')?.name).toBe('Utrecht');
    expect(findPostcode('2511ab')?.name).toBe('Den Haag');
    expect(findPostcode('9711')?.name).toBe('Groningen');
    expect(findPostcode('0123')).toBeUndefined();
    expect(findPostcode('35111')).toBeUndefined();
  });

  it('resolves filter[near] as coordinates, postcode or place, in that order', () => {
    expect(resolveNear('52.09,5.12')).toEqual({
      lat: 52.09,
      lng: 5.12,
      kind: 'coordinates',
      label: '52.09,5.12',
    });
    expect(resolveNear(' 52.09 , 5.12 ')?.kind).toBe('coordinates');
    expect(resolveNear('95,5')).toBeUndefined();
    expect(resolveNear('3511 AB')).toMatchObject({ kind: 'postcode', label: 'Utrecht' });
    expect(resolveNear('Zwolle')).toMatchObject({ kind: 'place', label: 'Zwolle' });
    expect(resolveNear('Nergenshuizen')).toBeUndefined();
  });

  it('takes coordinates only in the area it serves: around the Netherlands, every tenant’s map centre (#31.5)', () => {
    for (const near of ['-90,-180', '90,180', '-90,0', '48.85,2.35', '0,0', '52.09,-100']) {
      expect(resolveNear(near), near).toBeUndefined();
    }
    // Across the border (Antwerp, Aachen, Münster) still counts.
    for (const near of ['51.22,4.40', '50.78,6.08', '51.96,7.63'])
      expect(resolveNear(near)?.kind).toBe('coordinates');
    for (const tenant of Object.values(TENANTS))
      expect(inNearArea(tenant.mapCenter.lat, tenant.mapCenter.lng)).toBe(true);
    // The largest radius from the area's farthest corner stays a small grid (the cost a pole had).
    expect(NEAR_AREA.maxLat).toBeLessThan(55);
    expect(NEAR_AREA.minLat).toBeGreaterThan(49);
  });

  it('suggests places by prefix, most populous first', () => {
    expect(suggestPlaces('rot')[0]?.name).toBe('Rotterdam');
    expect(suggestPlaces('')).toEqual([]);
  });

  it('measures great-circle distances like earthdistance', () => {
    const utrecht = findPlace('Utrecht')!;
    const amsterdam = findPlace('Amsterdam')!;
    expect(distanceKm(utrecht, amsterdam)).toBeGreaterThan(33);
    expect(distanceKm(utrecht, amsterdam)).toBeLessThan(37);
    expect(distanceKm(utrecht, utrecht)).toBe(0);
  });
});
