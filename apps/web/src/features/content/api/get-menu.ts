import { useQuery } from '@tanstack/react-query';
import type { MenuItem, MenuLocation } from '@spesa/shared/contracts/content';
import { callApi } from '../../../lib/http';

/** GET /p/wp-json/menus/v1/locations/:location: the items of a menu of the content store. */
export const getMenu = (location: MenuLocation, signal?: AbortSignal): Promise<MenuItem[]> =>
  callApi(
    'GET /p/wp-json/menus/v1/locations/:location',
    { params: { location } },
    { signal, quiet: true },
  ).then((d) => d.items);

export const useMenu = (location: MenuLocation) =>
  useQuery({
    queryKey: ['content', 'menu', location],
    queryFn: ({ signal }) => getMenu(location, signal),
    staleTime: 30 * 60_000,
  });
