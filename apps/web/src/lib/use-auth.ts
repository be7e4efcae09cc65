import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth, type AuthState } from './auth-state';

/** The login state (spec section 4), from the root user of the server's answers. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}
