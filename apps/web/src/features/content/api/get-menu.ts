import { useQuery } from '@tanstack/react-query';
import type { MenuItem, MenuLocation } from '@spesa/shared/contracts/content';
import { callWp } from '../../../lib/wp-http';

/** GET /p/wp-json/menus/v1/locations/:location: the menu of a location (menus plugin shape), its items. */
export const getMenu = (location: MenuLocation, signal?: AbortSignal): Promise<MenuItem[]> =>
  callWp('GET /p/wp-json/menus/v1/locations/:location', { params: { location } }, { signal }).then(
    ({ data }) => data.items,
  );

export const useMenu = (location: MenuLocation) =>
  useQuery({
    queryKey: ['content', 'menu', location],
    queryFn: ({ signal }) => getMenu(location, signal),
    staleTime: 30 * 60_000,
  });
