/**
 * The map's background tiles (issue #14): a deployment setting (`MAP_TILE_URL`,
 * `MAP_TILE_ATTRIBUTION` of the gateway), handed to the front ends in the page as meta tags, the way
 * the tenant and the staging flag are.
 */

/** Name of the meta tag with the tile URL template (`{z}`, `{x}`, `{y}`, optional `{s}`). */
export const MAP_TILES_META = 'stageplein-map-tiles';
/** Name of the meta tag with the tiles' attribution (plain text, shown on every map). */
export const MAP_ATTRIBUTION_META = 'stageplein-map-attribution';

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap-bijdragers';

export interface TMapTiles {
  /** Tile URL template; empty when the deployment has no tiles (the map shows its fallback). */
  url: string;
  attribution: string;
}

/** The tile settings of the page (the gateway's meta tags), else the defaults. */
export function detectMapTiles(doc: Document = document): TMapTiles {
  const meta = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return {
    url: meta(MAP_TILES_META) ?? DEFAULT_MAP_TILE_URL,
    attribution: meta(MAP_ATTRIBUTION_META) ?? DEFAULT_MAP_ATTRIBUTION,
  };
}

/**
 * The origin a tile URL template loads from (for the Content Security Policy's `img-src`), or
 * undefined for a same-origin or unusable template. `{s}` subdomains become a wildcard.
 */
export function tileOrigin(template: string): string | undefined {
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) return undefined;
  const host = match[2]!.replace(/\{s\}/g, '*');
  if (/[{}]/.test(host)) return undefined;
  return `${match[1]}://${host}`;
}
