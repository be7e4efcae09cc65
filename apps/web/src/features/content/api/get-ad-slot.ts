import { useQuery } from '@tanstack/react-query';
import type { AdvSlot } from '@spesa/shared/contracts/content';
import { callApi } from '../../../lib/http';

/** GET /adv/slot?path=…: the ad slot configured for a route path (or the chain's fallback banner). */
export const getAdSlot = (path: string, signal?: AbortSignal): Promise<AdvSlot> =>
  callApi('GET /adv/slot', { query: { path } }, { signal, quiet: true }).then((d) => d.adv);

export const useAdSlot = (path: string) =>
  useQuery({ queryKey: ['content', 'adv', path], queryFn: ({ signal }) => getAdSlot(path, signal) });
