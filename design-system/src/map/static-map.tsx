import './map.css';
import { useMemo, useState } from 'react';
import type { TMapTiles } from '@stageplein/contracts/client/map-tiles';
import { staticTiles, type TLatLng } from './map-model.ts';

/** Widest picture the tiles are laid out for (wider screens show the same tiles, centred). */
const MAX_WIDTH = 960;
const HEIGHT = 240;

/**
 * A static map of one place (a vacancy's address): the tiles around it as plain images and a pin in
 * the middle; no map library, so it costs a page almost nothing. When a tile cannot load (or no
 * tiles are configured) it shows `fallback` (the address) on a plain background instead.
 */
export function StaticMap({
  center,
  tiles,
  label,
  fallback,
  zoom = 14,
}: {
  center: TLatLng;
  tiles: TMapTiles;
  /** Accessible description of the picture ("Kaart: Dorpsstraat 1, Wijchen"). */
  label: string;
  /** Text shown when the tiles cannot load. */
  fallback: string;
  zoom?: number;
}) {
  const [failed, setFailed] = useState(!tiles.url);
  const images = useMemo(
    () => (tiles.url ? staticTiles(tiles.url, center, zoom, MAX_WIDTH, HEIGHT) : []),
    [tiles.url, center, zoom],
  );
  if (failed) {
    return (
      <div
        className="static-map static-map--no-tiles"
        role="img"
        aria-label={label}
        data-testid="static-map"
        data-tiles="failed"
      >
        <span className="map-marker static-map__pin" aria-hidden="true" />
        <p className="static-map__fallback" data-testid="static-map-fallback">
          {fallback}
        </p>
      </div>
    );
  }
  return (
    <div className="static-map" role="img" aria-label={label} data-testid="static-map" data-tiles="ok">
      <div className="static-map__tiles">
        {images.map((tile) => (
          <img
            key={tile.url + tile.left + tile.top}
            src={tile.url}
            alt=""
            style={{ left: tile.left, top: tile.top }}
            onError={() => setFailed(true)}
            decoding="async"
          />
        ))}
      </div>
      <span className="map-marker static-map__pin" aria-hidden="true" />
      <span className="static-map__attribution">{tiles.attribution}</span>
    </div>
  );
}
