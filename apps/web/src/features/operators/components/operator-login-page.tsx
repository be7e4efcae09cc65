import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../../components/form-alert';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { useSsoLogin } from '../api/sso-login';

/**
 * "Accesso operatori" (decision 053): customer service signs in to the shop with the back office's user
 * name, password and the authenticator app's code (enrolment stays in the back office).
 */
export function OperatorLoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useSsoLogin();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [info, setInfo] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setInfo('');
    login.mutate(
      { backoffice_user: user, password, ...(otp.trim() ? { otp: otp.trim() } : {}) },
      {
        onSuccess: (data) => {
          if (data.state === 'signedIn') onSignedIn();
          else setInfo(t('operators.login.codeRequired'));
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography sx={{ mb: 2 }}>{t('operators.login.intro')}</Typography>
      <FormAlert messages={login.isError ? errorTexts(login.error, t('operators.login.error')) : []} focus />
      <FormAlert messages={info ? [info] : []} severity="info" />
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('operators.login.user')}
          value={user}
          onChange={(e) => setUser(e.target.value)}
          autoComplete="username"
          required
          autoFocus
        />
        <TextField
          label={t('operators.login.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
        />
        <TextField
          label={t('operators.login.otp')}
          helperText={t('operators.login.otpHelp')}
          value={otp}
          onChange={(e) => setOtp(e.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'text', maxLength: 11 } }}
        />
        <Button type="submit" variant="contained" disabled={login.isPending}>
          {t('operators.login.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
