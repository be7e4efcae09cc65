import { useQuery } from '@tanstack/react-query';
import type { UserGiftCertificates } from '@spesa/shared/contracts/gift-certificates';
import { callApi } from '../../../lib/http';

/** Gift certificates belong to the signed-in customer: under ['account'], forgotten at sign-out. */
export const giftKeys = {
  all: ['account', 'gift-certificates'] as const,
  usable: () => ['account', 'gift-certificates', 'usable'] as const,
  personal: (history: boolean) => ['account', 'gift-certificates', 'personal', history] as const,
};

/** GET /giftcertificate/list: what the customer can use now (personal certificates and advantages). */
export const getUsableGifts = (signal?: AbortSignal): Promise<UserGiftCertificates> =>
  callApi('GET /giftcertificate/list', undefined, { signal, quiet: true });

/** GET /giftcertificate/list-manual-assigned: the personal certificates (with history: used and expired too). */
export const getPersonalGifts = (history: boolean, signal?: AbortSignal): Promise<UserGiftCertificates> =>
  callApi(
    'GET /giftcertificate/list-manual-assigned',
    { query: { show_history: history } },
    { signal, quiet: true },
  );

export const useUsableGifts = () =>
  useQuery({ queryKey: giftKeys.usable(), queryFn: ({ signal }) => getUsableGifts(signal) });

export const usePersonalGifts = (history: boolean) =>
  useQuery({
    queryKey: giftKeys.personal(history),
    queryFn: ({ signal }) => getPersonalGifts(history, signal),
  });
