import { describe, expect, it } from 'vitest';
import { createClusterIndex, staticTiles, tileUrl, worldPixel, type TMapMarker } from './map-model.ts';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

describe('createClusterIndex', () => {
  const near = (i: number): TMapMarker => ({
    id: `n${i}`,
    lat: 51.74 + i * 0.001,
    lng: 5.87,
    title: `N${i}`,
  });
  const markers = [
    ...Array.from({ length: 20 }, (_, i) => near(i)),
    { id: 'far', lat: 53.2, lng: 6.56, title: 'Far' },
  ];

  it('groups nearby markers into one cluster with their count when zoomed out', () => {
    const points = createClusterIndex(markers).points(WORLD, 7);
    const cluster = points.find((p) => p.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 20 });
    expect(points.filter((p) => p.kind === 'marker').map((p) => p.kind === 'marker' && p.marker.id)).toEqual([
      'far',
    ]);
  });

  it('shows every marker on its own at street level, and a cluster knows where it falls apart', () => {
    const index = createClusterIndex(markers);
    expect(index.points(WORLD, 17).filter((p) => p.kind === 'marker')).toHaveLength(21);
    const cluster = index.points(WORLD, 7).find((p) => p.kind === 'cluster');
    expect(cluster?.kind === 'cluster' && index.expansionZoom(cluster.clusterId)).toBeGreaterThan(7);
  });

  it('keeps only what is inside the bounds and skips markers without coordinates', () => {
    const index = createClusterIndex([...markers, { id: 'bad', lat: Number.NaN, lng: 5, title: 'x' }]);
    const north = index.points([6, 53, 7, 54], 10);
    expect(north).toHaveLength(1);
    expect(north[0]).toMatchObject({ kind: 'marker', marker: { id: 'far' } });
  });
});

describe('tiles', () => {
  it('places a point in web mercator pixels', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const p = worldPixel({ lat: 52.339915, lng: 5.68648 }, 10);
    // The OpenStreetMap tile of this point at zoom 10 is 528/336.
    expect([Math.floor(p.x / 256), Math.floor(p.y / 256)]).toEqual([528, 336]);
  });

  it('fills the template', () => {
    expect(tileUrl('https://{s}.t.example/{z}/{x}/{y}.png', 3, 4, 5)).toBe('https://a.t.example/3/4/5.png');
  });

  it('covers the picture around the point, tile corners relative to it', () => {
    const tiles = staticTiles('/t/{z}/{x}/{y}.png', { lat: 52.339915, lng: 5.68648 }, 10, 600, 240);
    expect(tiles.some((t) => t.url === '/t/10/528/336.png')).toBe(true);
    const centre = tiles.find((t) => t.url === '/t/10/528/336.png')!;
    expect(centre.left).toBeLessThanOrEqual(0);
    expect(centre.left).toBeGreaterThan(-256);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(-300);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(300);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(-120);
    expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(120);
  });
});
