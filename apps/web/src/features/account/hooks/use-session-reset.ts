import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../lib/account-keys';
import { useAuth } from '../../../lib/use-auth';

/**
 * When the customer stops being signed in (logout, account deletion, session expiry answered 419, or an
 * answer naming the anonymous user), the account data of the cache goes with them.
 */
export function useSessionReset(): void {
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'authenticated' && status === 'anonymous') {
      queryClient.removeQueries({ queryKey: accountKeys.all });
    }
    previous.current = status;
  }, [status, queryClient]);
}
