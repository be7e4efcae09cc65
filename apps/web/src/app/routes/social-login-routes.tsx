import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../components/form-alert';
import { getAuthTest } from '../../features/account/api/get-auth-test';
import { accountKeys } from '../../lib/account-keys';
import { AccountPage } from '../../features/account/components/page-frame';
import { SocialLinkForm } from '../../features/account/components/social-link-form';
import {
  pathAfterSignIn,
  readSignInResult,
  SIGN_IN_MESSAGE,
  signInErrorKey,
} from '../../features/account/utils/social-sign-in';

/** The opener of this popup, when it is a page of this shop (another site's window gets nothing). */
function shopOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && opener !== window && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/**
 * /social-login/callback: where a social sign-in or a company's single sign-on ends (decision 054). In the
 * login dialog's popup it tells the shop's window (postMessage to the shop's own origin only) and closes;
 * in a whole window (popups blocked, company sign-on) it goes on itself: the dashboard or the page the
 * sign-in started from, the registration, the link's confirmation, or it says why the sign-in failed.
 */
export function SocialCallbackRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useMemo(() => readSignInResult(params), [params]);
  const path = pathAfterSignIn(result);
  const failed = path === null && !shopOpener() ? t(signInErrorKey(result.code)) : null;

  useEffect(() => {
    const opener = shopOpener();
    if (opener) {
      opener.postMessage({ type: SIGN_IN_MESSAGE, ...result }, window.location.origin);
      window.close();
      return;
    }
    if (!path) return;
    void (async () => {
      if (result.outcome === 'signedIn') {
        await getAuthTest().catch(() => false);
        await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      }
      void navigate(path, { replace: true });
    })();
  }, [result, path, navigate, queryClient]);

  return (
    <AccountPage title={failed ? t('account.social.errorTitle') : t('account.social.callbackTitle')}>
      {failed ? (
        <>
          <FormAlert messages={[failed]} focus />
          <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
            {t('account.social.backToLogin')}
          </Button>
        </>
      ) : (
        <Typography role="status">{t('account.social.callbackWorking')}</Typography>
      )}
    </AccountPage>
  );
}

/** /social-login/link: the account's password confirms the link of the identity that shares its e-mail. */
export function SocialLinkRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('account.social.linkTitle')}>
      <SocialLinkForm />
    </AccountPage>
  );
}
