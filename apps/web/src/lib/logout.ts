import { useMutation } from '@tanstack/react-query';
import { callApi } from './http';
import { markLoggedOut } from './auth-state';
import { setCatalogueWarehouse } from './catalogue-store';
import { forgetAccountCopies } from './service-worker';

/** POST /auth/logout: the session ends on the server; locally the customer is anonymous either way. */
export async function logout(): Promise<void> {
  try {
    await callApi('POST /auth/logout', {}, { quiet: true });
  } finally {
    markLoggedOut();
    setCatalogueWarehouse(null);
    await forgetAccountCopies();
  }
}

export const useLogout = () => useMutation({ mutationFn: logout });
