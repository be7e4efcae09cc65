import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisclaimerAnswer, RegistrationDisclaimer } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';
import { accountKeys } from '../../../lib/account-keys';

/** POST /user-registration-disclaimer/update-disclaimer {disclaimers}: saves the customer's answers. */
export async function updateDisclaimers(disclaimers: DisclaimerAnswer[]): Promise<RegistrationDisclaimer[]> {
  const data = await callApi(
    'POST /user-registration-disclaimer/update-disclaimer',
    { body: { disclaimers } },
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
