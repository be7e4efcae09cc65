import { useQuery } from '@tanstack/react-query';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import { callApi } from '../../../lib/http';
import { loyaltyKeys } from './get-wallet';

/** GET /loyalty/card: the customer's loyalty card (or none) and premium state. */
export const getCard = (signal?: AbortSignal): Promise<CardView> =>
  callApi('GET /loyalty/card', {}, { signal, quiet: true });

export const useCard = () =>
  useQuery({ queryKey: loyaltyKeys.card(), queryFn: ({ signal }) => getCard(signal) });
