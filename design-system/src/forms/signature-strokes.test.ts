import { describe, expect, it } from 'vitest';
import { scaleStrokes } from './signature-strokes.ts';

const stroke = (...xy: [number, number][]) => ({
  points: xy.map(([x, y], i) => ({ x, y, pressure: 0.5, time: i })),
  penColor: '#000',
});

describe('a signature across a resize', () => {
  it('keeps the drawing inside a narrower pad (a phone turned upright), its shape kept', () => {
    const drawn = [stroke([10, 20], [380, 150]), stroke([200, 40], [210, 60])];
    const scaled = scaleStrokes(drawn, { width: 400, height: 176 }, { width: 200, height: 176 });
    expect(scaled[0]!.points.map((p) => [p.x, p.y])).toEqual([
      [5, 10],
      [190, 75],
    ]);
    expect(scaled[1]!.points[0]).toMatchObject({ x: 100, y: 20, pressure: 0.5, time: 0 });
    expect(scaled[0]!.penColor).toBe('#000');
    for (const p of scaled.flatMap((s) => s.points)) {
      expect(p.x).toBeLessThanOrEqual(200);
      expect(p.y).toBeLessThanOrEqual(176);
    }
  });

  it('grows with a wider pad only as far as the height allows, and stays put at the same size', () => {
    const drawn = [stroke([100, 100])];
    expect(
      scaleStrokes(drawn, { width: 200, height: 176 }, { width: 800, height: 176 })[0]!.points[0],
    ).toMatchObject({
      x: 100,
      y: 100,
    });
    expect(
      scaleStrokes(drawn, { width: 200, height: 100 }, { width: 400, height: 200 })[0]!.points[0],
    ).toMatchObject({
      x: 200,
      y: 200,
    });
    expect(scaleStrokes(drawn, { width: 0, height: 0 }, { width: 400, height: 200 })).toEqual(drawn);
  });
});
