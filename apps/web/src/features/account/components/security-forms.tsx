import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { updateEmailRequestSchema, updatePasswordSchema } from '@spesa/shared/contracts/account';
import { MESSAGES } from '@spesa/shared/account/validation-rules';
import { PageLoading } from '../../../components/page-loading';
import { useMfaEnabled } from '../api/get-mfa-enabled';
import { useUpdateEmailRequest } from '../api/update-email-request';
import { useUpdateMfa } from '../api/update-mfa';
import { useUpdatePassword } from '../api/update-password';
import { applyFieldErrors, readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { FormTextField, PasswordField } from '../../../components/form-fields';

const passwordFormSchema = updatePasswordSchema
  .extend({ passwordConfirm: z.string().min(1, MESSAGES.required) })
  .superRefine((v, ctx) => {
    if (v.new_password !== v.passwordConfirm)
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: MESSAGES.passwordMismatch });
  });
type PasswordValues = z.input<typeof passwordFormSchema>;

/** Change of password: the current one, the new one with the policy (POST update_password, JSON body). */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const [general, setGeneral] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, setError, reset } = useForm<PasswordValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { old_password: '', new_password: '', passwordConfirm: '' },
  });
  return (
    <Box
      component="form"
      noValidate
      aria-busy={update.isPending}
      onSubmit={handleSubmit(({ old_password, new_password }) => {
        setGeneral([]);
        setSaved(false);
        update.mutate(
          { old_password, new_password },
          {
            onSuccess: () => {
              reset();
              setSaved(true);
            },
            onError: (error) => {
              const failure = readServerFailure(error, t('toast.genericError'));
              const rest = applyFieldErrors(
                failure.fields,
                ['old_password', 'new_password'],
                (name, message, focus) =>
                  setError(name as 'old_password', { type: 'server', message }, { shouldFocus: focus }),
              );
              setGeneral([...failure.general, ...rest]);
            },
          },
        );
      })}
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <FormAlert messages={general} focus />
      {saved ? <FormAlert severity="success" messages={[t('account.password.saved')]} /> : null}
      <PasswordField
        control={control}
        name="old_password"
        label={t('account.fields.currentPassword')}
        autoComplete="current-password"
        required
      />
      <PasswordField
        control={control}
        name="new_password"
        label={t('account.fields.newPassword')}
        helperText={t('account.fields.passwordPolicy')}
        autoComplete="new-password"
        required
      />
      <PasswordField
        control={control}
        name="passwordConfirm"
        label={t('account.fields.passwordConfirm')}
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" disabled={update.isPending} sx={{ justifySelf: 'start' }}>
        {update.isPending ? t('account.sending') : t('account.password.submit')}
      </Button>
    </Box>
  );
}

/** Change of e-mail: a link is sent to the new address; the change happens when it is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const request = useUpdateEmailRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof updateEmailRequestSchema>,
    unknown,
    z.output<typeof updateEmailRequestSchema>
  >({
    resolver: zodResolver(updateEmailRequestSchema),
    defaultValues: { new_email: '' },
  });
  const failure = request.error ? readServerFailure(request.error, t('toast.genericError')) : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ new_email }) => {
        setSentTo(null);
        request.mutate(new_email, {
          onSuccess: () => setSentTo(new_email),
          onError: (error) => {
            const message = readServerFailure(error, '').fields.new_email;
            if (message) setError('new_email', { type: 'server', message }, { shouldFocus: true });
          },
        });
      })}
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <Typography>{t('account.email.current', { email: currentEmail })}</Typography>
      <FormAlert messages={failure?.general ?? []} />
      {sentTo ? (
        <FormAlert severity="success" messages={[t('account.email.sent', { email: sentTo })]} />
      ) : null}
      <FormTextField
        control={control}
        name="new_email"
        label={t('account.fields.newEmail')}
        type="email"
        autoComplete="email"
        required
      />
      <Button type="submit" variant="contained" disabled={request.isPending} sx={{ justifySelf: 'start' }}>
        {request.isPending ? t('account.sending') : t('account.email.submit')}
      </Button>
    </Box>
  );
}

/** Sign-in PIN (multi-factor): on or off (GET mfa_enabled, POST update_mfa). */
export function MfaSwitch() {
  const { t } = useTranslation();
  const mfa = useMfaEnabled();
  const update = useUpdateMfa();
  if (mfa.isPending) return <PageLoading />;
  if (mfa.isError) return <FormAlert messages={[t('account.profile.loadError')]} />;
  const failure = update.error ? readServerFailure(update.error, t('toast.genericError')) : null;
  return (
    <Box>
      <FormAlert messages={failure?.general ?? []} />
      <FormControlLabel
        control={
          <Switch
            checked={mfa.data}
            disabled={update.isPending}
            onChange={(_, enabled) => update.mutate(enabled)}
          />
        }
        label={t('account.pin.switch')}
      />
      <Typography role="status" sx={{ mt: 1 }}>
        {mfa.data ? t('account.pin.on') : t('account.pin.off')}
      </Typography>
    </Box>
  );
}
