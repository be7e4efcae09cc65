import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PERSONAL_DATA_MISSING_CODE, type CheckoutCart } from '@spesa/shared/contracts/checkout';
import { useUserDetail } from '../../account/api/get-user-detail';
import { checkoutKeys } from '../api/query-keys';

/** The server's texts about missing personal data, picked by their code. */
function personalDataMissing(checkout: CheckoutCart['checkout'] | undefined): string[] {
  if (!checkout) return [];
  return checkout.missing.filter((_, i) => checkout.missingCodes[i] === PERSONAL_DATA_MISSING_CODE);
}

/**
 * The personal data the purchase still needs: the server lists everything still missing (rules, slot...)
 * with a code for each, and the personal data get a form of their own; once they are saved the cart's list
 * of what is missing is read again.
 */
export function usePersonalData(checkout: CheckoutCart['checkout'] | undefined) {
  const queryClient = useQueryClient();
  const userDetail = useUserDetail();
  const missing = personalDataMissing(checkout);
  const userUpdatedAt = userDetail.dataUpdatedAt;
  const firstUpdate = useRef(userUpdatedAt);
  useEffect(() => {
    if (userUpdatedAt !== firstUpdate.current) {
      firstUpdate.current = userUpdatedAt;
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cart() });
    }
  }, [userUpdatedAt, queryClient]);
  return { user: userDetail.data, missing };
}
