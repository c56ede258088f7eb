// The radius search's grid: every vacancy stores the integer cell its coordinates fall in, a btree
// index finds the cells a circle's bounding box touches, and the exact distance filters the rest
// (docs/decisions/vacancy-search.md: measured against a GiST index on cube/earthdistance).

/** Cell size in degrees: 11 km north–south, 7 km east–west in the Netherlands. */
export const CELL_DEGREES = 0.1;
const PER_DEGREE = 1 / CELL_DEGREES;
const COLUMNS = 360 * PER_DEGREE;
const KM_PER_DEGREE_LATITUDE = (Math.PI / 180) * 6371;

const row = (lat: number) => Math.floor(lat * PER_DEGREE + 1e-9) + 90 * PER_DEGREE;
const column = (lng: number) => Math.floor(lng * PER_DEGREE + 1e-9) + 180 * PER_DEGREE;

/** The cell of a point: row × 3600 + column, both counted from the south-west corner of the world. */
export function gridCell(lat: number, lng: number): number {
  return row(lat) * COLUMNS + column(lng);
}

/** The cell as SQL over the row's own columns, so the database computes it exactly like gridCell. */
export const GRID_CELL_SQL = (lat: string, lng: string) =>
  `((floor(${lat} * ${PER_DEGREE} + 1e-9)::int + ${90 * PER_DEGREE}) * ${COLUMNS} + floor(${lng} * ${PER_DEGREE} + 1e-9)::int + ${180 * PER_DEGREE})`;

export interface TBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** The bounding box of a circle of `km` around a point (not across the poles or the date line). */
export function circleBox(lat: number, lng: number, km: number): TBox {
  const dLat = km / KM_PER_DEGREE_LATITUDE;
  const dLng = dLat / Math.max(0.01, Math.cos(((Math.abs(lat) + dLat) * Math.PI) / 180));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** Every cell the box touches. */
export function cellsCovering(box: TBox): number[] {
  const cells: number[] = [];
  for (let r = row(box.minLat); r <= row(box.maxLat); r++) {
    for (let c = column(box.minLng); c <= column(box.maxLng); c++) cells.push(r * COLUMNS + c);
  }
  return cells;
}

/** Great-circle distance in km (the same sphere as PostgreSQL's earthdistance, radius 6371 km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = Math.PI / 180;
  const dLat = (b.lat - a.lat) * r;
  const dLng = (b.lng - a.lng) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The cells of the circle's box that the circle reaches: a box's corner cells often lie wholly
 * outside it, and every cell searched is one more index descent and its rows read for nothing. A cell
 * is kept when its point nearest the centre (by latitude and longitude) is within the radius plus a
 * margin far above that point's error at these sizes.
 */
export function cellsWithin(lat: number, lng: number, km: number): number[] {
  const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
  return cellsCovering(circleBox(lat, lng, km)).filter((cell) => {
    const south = (Math.floor(cell / COLUMNS) - 90 * PER_DEGREE) * CELL_DEGREES;
    const west = ((cell % COLUMNS) - 180 * PER_DEGREE) * CELL_DEGREES;
    const nearest = {
      lat: clamp(lat, south, south + CELL_DEGREES),
      lng: clamp(lng, west, west + CELL_DEGREES),
    };
    return distanceKm({ lat, lng }, nearest) <= km * 1.01 + 0.1;
  });
}
