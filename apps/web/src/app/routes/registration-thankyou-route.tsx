import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AccountPage } from '../../features/account/components/page-frame';
import { useResendRegistrationEmail } from '../../features/account/api/resend-registration-email';
import { openLoginDialog } from '../../lib/login-dialog-store';

/** /registration/thankyou: registration done, check your e-mail (and send it again). */
export function RegistrationThankyouRoute() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as { email?: string; confirmationRequired?: boolean };
  const resend = useResendRegistrationEmail();
  const needsConfirmation = state.confirmationRequired !== false;
  return (
    <AccountPage title={t('account.thankyou.title')}>
      {needsConfirmation ? (
        <>
          <Typography sx={{ mb: 2 }}>
            {state.email
              ? t('account.thankyou.checkEmailTo', { email: state.email })
              : t('account.thankyou.checkEmail')}
          </Typography>
          <Typography sx={{ mb: 3 }}>{t('account.thankyou.spam')}</Typography>
          {state.email ? (
            <Button
              variant="outlined"
              disabled={resend.isPending}
              onClick={() => resend.mutate(state.email ?? '')}
            >
              {t('account.thankyou.resend')}
            </Button>
          ) : null}
          {resend.isSuccess ? (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {t('account.thankyou.resent')}
            </Alert>
          ) : null}
        </>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>{t('account.thankyou.active')}</Typography>
          <Button variant="contained" onClick={() => openLoginDialog({ redirectTo: '/profile' })}>
            {t('header.login')}
          </Button>
        </>
      )}
    </AccountPage>
  );
}
