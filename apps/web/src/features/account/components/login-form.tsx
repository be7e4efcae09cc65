import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MFA_REQUIRED_CODE, MFA_RESENT_CODE, type UserDetail } from '@spesa/shared/contracts/account';
import { loginPasswordRule, MESSAGES } from '@spesa/shared/account/validation-rules';
import { IS_APP_BUILD, REGISTRATION_ENABLED } from '../../../lib/config';
import { login } from '../api/login';
import { accountKeys } from '../../../lib/account-keys';
import { readServerFailure } from '../../../lib/server-errors';
import { BarcodeScanner } from '../../../components/barcode-scanner';
import { FormAlert } from '../../../components/form-alert';
import { FormCheckbox, FormTextField, PasswordField } from '../../../components/form-fields';
import { SocialSignIn } from './social-sign-in';

/** Codes of failures that are a step of the PIN sign-in rather than an error. */
const MFA_INFO_CODES = new Set([MFA_REQUIRED_CODE, MFA_RESENT_CODE]);

const loginFormSchema = z
  .object({
    login: z.string().trim().min(1, MESSAGES.required).max(254, MESSAGES.maxLength(254)),
    password: loginPasswordRule,
    rememberMe: z.boolean(),
    /** the second step: the PIN sent by e-mail is asked */
    withPin: z.boolean(),
    mfaPin: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.withPin && !/^\d{6}$/.test(v.mfaPin))
      ctx.addIssue({
        code: 'custom',
        path: ['mfaPin'],
        message: v.mfaPin === '' ? MESSAGES.required : MESSAGES.exactLength(6),
      });
  });
type LoginFormValues = z.input<typeof loginFormSchema>;

/**
 * The login form of the dialog and of /login (spec sections 2, 4, 5): e-mail or card number, password
 * with a show toggle, remember-on-device (on by default); the login is trimmed and nothing is sent without
 * a password. With the PIN on, a second step asks for the 6-digit PIN sent by e-mail. Failures are shown
 * here and the form stays.
 */
export function LoginForm({
  onSuccess,
  onNavigate,
  autoFocus = true,
  headingId,
}: {
  onSuccess: (user: UserDetail) => void;
  /** a link of the form was followed (the dialog closes) */
  onNavigate?: () => void;
  autoFocus?: boolean;
  headingId?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const socialNoteId = useId();
  const [withPin, setWithPin] = useState(false);
  const [pending, setPending] = useState<false | 'login' | 'resend'>(false);
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<{ text: string[]; severity: 'error' | 'info' } | null>(null);

  const { control, handleSubmit, getValues, setFocus, setValue } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { login: '', password: '', rememberMe: true, withPin: false, mfaPin: '' },
  });

  useEffect(() => {
    if (withPin) setFocus('mfaPin');
  }, [withPin, setFocus]);

  async function send(values: LoginFormValues, resend: boolean) {
    setPending(resend ? 'resend' : 'login');
    setMessage(null);
    try {
      const user = await login({
        login: values.login,
        password: values.password,
        rememberMe: values.rememberMe,
        mfaPin: withPin && !resend ? values.mfaPin : undefined,
        resendMfaPin: resend || undefined,
      });
      queryClient.setQueryData(accountKeys.userDetail(), user);
      void queryClient.invalidateQueries({ queryKey: accountKeys.authTest() });
      // spec section 4: a login event is raised
      window.dispatchEvent(new CustomEvent('spesa:logged-in', { detail: { userId: user.userId } }));
      onSuccess(user);
    } catch (error) {
      const failure = readServerFailure(error, t('toast.genericError'));
      if (failure.code && MFA_INFO_CODES.has(failure.code)) {
        setWithPin(true);
        setValue('withPin', true);
        if (resend) setValue('mfaPin', '');
        setMessage({
          text: failure.general.length ? failure.general : Object.values(failure.fields),
          severity: 'info',
        });
      } else {
        setMessage({
          text: [...failure.general, ...Object.values(failure.fields)],
          severity: 'error',
        });
      }
    } finally {
      setPending(false);
    }
  }

  const onSubmit = handleSubmit((values) => send(values, false));
  const onResend = () => {
    const values = getValues();
    if (!values.login.trim() || !values.password) return void onSubmit();
    void send(values, true);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      aria-busy={pending !== false}
    >
      {message ? (
        <FormAlert messages={message.text} severity={message.severity} focus={message.severity === 'error'} />
      ) : null}
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormTextField
          control={control}
          name="login"
          label={t('account.login.login')}
          autoComplete="username"
          autoFocus={autoFocus}
          required
          disabled={withPin}
        />
        <PasswordField
          control={control}
          name="password"
          label={t('account.login.password')}
          autoComplete="current-password"
          required
          disabled={withPin}
        />
        {withPin ? (
          <>
            <FormTextField
              control={control}
              name="mfaPin"
              label={t('account.login.pin')}
              helperText={t('account.login.pinHelp')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
            />
            <Button
              type="button"
              variant="text"
              onClick={onResend}
              disabled={pending !== false}
              sx={{ justifySelf: 'start' }}
            >
              {pending === 'resend' ? t('account.login.resending') : t('account.login.resendPin')}
            </Button>
          </>
        ) : (
          <FormCheckbox control={control} name="rememberMe" label={t('account.login.rememberMe')} />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={pending !== false}
          sx={{ minWidth: 160 }}
        >
          {pending === 'login' ? t('account.login.sending') : t('account.login.submit')}
        </Button>
        <Link component={RouterLink} to="/reset-password-request" onClick={onNavigate}>
          {t('account.login.forgotPassword')}
        </Link>
      </Box>
      {IS_APP_BUILD ? (
        <>
          <Button
            type="button"
            variant="outlined"
            fullWidth
            sx={{ mt: 2 }}
            aria-describedby={socialNoteId}
            onClick={() => setScanning(true)}
          >
            {t('account.login.scanCard')}
          </Button>
          <Typography id={socialNoteId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('account.login.scanHelp')}
          </Typography>
          <BarcodeScanner
            open={scanning}
            title={t('account.login.scanCard')}
            accept={(code) => /^\d{13}$/.test(code)}
            onDetected={(code) => {
              setScanning(false);
              setValue('login', code);
              setFocus('password');
            }}
            onClose={() => setScanning(false)}
          />
        </>
      ) : null}
      <SocialSignIn onDone={onNavigate} />
      {REGISTRATION_ENABLED ? (
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Typography sx={{ mb: 1 }}>{t('account.login.noAccount')}</Typography>
          <Button component={RouterLink} to="/registration-user" variant="outlined" onClick={onNavigate}>
            {t('account.login.register')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
