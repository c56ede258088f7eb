// Geocoding without a network call: the Dutch places and postcode-4 areas of GeoNames, shipped in
// data/nl-places.json (built by scripts/build-gazetteer.mjs; licence in LICENCE.md).
import { readFileSync } from 'node:fs';
import type { TBox } from './grid.ts';

/** Read at start-up (not imported: a 120 kB literal would only slow the type checker down). */
const data = JSON.parse(readFileSync(new URL('./data/nl-places.json', import.meta.url), 'utf8')) as {
  places: unknown[];
  aliases: Record<string, number>;
  postcodes: Record<string, number>;
};

export interface TPlace {
  name: string;
  province: string;
  lat: number;
  lng: number;
  population: number;
}

export interface TNearPoint {
  lat: number;
  lng: number;
  /** What the point came from: the place (a postcode names its place), or the coordinates typed. */
  kind: 'place' | 'postcode' | 'coordinates';
  label: string;
}

type TRow = [name: string, province: string, lat: number, lng: number, population: number];

const places: TPlace[] = (data.places as TRow[]).map(([name, province, lat, lng, population]) => ({
  name,
  province,
  lat,
  lng,
  population,
}));
const aliases = data.aliases as Record<string, number>;

/**
 * Where `filter[near]` may point: the gazetteer's places widened by a degree (70–110 km, for places
 * across the border), the area every tenant serves (each tenant's map centre lies in it). Coordinates
 * outside are refused like an unknown place: a circle there finds nothing, and near a pole its grid
 * cells span every longitude (-90,-180 with 250 km took 200–750 ms against ~10 ms near Utrecht).
 */
export const NEAR_AREA: TBox = (() => {
  const MARGIN_DEGREES = 1;
  const lats = places.map((p) => p.lat);
  const lngs = places.map((p) => p.lng);
  return {
    minLat: Math.min(...lats) - MARGIN_DEGREES,
    maxLat: Math.max(...lats) + MARGIN_DEGREES,
    minLng: Math.min(...lngs) - MARGIN_DEGREES,
    maxLng: Math.max(...lngs) + MARGIN_DEGREES,
  };
})();

export const inNearArea = (lat: number, lng: number) =>
  lat >= NEAR_AREA.minLat && lat <= NEAR_AREA.maxLat && lng >= NEAR_AREA.minLng && lng <= NEAR_AREA.maxLng;
const postcodes = data.postcodes as Record<string, number>;

/** Case, accents, apostrophes and hyphens do not matter: "s-hertogenbosch" is "'s-Hertogenbosch". */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Normalised name → places of that name, most populous first (the data is sorted by population). */
const byKey = new Map<string, TPlace[]>();
for (const p of places) {
  const k = placeKey(p.name);
  byKey.set(k, [...(byKey.get(k) ?? []), p]);
}

/**
 * A place by its name, optionally with its province ("Hengelo, Gelderland" or "Hengelo (Gelderland)"):
 * the most populous of that name otherwise. Aliases cover Dutch names GeoNames lacks ("'s-Gravenhage")
 * and municipalities named after no place (their most populous place).
 */
export function findPlace(name: string): TPlace | undefined {
  const m = /^(.*?)\s*(?:,\s*|\(\s*)([^,()]+?)\s*\)?\s*$/.exec(name);
  if (m && m[1]) {
    const province = placeKey(m[2]!);
    const inProvince = byKey.get(placeKey(m[1]))?.find((p) => placeKey(p.province) === province);
    if (inProvince) return inProvince;
  }
  const k = placeKey(name);
  const alias = aliases[k];
  return byKey.get(k)?.[0] ?? (alias === undefined ? undefined : places[alias]);
}

/** A Dutch postcode ("3511", "3511 AB", "3511ab") → the place its four digits belong to. */
export function findPostcode(postcode: string): TPlace | undefined {
  const m = /^\s*([1-9]\d{3})\s*(?:[a-z]{2})?\s*$/i.exec(postcode);
  const i = m ? postcodes[m[1]!] : undefined;
  return i === undefined ? undefined : places[i];
}

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** `lat,lng` rather than a place's name or a postcode. */
export const isCoordinates = (near: string) => COORDINATES.test(near);

/** `filter[near]`: `lat,lng` (within NEAR_AREA), a postcode or a place name; undefined when none of them resolves. */
export function resolveNear(near: string): TNearPoint | undefined {
  const c = COORDINATES.exec(near);
  if (c) {
    const lat = Number(c[1]);
    const lng = Number(c[2]);
    if (!inNearArea(lat, lng)) return undefined;
    return { lat, lng, kind: 'coordinates', label: `${lat},${lng}` };
  }
  const byPostcode = findPostcode(near);
  if (byPostcode)
    return { lat: byPostcode.lat, lng: byPostcode.lng, kind: 'postcode', label: byPostcode.name };
  const place = findPlace(near);
  return place && { lat: place.lat, lng: place.lng, kind: 'place', label: place.name };
}

/** Place names starting with a prefix, most populous first (for a search box's suggestions). */
export function suggestPlaces(prefix: string, limit = 10): TPlace[] {
  const k = placeKey(prefix);
  if (!k) return [];
  return places.filter((p) => placeKey(p.name).startsWith(k)).slice(0, limit);
}

// The distance is the grid's (geometry beside the cells), named here for the gazetteer's callers.
export { distanceKm } from './grid.ts';
