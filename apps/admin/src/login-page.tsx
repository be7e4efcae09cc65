import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { AdminLoginData } from '@spesa/shared/contracts/admin';
import { useLogin, useTranslate } from 'react-admin';
import { adminCall, AdminApiError } from './api';
import { SignInStep } from './auth-provider';

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | (Extract<AdminLoginData, { state: 'enrol' }> & { kind: 'enrol' })
  | { kind: 'recovery'; codes: string[]; finish: () => void };

/**
 * The back office's sign-in (decision 030): e-mail and password, then the authenticator's code (or a
 * recovery code); at the first sign-in the QR code to scan and its first code, then the recovery codes.
 */
export function LoginPage() {
  const t = useTranslate();
  const login = useLogin();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [form, setForm] = useState({ login: '', password: '', otp: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (step.kind === 'enrol') {
        const done = await adminCall('POST /admin/auth/enrol', {
          body: { enrolmentToken: step.enrolmentToken, otp: form.otp },
        });
        setStep({
          kind: 'recovery',
          codes: done.recoveryCodes,
          finish: () => void login({ enrolled: done.staff }),
        });
        return;
      }
      await login({
        login: form.login,
        password: form.password,
        otp: step.kind === 'code' ? form.otp : undefined,
      });
    } catch (err) {
      if (err instanceof SignInStep) {
        setForm((f) => ({ ...f, otp: '' }));
        setStep(err.step.state === 'enrol' ? { ...err.step, kind: 'enrol' } : { kind: 'code' });
      } else
        setError(err instanceof AdminApiError || err instanceof Error ? err.message : t('signIn.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {t('signIn.title')}
          </Typography>
          {step.kind === 'recovery' ? (
            <Stack spacing={2}>
              <Typography component="h2" variant="h6">
                {t('signIn.recoveryTitle')}
              </Typography>
              <Typography>{t('signIn.recoveryHelp')}</Typography>
              <Box
                component="ul"
                aria-label={t('signIn.recoveryTitle')}
                sx={{ fontFamily: 'monospace', columns: 2 }}
              >
                {step.codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
              <Button variant="contained" onClick={step.finish}>
                {t('signIn.enter')}
              </Button>
            </Stack>
          ) : (
            <Stack component="form" spacing={2} onSubmit={(e) => void submit(e)} noValidate>
              {error ? <Alert severity="error">{error}</Alert> : null}
              {step.kind === 'password' || step.kind === 'code' ? (
                <>
                  <TextField
                    label={t('signIn.login')}
                    type="email"
                    autoComplete="username"
                    required
                    {...field('login')}
                    disabled={step.kind === 'code'}
                  />
                  <TextField
                    label={t('signIn.password')}
                    type="password"
                    autoComplete="current-password"
                    required
                    {...field('password')}
                    disabled={step.kind === 'code'}
                  />
                </>
              ) : null}
              {step.kind === 'code' ? (
                <TextField
                  label={t('signIn.code')}
                  helperText={t('signIn.codeHelp')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  autoFocus
                  required
                  {...field('otp')}
                />
              ) : null}
              {step.kind === 'enrol' ? (
                <>
                  <Typography component="h2" variant="h6">
                    {t('signIn.enrolTitle')}
                  </Typography>
                  <Typography>{t('signIn.enrolHelp')}</Typography>
                  <Box
                    component="img"
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.qrSvg)}`}
                    alt="Codice QR da inquadrare con l'app di autenticazione"
                    sx={{ width: 200, height: 200, mx: 'auto', display: 'block' }}
                  />
                  <Typography variant="body2">
                    {t('signIn.secret')} <code data-testid="totp-secret">{step.secret}</code>
                  </Typography>
                  <TextField
                    label={t('signIn.enrolCode')}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    autoFocus
                    required
                    {...field('otp')}
                  />
                </>
              ) : null}
              <Button type="submit" variant="contained" disabled={busy}>
                {step.kind === 'enrol' ? t('signIn.activate') : t('signIn.next')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
