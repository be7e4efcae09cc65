import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { useAnonymizeTokenCheck } from '../api/anonymize-token-check';
import { useAnonymizeTokenRequest } from '../api/anonymize-token-request';
import { useUserAnonymize } from '../api/user-anonymize';
import { readServerFailure } from '../../../lib/server-errors';
import { FormAlert } from '../../../components/form-alert';
import { FocusHeading } from './step-heading';

/**
 * Account deletion (anonymisation): ask for the code by e-mail, type it (or follow the link, which fills
 * it), check it, then confirm. The server refuses while an order awaits pickup: its text is shown.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [checked, setChecked] = useState(false);
  const request = useAnonymizeTokenRequest();
  const check = useAnonymizeTokenCheck();
  const anonymize = useUserAnonymize(() => showToast(t('account.delete.done'), 'success', TOAST_MS));
  const failure = [request.error, check.error, anonymize.error]
    .filter(Boolean)
    .flatMap((e) => readServerFailure(e, t('toast.genericError')).general);

  if (checked)
    return (
      <Box>
        <FocusHeading focus>{t('account.delete.confirmTitle')}</FocusHeading>
        <FormAlert
          messages={
            anonymize.error ? readServerFailure(anonymize.error, t('toast.genericError')).general : []
          }
        />
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('account.delete.confirmText')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="error"
            disabled={anonymize.isPending}
            onClick={() =>
              anonymize.mutate(token, { onSuccess: () => void navigate('/', { replace: true }) })
            }
          >
            {anonymize.isPending ? t('account.sending') : t('account.delete.confirm')}
          </Button>
          <Button variant="outlined" onClick={() => void navigate('/profile')}>
            {t('account.delete.keep')}
          </Button>
        </Box>
      </Box>
    );

  return (
    <Box>
      <FormAlert messages={failure} />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('account.delete.step1')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('account.delete.step1Text')}</Typography>
      <Button variant="outlined" disabled={request.isPending} onClick={() => request.mutate()}>
        {request.isPending ? t('account.sending') : t('account.delete.requestCode')}
      </Button>
      {request.isSuccess ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('account.delete.codeSent')}
        </Alert>
      ) : null}
      <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1 }}>
        {t('account.delete.step2')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!token.trim()) return;
          check.mutate(token, { onSuccess: (valid) => setChecked(valid) });
        }}
        sx={{ display: 'grid', gap: 2, maxWidth: 420 }}
      >
        <TextField
          label={t('account.delete.code')}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="one-time-code"
          required
        />
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={check.isPending || !token.trim()}
          sx={{ justifySelf: 'start' }}
        >
          {t('account.delete.continue')}
        </Button>
      </Box>
    </Box>
  );
}
