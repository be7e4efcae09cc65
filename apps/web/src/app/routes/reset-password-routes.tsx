import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MESSAGES, newPasswordRule, rules } from '@spesa/shared/account/validation-rules';
import { PageLoading } from '../../components/page-loading';
import { FormAlert } from '../../components/form-alert';
import { FormTextField, PasswordField } from '../../components/form-fields';
import { AccountPage } from '../../features/account/components/page-frame';
import { usePasswordReset } from '../../features/account/api/password-reset';
import { usePasswordResetTokenCheck } from '../../features/account/api/password-reset-token-check';
import { usePasswordResetTokenRequest } from '../../features/account/api/password-reset-token-request';
import { openLoginDialog } from '../../lib/login-dialog-store';
import { readServerFailure } from '../../lib/server-errors';

const requestSchema = z.object({ email: rules.email().pipe(z.string().min(1, MESSAGES.required)) });

/** /reset-password-request: the e-mail of the account; the answer never tells whether it exists. */
export function ResetPasswordRequestRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = usePasswordResetTokenRequest();
  const { control, handleSubmit } = useForm<
    z.input<typeof requestSchema>,
    unknown,
    z.output<typeof requestSchema>
  >({
    resolver: zodResolver(requestSchema),
    defaultValues: { email: '' },
  });
  const failure = request.error ? readServerFailure(request.error, t('toast.genericError')).general : [];
  return (
    <AccountPage title={t('account.reset.requestTitle')}>
      <Typography sx={{ mb: 3 }}>{t('account.reset.requestText')}</Typography>
      <FormAlert messages={failure} />
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(({ email }) =>
          request.mutate(email, {
            onSuccess: () => void navigate('/reset-password-sent', { state: { email } }),
          }),
        )}
        sx={{ display: 'grid', gap: 2 }}
      >
        <FormTextField
          control={control}
          name="email"
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          required
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={request.isPending} sx={{ justifySelf: 'start' }}>
          {request.isPending ? t('account.sending') : t('account.reset.requestSubmit')}
        </Button>
      </Box>
    </AccountPage>
  );
}

/** /reset-password-sent: the same information whatever the address (no account enumeration). */
export function ResetPasswordSentRoute() {
  const { t } = useTranslation();
  const email = ((useLocation().state ?? {}) as { email?: string }).email;
  return (
    <AccountPage title={t('account.reset.sentTitle')}>
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('account.reset.sentText')}
      </Alert>
      {email ? <Typography sx={{ mb: 2 }}>{t('account.reset.sentTo', { email })}</Typography> : null}
      <Typography sx={{ mb: 3 }}>{t('account.reset.sentHelp')}</Typography>
      <Button component={RouterLink} to="/reset-password-request" variant="outlined">
        {t('account.reset.again')}
      </Button>
    </AccountPage>
  );
}

const resetSchema = z
  .object({ password: newPasswordRule, passwordConfirm: z.string().min(1, MESSAGES.required) })
  .superRefine((v, ctx) => {
    if (v.password !== v.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: MESSAGES.passwordMismatch });
  });

/** /reset-password?token&login: from the e-mail link; the link is checked first, then the new password. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const login = params.get('login') ?? '';
  const check = usePasswordResetTokenCheck(login, token);
  if (!token) return <InvalidLink text={t('account.reset.missingToken')} />;
  if (check.isPending) return <PageLoading />;
  if (check.isError || check.data !== true)
    return (
      <InvalidLink text={readServerFailure(check.error, t('account.reset.invalidLink')).general.join('\n')} />
    );
  return <ResetPasswordForm token={token} login={login} />;
}

function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('account.reset.title')}>
      <FormAlert messages={[text]} />
      <Button component={RouterLink} to="/reset-password-request" variant="contained">
        {t('account.reset.again')}
      </Button>
    </AccountPage>
  );
}

function ResetPasswordForm({ token, login }: { token: string; login: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = usePasswordReset();
  const { control, handleSubmit, setError } = useForm<z.input<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const failure = reset.error ? readServerFailure(reset.error, t('toast.genericError')) : null;
  return (
    <AccountPage title={t('account.reset.title')}>
      <FormAlert messages={failure?.general ?? []} />
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(({ password }) =>
          reset.mutate(
            { ...(login ? { login } : {}), reset_token: token, password },
            {
              onSuccess: () => void navigate('/reset-password-completed', { replace: true }),
              onError: (error) => {
                const fields = readServerFailure(error, '').fields;
                if (fields.password)
                  setError('password', { type: 'server', message: fields.password }, { shouldFocus: true });
              },
            },
          ),
        )}
        sx={{ display: 'grid', gap: 2 }}
      >
        <PasswordField
          control={control}
          name="password"
          label={t('account.fields.newPassword')}
          helperText={t('account.fields.passwordPolicy')}
          autoComplete="new-password"
          required
          autoFocus
        />
        <PasswordField
          control={control}
          name="passwordConfirm"
          label={t('account.fields.passwordConfirm')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" disabled={reset.isPending} sx={{ justifySelf: 'start' }}>
          {reset.isPending ? t('account.sending') : t('account.reset.submit')}
        </Button>
      </Box>
    </AccountPage>
  );
}

/**
 * /reset-password-completed and /recover-password-confirm (the platform's older landing after a recovery):
 * the same page, the password is set and the customer can sign in.
 */
export function ResetPasswordCompletedRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('account.reset.completedTitle')}>
      <Alert severity="success" sx={{ mb: 3 }}>
        {t('account.reset.completedText')}
      </Alert>
      <Button variant="contained" onClick={() => openLoginDialog({ redirectTo: '/profile' })}>
        {t('header.login')}
      </Button>
    </AccountPage>
  );
}
