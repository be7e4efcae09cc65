import { useQuery } from '@tanstack/react-query';
import type { Slide } from '@spesa/shared/contracts/content';
import { callWp } from '../../../lib/wp-http';

/** GET /p/wp-json/spesa/v1/slides: the chain's slides for a day (YYYY-MM-DD) and a delivery service. */
export const getSlides = (
  day: string,
  deliveryServiceId: number | undefined,
  signal?: AbortSignal,
): Promise<Slide[]> =>
  callWp(
    'GET /p/wp-json/spesa/v1/slides',
    { query: { day: day.replaceAll('-', ''), ...(deliveryServiceId ? { deliveryServiceId } : {}) } },
    { signal },
  ).then(({ data }) => data);

export const useSlides = (day: string | undefined, deliveryServiceId: number | undefined) =>
  useQuery({
    queryKey: ['content', 'slides', day ?? '', deliveryServiceId ?? 0],
    queryFn: ({ signal }) => getSlides(day ?? '', deliveryServiceId, signal),
    enabled: Boolean(day),
    staleTime: 5 * 60_000,
  });
