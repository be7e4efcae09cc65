import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { socialLinkConfirmBodySchema, type SocialLinkConfirmBody } from '@spesa/shared/contracts/identity';
import { FormAlert } from '../../../components/form-alert';
import { PasswordField } from '../../../components/form-fields';
import { PageLoading } from '../../../components/page-loading';
import { getAuthTest } from '../api/get-auth-test';
import { useSocialUserDetail } from '../api/get-social-user-detail';
import { accountKeys } from '../../../lib/account-keys';
import { useSocialLinkConfirm } from '../api/social-link-confirm';
import { readServerFailure } from '../../../lib/server-errors';
import { safeRedirect } from '../utils/safe-redirect';
import { providerKey } from '../utils/social-sign-in';

/**
 * The link of a social account (or a company's sign-in) to the shop account of the same e-mail (decision
 * 054): never on the provider's word alone, the account's password confirms it once.
 */
export function SocialLinkForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useSocialUserDetail();
  const confirm = useSocialLinkConfirm();
  const [general, setGeneral] = useState<string[]>([]);
  const { control, handleSubmit, setError } = useForm<SocialLinkConfirmBody>({
    resolver: zodResolver(socialLinkConfirmBodySchema),
    defaultValues: { password: '' },
  });
  if (detail.isPending) return <PageLoading />;
  if (detail.isError || !detail.data.linkRequired)
    return <FormAlert messages={[t('account.social.linkMissing')]} />;
  const provider = t(providerKey(detail.data.provider));
  return (
    <Box
      component="form"
      noValidate
      aria-busy={confirm.isPending}
      onSubmit={handleSubmit(({ password }) => {
        setGeneral([]);
        confirm.mutate(password, {
          onSuccess: async (data) => {
            await getAuthTest().catch(() => false);
            await queryClient.invalidateQueries({ queryKey: accountKeys.all });
            void navigate(safeRedirect(data.relayStateUrl, '/dashboard'));
          },
          onError: (error) => {
            const failure = readServerFailure(error, t('toast.genericError'));
            if (failure.fields.password)
              setError(
                'password',
                { type: 'server', message: failure.fields.password },
                { shouldFocus: true },
              );
            setGeneral([...failure.general]);
          },
        });
      })}
      sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
    >
      <Typography>{t('account.social.linkIntro', { email: detail.data.email, provider })}</Typography>
      <FormAlert messages={general} focus />
      <PasswordField
        control={control}
        name="password"
        label={t('account.fields.password')}
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" disabled={confirm.isPending} sx={{ justifySelf: 'start' }}>
        {confirm.isPending ? t('account.social.linkSending') : t('account.social.linkSubmit')}
      </Button>
    </Box>
  );
}
