import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AccountPage } from '../../features/account/components/page-frame';
import { useResendRegistrationEmail } from '../../features/account/api/resend-registration-email';
import { openLoginDialog } from '../../lib/login-dialog-store';

/**
 * /registration/confirm/:status — where the API sends a browser that opened the confirmation link:
 * ok (account active), already (it was active already), ko (link not valid or expired: ask for a new one).
 */
export function RegistrationConfirmRoute() {
  const { t } = useTranslation();
  const { status } = useParams();
  const outcome = status === 'ok' || status === 'already' ? status : 'ko';
  return (
    <AccountPage title={t(`account.confirm.${outcome}Title`)}>
      <Typography sx={{ mb: 3 }}>{t(`account.confirm.${outcome}Text`)}</Typography>
      {outcome === 'ko' ? (
        <ResendForm />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => openLoginDialog({ redirectTo: '/profile' })}>
            {t('header.login')}
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            {t('notFound.home')}
          </Button>
        </Box>
      )}
    </AccountPage>
  );
}

function ResendForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const resend = useResendRegistrationEmail();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (email.trim()) resend.mutate(email);
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
    >
      <TextField
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" variant="contained" disabled={resend.isPending || !email.trim()}>
        {t('account.thankyou.resend')}
      </Button>
      {resend.isSuccess ? (
        <Alert severity="success" role="status">
          {t('account.thankyou.resent')}
        </Alert>
      ) : null}
    </Box>
  );
}
