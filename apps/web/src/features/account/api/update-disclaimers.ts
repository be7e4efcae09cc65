import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationDisclaimer } from '@spesa/shared/contracts/account';
import { apiPost } from '../../../lib/http';
import { accountKeys } from './query-keys';

export interface DisclaimerAnswer {
  registrationDisclaimerId: number;
  value: boolean;
}

/** POST /user-registration-disclaimer/update-disclaimer {disclaimers}: saves the customer's answers. */
export async function updateDisclaimers(disclaimers: DisclaimerAnswer[]): Promise<RegistrationDisclaimer[]> {
  const data = await apiPost<{ registrationDisclaimers: RegistrationDisclaimer[] }>(
    '/user-registration-disclaimer/update-disclaimer',
    { disclaimers },
    { quiet: true },
  );
  return data.registrationDisclaimers;
}

export function useUpdateDisclaimers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisclaimers,
    onSuccess: (list) => queryClient.setQueryData(accountKeys.userDisclaimers(), list),
  });
}
