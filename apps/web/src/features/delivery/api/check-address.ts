import type { EndpointData, EndpointInput } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import { callApi } from '../../../lib/http';

type CheckEndpoint = Endpoints['POST /user-address/check'];
export type AddressCheckBody = EndpointInput<CheckEndpoint>['body'];
export type AddressCheckData = EndpointData<CheckEndpoint>;

/**
 * POST /user-address/check: does home delivery reach this address? Status 0 yes; the failures (out of the
 * served area, CAP of another province, city not matching the CAP) come back as an ApiError with their code.
 */
export function checkAddress(body: AddressCheckBody): Promise<AddressCheckData> {
  return callApi('POST /user-address/check', { body }, { quiet: true });
}
