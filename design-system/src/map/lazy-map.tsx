import { lazy, Suspense } from 'react';
import type { TMapViewProps } from './map-view.tsx';

const MapView = lazy(() => import('./map-view.tsx'));

/**
 * The interactive map, loaded when first rendered (Leaflet and supercluster are their own chunk,
 * never in a first download). Until then a box of the map's size holds the place.
 */
export function LazyMap(props: TMapViewProps & { loadingText: string }) {
  const { loadingText, ...map } = props;
  return (
    <Suspense
      fallback={
        <div className="map" data-testid="map-loading" aria-busy="true">
          <div className="map__canvas--loading">{loadingText}</div>
        </div>
      }
    >
      <MapView {...map} />
    </Suspense>
  );
}
