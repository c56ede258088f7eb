/** A stroke as signature_pad keeps it (`toData()`): its points in CSS pixels of the pad. */
export interface TSignatureStroke {
  points: { x: number; y: number; pressure: number; time: number }[];
}

/**
 * The strokes of a pad `from` one size redrawn on a pad of another (a phone turned, a window resized):
 * scaled by the smaller of the two ratios, so the whole drawing stays inside and keeps its shape. The
 * points themselves are kept, never a bitmap: redrawn sharp at any size.
 */
export function scaleStrokes<T extends TSignatureStroke>(
  strokes: readonly T[],
  from: { width: number; height: number },
  to: { width: number; height: number },
): T[] {
  if (!from.width || !from.height || !to.width || !to.height) return [...strokes];
  const scale = Math.min(to.width / from.width, to.height / from.height);
  if (scale === 1) return [...strokes];
  return strokes.map((stroke) => ({
    ...stroke,
    points: stroke.points.map((p) => ({ ...p, x: p.x * scale, y: p.y * scale })),
  }));
}
