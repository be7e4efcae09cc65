import type { z } from 'zod';
import type { addressCheckBodySchema, addressCheckDataSchema } from '@spesa/shared/contracts/delivery';
import { apiPost } from '../../../lib/http';

export type AddressCheckBody = z.input<typeof addressCheckBodySchema>;
export type AddressCheckData = z.infer<typeof addressCheckDataSchema>;

/**
 * POST /user-address/check: does home delivery reach this address? Status 0 yes; the failures (out of the
 * served area, CAP of another province, city not matching the CAP) come back as an ApiError with their code.
 */
export function checkAddress(body: AddressCheckBody): Promise<AddressCheckData> {
  return apiPost<AddressCheckData>('/user-address/check', body, { quiet: true });
}
