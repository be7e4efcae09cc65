import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { useAuthTest } from '../api/get-auth-test';
import { useAuth } from '../../../lib/use-auth';
import { signedOutOnPurpose } from '../../../lib/auth-state';

/**
 * Route guard of the customer area: signed-in customers see the page; anonymous visitors go to the login
 * page, which brings them back here after signing in. When the state is not known yet (first answer still
 * to come), /auth/test asks the server. A customer who has just deleted the account goes to the home page.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const test = useAuthTest(status === 'unknown');
  if (status === 'authenticated') return <>{children}</>;
  if (status === 'unknown' && !test.isError && test.data !== false) return <PageLoading />;
  if (status === 'anonymous' && signedOutOnPurpose()) return <Navigate to="/" replace />;
  const back = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
}
