import { useQuery } from '@tanstack/react-query';
import type { Slide } from '@spesa/shared/contracts/content';
import { callApi } from '../../../lib/http';

/** GET /p/wp-json/spesa/v1/slides: the chain's slides for a day (YYYY-MM-DD) and a delivery service. */
export const getSlides = (
  day: string,
  deliveryServiceId: number | undefined,
  signal?: AbortSignal,
): Promise<Slide[]> =>
  callApi(
    'GET /p/wp-json/spesa/v1/slides',
    { query: { day: day.replaceAll('-', ''), ...(deliveryServiceId ? { deliveryServiceId } : {}) } },
    { signal, quiet: true },
  ).then((d) => d.slides);

export const useSlides = (day: string | undefined, deliveryServiceId: number | undefined) =>
  useQuery({
    queryKey: ['content', 'slides', day ?? '', deliveryServiceId ?? 0],
    queryFn: ({ signal }) => getSlides(day ?? '', deliveryServiceId, signal),
    enabled: Boolean(day),
    staleTime: 5 * 60_000,
  });
