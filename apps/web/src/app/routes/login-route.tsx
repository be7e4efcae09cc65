import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Paper from '@mui/material/Paper';
import { LoginForm } from '../../features/account/components/login-form';
import { AccountPage } from '../../features/account/components/page-frame';
import { useAuth } from '../../lib/use-auth';
import { safeRedirect } from '../../features/account/utils/safe-redirect';

/**
 * /login: the login dialog's form as a page. `redirect` (a path of the shop) is where the customer goes
 * after signing in — the guarded page they asked for.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useAuth();
  const redirect = params.get('redirect');
  const target = safeRedirect(redirect, '/profile');

  useEffect(() => {
    // a guarded page sent the visitor here: say why
    if (redirect) document.getElementById('login-reason')?.focus();
  }, [redirect]);

  if (status === 'authenticated') return <Navigate to={target} replace />;
  return (
    <AccountPage title={t('account.login.pageTitle')}>
      {redirect ? (
        <p id="login-reason" tabIndex={-1} style={{ outline: 'none' }}>
          {t('account.login.needed')}
        </p>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <LoginForm autoFocus={!redirect} onSuccess={() => void navigate(target, { replace: true })} />
      </Paper>
    </AccountPage>
  );
}
