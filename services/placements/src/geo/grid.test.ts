import { describe, expect, it } from 'vitest';
import { distanceKm } from './gazetteer.ts';
import { cellsCovering, circleBox, gridCell } from './grid.ts';

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
});
