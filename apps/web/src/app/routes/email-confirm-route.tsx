import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { PageLoading } from '../../components/page-loading';
import { AccountPage } from '../../features/account/components/page-frame';
import { useUpdateEmail } from '../../features/account/api/update-email';
import { readServerFailure } from '../../lib/server-errors';

/**
 * /profile/email-confirm?token=: the link of the e-mail sent to the new address. No sign-in needed: the
 * token is the proof; the page calls update_email once and shows the outcome.
 */
export function EmailConfirmRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useUpdateEmail();
  const started = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  let content;
  if (!token) content = <Alert severity="error">{t('account.email.invalidLink')}</Alert>;
  else if (confirm.isSuccess)
    content = (
      <Alert severity="success" role="status">
        {t('account.email.changed', { email: confirm.data.email })}
      </Alert>
    );
  else if (confirm.isError)
    content = (
      <Alert severity="error" role="alert">
        {readServerFailure(confirm.error, t('account.email.invalidLink')).general.join('\n')}
      </Alert>
    );
  else content = <PageLoading />;
  return (
    <AccountPage title={t('account.email.confirmTitle')}>
      {content}
      <Button component={RouterLink} to="/profile" variant="outlined" sx={{ mt: 3 }}>
        {t('account.menu.profile')}
      </Button>
    </AccountPage>
  );
}
