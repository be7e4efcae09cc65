import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WalletView } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';

export const loyaltyKeys = {
  wallet: (page: number) => ['wallet', page] as const,
  /** under ['account']: the card and the premium state go with the session */
  card: () => ['account', 'loyalty-card'] as const,
  premiumArea: () => ['account', 'premium-area'] as const,
  premiumProduct: () => ['account', 'premium-product'] as const,
};

/** GET /wallet/view: the balance and a page of movements, newest first. */
export const getWallet = (page: number, signal?: AbortSignal): Promise<WalletView> =>
  callApi('GET /wallet/view', { query: { page } }, { signal, quiet: true });

export const useWallet = (page: number) =>
  useQuery({
    queryKey: loyaltyKeys.wallet(page),
    queryFn: ({ signal }) => getWallet(page, signal),
    placeholderData: keepPreviousData,
  });
