import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentType } from '@spesa/shared/contracts/checkout';
import { apiGet } from '../../../lib/http';
import { checkoutKeys } from './query-keys';

export interface PaymentTypeList {
  paymentTypes: PaymentType[];
  defaultPaymentTypeId: number;
}

/** GET /payment-type/list-auth: the payment types offered for this cart (and no stored cards). */
export async function getPaymentTypes(signal?: AbortSignal): Promise<PaymentTypeList> {
  const data = await apiGet<PaymentTypeList>('/payment-type/list-auth', undefined, { signal, quiet: true });
  return { paymentTypes: data.paymentTypes, defaultPaymentTypeId: data.defaultPaymentTypeId };
}

export const paymentTypesQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.paymentTypes(), queryFn: ({ signal }) => getPaymentTypes(signal) });

export const usePaymentTypes = (enabled = true) => useQuery({ ...paymentTypesQueryOptions(), enabled });
