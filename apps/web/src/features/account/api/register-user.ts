import { useMutation } from '@tanstack/react-query';
import type { EndpointData } from '@spesa/shared/contracts/endpoint';
import type { Endpoints } from '@spesa/shared/contracts/endpoints';
import type { RegisterUserBody } from '@spesa/shared/contracts/account';
import { callApi } from '../../../lib/http';

export type RegisterUserData = EndpointData<Endpoints['POST /registration/register_user']>;

/** POST /registration/register_user: the three steps of the wizard in one body. */
export function registerUser(body: RegisterUserBody): Promise<RegisterUserData> {
  return callApi('POST /registration/register_user', { body }, { quiet: 'errors' });
}

export const useRegisterUser = () => useMutation({ mutationFn: registerUser });
