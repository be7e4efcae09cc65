import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterUserBody, registerUserDataSchema } from '@spesa/shared/contracts/account';
import { apiPost } from '../../../lib/http';

export type RegisterUserData = z.infer<typeof registerUserDataSchema>;

/** POST /registration/register_user: the three steps of the wizard in one body. */
export function registerUser(body: RegisterUserBody): Promise<RegisterUserData> {
  return apiPost<RegisterUserData>('/registration/register_user', body, { quiet: 'errors' });
}

export const useRegisterUser = () => useMutation({ mutationFn: registerUser });
