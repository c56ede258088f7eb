import { describe, expect, it } from 'vitest';
import { distanceKm } from './gazetteer.ts';
import { CELL_DEGREES, cellsCovering, cellsWithin, circleBox, gridCell } from './grid.ts';

describe('grid', () => {
  it('numbers 0.1° cells from the south-west corner of the world', () => {
    expect(gridCell(-90, -180)).toBe(0);
    expect(gridCell(52.09, 5.12)).toBe((520 + 900) * 3600 + 51 + 1800);
    // A point on a cell's edge belongs to the cell north-east of it, also after floating-point products.
    expect(gridCell(52.3, 5.7)).toBe((523 + 900) * 3600 + 57 + 1800);
    expect(gridCell(-0.05, -0.05)).toBe((-1 + 900) * 3600 - 1 + 1800);
  });

  it('covers every point within the radius with the cells of the circle’s box', () => {
    const centre = { lat: 52.09, lng: 5.12 };
    const box = circleBox(centre.lat, centre.lng, 25);
    const cells = new Set(cellsCovering(box));
    for (let bearing = 0; bearing < 360; bearing += 5) {
      // Points just inside 25 km in every direction.
      const r = (bearing * Math.PI) / 180;
      const p = {
        lat: centre.lat + (24.99 / 111.195) * Math.cos(r),
        lng: centre.lng + (24.99 / 111.195 / Math.cos((centre.lat * Math.PI) / 180)) * Math.sin(r),
      };
      expect(distanceKm(centre, p)).toBeLessThan(25.05);
      expect(cells.has(gridCell(p.lat, p.lng))).toBe(true);
    }
    // 25 km around Utrecht: 5 rows × 8 columns of cells at most.
    expect(cells.size).toBeLessThanOrEqual(6 * 9);
  });

  it('leaves out the box’s cells the circle does not reach, and only those', () => {
    for (const [lat, lng, km] of [
      [52.09, 5.12, 25],
      [53.2, 6.56, 10],
      [51.44, 3.57, 50],
      [52.37, 4.9, 3],
    ] as const) {
      const centre = { lat, lng };
      const box = cellsCovering(circleBox(lat, lng, km));
      const kept = new Set(cellsWithin(lat, lng, km));
      // Every point of a dropped cell is beyond the radius (a 21 × 21 grid over the cell, edges included).
      for (const cell of box.filter((c) => !kept.has(c))) {
        const south = Math.floor(cell / 3600) / 10 - 90;
        const west = (cell % 3600) / 10 - 180;
        for (let i = 0; i <= 20; i++)
          for (let j = 0; j <= 20; j++) {
            const p = { lat: south + (i / 20) * CELL_DEGREES, lng: west + (j / 20) * CELL_DEGREES };
            expect(distanceKm(centre, p)).toBeGreaterThan(km);
          }
      }
      // And the points inside the circle all fall in kept cells (rings every 1/40 of the radius).
      for (let ring = 1; ring <= 40; ring++)
        for (let bearing = 0; bearing < 360; bearing += 2) {
          const r = (bearing * Math.PI) / 180;
          const d = (km * ring) / 40 - 0.001;
          const p = {
            lat: lat + (d / 111.195) * Math.cos(r),
            lng: lng + (d / 111.195 / Math.cos((lat * Math.PI) / 180)) * Math.sin(r),
          };
          if (distanceKm(centre, p) <= km) expect(kept.has(gridCell(p.lat, p.lng))).toBe(true);
        }
    }
    // Around Utrecht, 25 km: 41 of the box's 48 cells.
    expect(cellsWithin(52.09083, 5.12222, 25)).toHaveLength(41);
    expect(cellsCovering(circleBox(52.09083, 5.12222, 25))).toHaveLength(48);
  });
});
