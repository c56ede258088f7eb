import Supercluster from 'supercluster';

/** A point on a map: what the markers endpoint returns per vacancy (id, lat, lng, title). */
export interface TMapMarker {
  id: string;
  lat: number;
  lng: number;
  title: string;
}

export interface TLatLng {
  lat: number;
  lng: number;
}

/** What the map draws at one zoom level: single markers, or clusters with a count. */
export type TMapPoint =
  | { kind: 'marker'; lat: number; lng: number; marker: TMapMarker }
  | { kind: 'cluster'; lat: number; lng: number; count: number; clusterId: number };

/** [west, south, east, north] */
export type TBounds = [number, number, number, number];

export const TILE_SIZE = 256;
/** Above this zoom the map shows every marker on its own (street level). */
export const CLUSTER_MAX_ZOOM = 16;

/**
 * Clusters of many markers (thousands, from the markers endpoint) on the client, with `supercluster`:
 * built once per marker set, asked per view.
 */
export function createClusterIndex(markers: readonly TMapMarker[]) {
  const index = new Supercluster<{ marker: TMapMarker }>({ radius: 60, maxZoom: CLUSTER_MAX_ZOOM });
  index.load(
    markers
      .filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lng))
      .map((marker) => ({
        type: 'Feature' as const,
        properties: { marker },
        geometry: { type: 'Point' as const, coordinates: [marker.lng, marker.lat] },
      })),
  );
  return {
    /** The markers and clusters inside `bounds` at `zoom`. */
    points(bounds: TBounds, zoom: number): TMapPoint[] {
      return index.getClusters(bounds, Math.round(zoom)).map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number };
        if (props.cluster) {
          return {
            kind: 'cluster',
            lat,
            lng,
            count: props.point_count ?? 0,
            clusterId: props.cluster_id ?? 0,
          };
        }
        return { kind: 'marker', lat, lng, marker: (feature.properties as { marker: TMapMarker }).marker };
      });
    },
    /** The zoom at which a cluster falls apart (clicking a cluster zooms there). */
    expansionZoom(clusterId: number): number {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}

/** Web Mercator pixel position of a point at `zoom` (256 px tiles), as map tiles are laid out. */
export function worldPixel({ lat, lng }: TLatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** A tile URL from the template (`{z}`, `{x}`, `{y}`, `{s}` as Leaflet reads it; `{s}` is `a`). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'a')
    .replace('{r}', '');
}

export interface TStaticTile {
  url: string;
  /** Offset of the tile's top-left corner from the point, in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The tiles around a point for a static map of at most `width` × `height` pixels, placed relative
 * to the point (which the component puts in the middle), so the picture stays centred at any width.
 */
export function staticTiles(
  template: string,
  center: TLatLng,
  zoom: number,
  width: number,
  height: number,
): TStaticTile[] {
  const { x, y } = worldPixel(center, zoom);
  const max = 2 ** zoom;
  const first = (v: number, half: number) => Math.floor((v - half) / TILE_SIZE);
  const last = (v: number, half: number) => Math.floor((v + half) / TILE_SIZE);
  const tiles: TStaticTile[] = [];
  for (let ty = first(y, height / 2); ty <= last(y, height / 2); ty++) {
    if (ty < 0 || ty >= max) continue;
    for (let tx = first(x, width / 2); tx <= last(x, width / 2); tx++) {
      const wrapped = ((tx % max) + max) % max;
      tiles.push({
        url: tileUrl(template, zoom, wrapped, ty),
        left: Math.round(tx * TILE_SIZE - x),
        top: Math.round(ty * TILE_SIZE - y),
      });
    }
  }
  return tiles;
}
