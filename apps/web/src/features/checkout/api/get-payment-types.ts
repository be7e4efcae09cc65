import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';
import { checkoutKeys } from './query-keys';

/** The payment types and the default one (the answer's stored authorisations, always none, are left out). */
export type PaymentTypeList = Pick<
  EndpointData<Endpoints['GET /payment-type/list-auth']>,
  'paymentTypes' | 'defaultPaymentTypeId'
>;

/** GET /payment-type/list-auth: the payment types offered for this cart (and no stored cards). */
export async function getPaymentTypes(signal?: AbortSignal): Promise<PaymentTypeList> {
  const data = await callApi('GET /payment-type/list-auth', {}, { signal, quiet: true });
  return { paymentTypes: data.paymentTypes, defaultPaymentTypeId: data.defaultPaymentTypeId };
}

export const paymentTypesQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.paymentTypes(), queryFn: ({ signal }) => getPaymentTypes(signal) });

export const usePaymentTypes = (enabled = true) => useQuery({ ...paymentTypesQueryOptions(), enabled });
