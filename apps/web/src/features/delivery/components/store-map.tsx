import { useEffect, useRef } from 'react';
import {
  circleMarker,
  control,
  latLngBounds,
  map as createMap,
  tileLayer,
  type Map as LeafletMap,
} from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Address } from '@spesa/shared/contracts/delivery';
import { useStoreMap } from '../api/get-store-map';

type Located = Address & { latitude: number; longitude: number };

/** The attribution as text: Leaflet writes it as HTML, the configuration's words must stay words. */
const asText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The map of the Drive tab's stores (a lazy chunk with Leaflet, BSD-2; used directly — react-leaflet's
 * licence is not an open-source one). The base map comes from the tile server the API is configured with
 * (MAP_TILES_URL, GET /warehouse-locator/map; decision 071), its attribution in the corner; without one (the
 * default, no internet needed) the markers stand on a plain plot. The list beside it is the accessible way to
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
  const base = useStoreMap().data;
  const tileUrl = base?.tileUrl ?? null;
  const attribution = base?.attribution ?? '';

  // one Leaflet map for the component's life
  useEffect(() => {
    if (!container.current) return;
    const m = createMap(container.current, {
      keyboard: false,
      scrollWheelZoom: false,
      zoomControl: false,
      attributionControl: false,
    });
    mapRef.current = m;
    return () => {
      m.remove();
      mapRef.current = null;
    };
  }, []);

  // the base map, once the configuration has answered and names a tile server
  useEffect(() => {
    const m = mapRef.current;
    if (!m || !tileUrl) return;
    const attributionText = control.attribution({ prefix: false }).addTo(m);
    const tiles = tileLayer(tileUrl, { attribution: asText(attribution) }).addTo(m);
    return () => {
      tiles.remove();
      attributionText.remove();
    };
  }, [tileUrl, attribution]);

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
    // the pins are for the pointer: out of the tab order (Chromium makes them stops), the list is the
    // keyboard's way to choose (decision 069); drawn once the map has its view
    for (const marker of markers) marker.getElement()?.setAttribute('tabindex', '-1');
    return () => {
      for (const marker of markers) marker.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the points' identity
  }, [key, selectedId]);

  // the container stays mounted (the map lives in it); without stores it is simply not shown
  return (
    <div
      role="region"
      aria-label={label}
      className="store-map"
      data-base-map={tileUrl ? 'tiles' : 'plot'}
      hidden={points.length === 0}
    >
      <div
        ref={container}
        style={{
          height: 'clamp(160px, 28vh, 220px)',
          width: '100%',
          background: tileUrl ? undefined : '#e8f0e8',
        }}
      />
    </div>
  );
}
