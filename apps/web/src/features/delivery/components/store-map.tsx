import { useEffect, useRef } from 'react';
import { circleMarker, latLngBounds, map as createMap, tileLayer, type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Address } from '@spesa/shared/contracts/delivery';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../../lib/config';

type Located = Address & { latitude: number; longitude: number };

/**
 * The map of the Drive tab's stores (a lazy chunk with Leaflet, BSD-2; used directly — react-leaflet's
 * licence is not an open-source one). Tiles come from VITE_MAP_TILE_URL; without one (the default, no
 * internet needed) the markers stand on a plain background. The list beside it is the accessible way to
 * choose: the map takes no keyboard focus and its markers repeat the list's names.
 */
export function StoreMap({
  stores,
  selectedId,
  onChoose,
  label,
}: {
  stores: readonly Address[];
  selectedId: number | null;
  onChoose: (address: Address) => void;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const chooseRef = useRef(onChoose);
  useEffect(() => {
    chooseRef.current = onChoose;
  });
  const points = stores.filter((s): s is Located => s.latitude !== null && s.longitude !== null);

  // one Leaflet map for the component's life
  useEffect(() => {
    if (!container.current) return;
    const m = createMap(container.current, {
      keyboard: false,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: Boolean(MAP_TILE_URL),
    });
    if (MAP_TILE_URL) tileLayer(MAP_TILE_URL, { attribution: MAP_ATTRIBUTION }).addTo(m);
    mapRef.current = m;
    return () => {
      m.remove();
      mapRef.current = null;
    };
  }, []);

  // the markers follow the list and the selection
  const key = points.map((p) => `${p.addressId}:${p.preferred ? 1 : 0}`).join(',');
  useEffect(() => {
    const m = mapRef.current;
    if (!m || points.length === 0) return;
    const markers = points.map((s) => {
      const selected = s.addressId === selectedId;
      return circleMarker([s.latitude, s.longitude], {
        radius: selected ? 10 : 7,
        color: '#1b5e20',
        weight: 2,
        fillColor: selected ? '#1b5e20' : s.preferred ? '#f9a825' : '#66bb6a',
        fillOpacity: 0.9,
      })
        .bindTooltip(s.addressName, { permanent: points.length <= 5, direction: 'top' })
        .on('click', () => chooseRef.current(s))
        .addTo(m);
    });
    m.invalidateSize(); // the container may just have been shown
    m.fitBounds(latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])), {
      padding: [24, 24],
      maxZoom: 13,
    });
    return () => {
      for (const marker of markers) marker.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the points' identity
  }, [key, selectedId]);

  // the container stays mounted (the map lives in it); without stores it is simply not shown
  return (
    <div role="region" aria-label={label} className="store-map" hidden={points.length === 0}>
      <div
        ref={container}
        style={{
          height: 'clamp(160px, 28vh, 220px)',
          width: '100%',
          background: MAP_TILE_URL ? undefined : '#e8f0e8',
        }}
      />
    </div>
  );
}
