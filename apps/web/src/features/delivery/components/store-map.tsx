import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { latLngBounds } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Address } from '@spesa/shared/contracts/delivery';
import { MAP_ATTRIBUTION, MAP_TILE_URL } from '../../../lib/config';

type Located = Address & { latitude: number; longitude: number };

function FitBounds({ points }: { points: readonly Located[] }) {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    const bounds = latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13 });
  }, [map, points]);
  return null;
}

/**
 * The map of the Drive tab's stores (a lazy chunk with Leaflet). Tiles come from VITE_MAP_TILE_URL; without
 * one (the default, no internet needed) the markers stand on a plain background. The list beside it is the
 * accessible way to choose: the map takes no keyboard focus and its markers repeat the list's names.
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
  const points = stores.filter((s): s is Located => s.latitude !== null && s.longitude !== null);
  if (points.length === 0) return null;
  const first = points[0]!;
  return (
    <div role="region" aria-label={label} className="store-map">
      <MapContainer
        center={[first.latitude, first.longitude]}
        zoom={10}
        style={{
          height: 'clamp(160px, 28vh, 220px)',
          width: '100%',
          background: MAP_TILE_URL ? undefined : '#e8f0e8',
        }}
        keyboard={false}
        scrollWheelZoom={false}
        zoomControl={false}
        attributionControl={Boolean(MAP_TILE_URL)}
      >
        {MAP_TILE_URL ? <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} /> : null}
        <FitBounds points={points} />
        {points.map((s) => {
          const selected = s.addressId === selectedId;
          return (
            <CircleMarker
              key={s.addressId}
              center={[s.latitude, s.longitude]}
              radius={selected ? 10 : 7}
              pathOptions={{
                color: '#1b5e20',
                weight: 2,
                fillColor: selected ? '#1b5e20' : s.preferred ? '#f9a825' : '#66bb6a',
                fillOpacity: 0.9,
              }}
              eventHandlers={{ click: () => onChoose(s) }}
            >
              <Tooltip permanent={points.length <= 5} direction="top">
                {s.addressName}
              </Tooltip>
            </CircleMarker>
          );
        })}
      </MapContainer>
    </div>
  );
}
