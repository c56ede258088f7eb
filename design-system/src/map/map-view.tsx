import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { detectMapTiles, type TMapTiles } from '@stageplein/contracts/client/map-tiles';
import { createClusterIndex, type TBounds, type TLatLng, type TMapMarker } from './map-model.ts';

/** The map's texts (the design system has no catalogue of its own: the app passes them, nl or en). */
export interface TMapTexts {
  /** Accessible name of the map region. */
  label: string;
  /** Shown over the map when its background tiles cannot load. */
  fallback: string;
  /** Accessible name of a cluster marker ("12 vacatures hier, zoom in"). */
  cluster: (count: number) => string;
  zoomIn: string;
  zoomOut: string;
}

export interface TMapViewProps {
  center: TLatLng;
  zoom: number;
  markers: readonly TMapMarker[];
  /** Default: the deployment's tiles from the page (`detectMapTiles`). */
  tiles?: TMapTiles;
  texts: TMapTexts;
  /** Where a marker's link leads (`/vacancies/{id}`). */
  hrefFor: (marker: TMapMarker) => string;
  /** Follows a marker's link inside the app (client-side navigation); without it, a page load. */
  onOpen?: (marker: TMapMarker) => void;
  /** The fallback list shows at most this many markers. */
  fallbackLimit?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

let tilesOfPage: TMapTiles | undefined;
const pageTiles = () => (tilesOfPage ??= detectMapTiles(document));

/**
 * The interactive map (Leaflet), markers clustered with supercluster. Loaded lazily (`LazyMap`):
 * Leaflet is not part of any first download. When the tiles cannot load (no network, a wrong
 * MAP_TILE_URL, or none configured) the markers stay on a plain background and a notice with the
 * markers as a list of links says so.
 */
export default function MapView({
  center,
  zoom,
  markers,
  tiles = pageTiles(),
  texts,
  hrefFor,
  onOpen,
  fallbackLimit = 50,
}: TMapViewProps) {
  const element = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(!tiles.url);
  const [view, setView] = useState(0);
  const index = useMemo(() => createClusterIndex(markers), [markers]);
  const latest = useRef({ hrefFor, onOpen, texts });
  latest.current = { hrefFor, onOpen, texts };

  // The map itself: created once per tile setting (StrictMode mounts twice: the cleanup removes it).
  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { zoomControl: false, attributionControl: true }).setView(
      [center.lat, center.lng],
      zoom,
    );
    map.attributionControl.setPrefix(false);
    L.control
      .zoom({ zoomInTitle: latest.current.texts.zoomIn, zoomOutTitle: latest.current.texts.zoomOut })
      .addTo(map);
    if (tiles.url) {
      let loaded = false;
      L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 })
        .on('tileload', () => {
          loaded = true;
          setTilesFailed(false);
        })
        .on('tileerror', () => {
          if (!loaded) setTilesFailed(true);
        })
        .addTo(map);
    }
    layerRef.current = L.layerGroup().addTo(map);
    map.on('moveend', () => setView((v) => v + 1));
    mapRef.current = map;
    setView((v) => v + 1);
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
    // The centre and zoom have their own effect below; the map is built once.
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    mapRef.current?.setView([center.lat, center.lng], zoom);
  }, [center.lat, center.lng, zoom]);

  // The markers and clusters of the current view.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const b = map.getBounds();
    const bounds: TBounds = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
    for (const point of index.points(bounds, map.getZoom())) {
      if (point.kind === 'cluster') {
        const label = latest.current.texts.cluster(point.count);
        const size = point.count < 10 ? 32 : point.count < 100 ? 38 : 46;
        L.marker([point.lat, point.lng], {
          title: label,
          icon: L.divIcon({
            className: 'map-cluster',
            html: `<span aria-hidden="true">${point.count}</span><span class="visually-hidden">${escapeHtml(label)}</span>`,
            iconSize: [size, size],
          }),
        })
          .on('click', () => map.setView([point.lat, point.lng], index.expansionZoom(point.clusterId)))
          .on('keypress', (e: L.LeafletKeyboardEvent) => {
            const key = e.originalEvent.key;
            if (key === 'Enter' || key === ' ')
              map.setView([point.lat, point.lng], index.expansionZoom(point.clusterId));
          })
          .addTo(layer);
      } else {
        const { marker } = point;
        const link = document.createElement('a');
        link.href = latest.current.hrefFor(marker);
        link.textContent = marker.title;
        link.addEventListener('click', (event) => {
          if (!latest.current.onOpen) return;
          event.preventDefault();
          latest.current.onOpen(marker);
        });
        L.marker([point.lat, point.lng], {
          title: marker.title,
          icon: L.divIcon({
            className: 'map-marker',
            html: `<span class="visually-hidden">${escapeHtml(marker.title)}</span>`,
            iconSize: [24, 24],
            iconAnchor: [12, 24],
            popupAnchor: [0, -24],
          }),
        })
          .bindPopup(link)
          .addTo(layer);
      }
    }
  }, [index, view]);

  const listed = markers.slice(0, fallbackLimit);
  return (
    <section
      className={`map${tilesFailed ? ' map--no-tiles' : ''}`}
      aria-label={texts.label}
      data-testid="map"
      data-tiles={tilesFailed ? 'failed' : 'ok'}
      data-markers={markers.length}
    >
      <div ref={element} className="map__canvas" data-testid="map-canvas" />
      {tilesFailed && (
        <div className="map__fallback" data-testid="map-fallback" role="status">
          <p>{texts.fallback}</p>
          {listed.length > 0 && (
            <ul className="map__fallback-list" data-testid="map-fallback-list">
              {listed.map((m) => (
                <li key={m.id}>
                  <a
                    href={hrefFor(m)}
                    onClick={(event) => {
                      if (!onOpen) return;
                      event.preventDefault();
                      onOpen(m);
                    }}
                  >
                    {m.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
