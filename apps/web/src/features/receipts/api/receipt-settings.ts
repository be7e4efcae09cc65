import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReceiptSettings, ReceiptSettingsBody } from '@spesa/shared/contracts/receipts';
import { callApi } from '../../../lib/http';
import { receiptKeys } from './get-receipts';

/** GET /receipts/settings: the digital receipt service and voucher mode in force, and a pending change. */
export const getReceiptSettings = (signal?: AbortSignal): Promise<ReceiptSettings> =>
  callApi('GET /receipts/settings', undefined, { signal, quiet: true });

export const useReceiptSettings = () =>
  useQuery({ queryKey: receiptKeys.settings(), queryFn: ({ signal }) => getReceiptSettings(signal) });

/** POST /receipts/settings: asks a change (effective within 24 hours). */
export const changeReceiptSettings = (body: ReceiptSettingsBody): Promise<ReceiptSettings> =>
  callApi('POST /receipts/settings', { body }, { quiet: 'errors' });

export function useChangeReceiptSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReceiptSettings,
    onSuccess: (settings) => queryClient.setQueryData(receiptKeys.settings(), settings),
  });
}
