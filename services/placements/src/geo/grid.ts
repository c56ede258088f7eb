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
