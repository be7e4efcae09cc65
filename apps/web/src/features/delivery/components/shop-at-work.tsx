import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/http';
import { useSubscribeShopAtWork } from '../api/subscribe-shop-at-work';
import '../i18n';

const CODE = /^[A-Za-z0-9-]{4,20}$/;

/**
 * "Spesa al lavoro" (decision 042): the customer types the code their company gave them and receives the
 * company's address, delivered in the company time windows.
 */
export function ShopAtWork() {
  const { t } = useTranslation();
  const subscribe = useSubscribeShopAtWork();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const titleId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const typed = code.trim();
    if (!CODE.test(typed)) {
      setError(t('delivery.shopAtWork.invalid'));
      return;
    }
    setError(null);
    try {
      const answer = await subscribe.mutateAsync(typed);
      setDone(t('delivery.shopAtWork.done', { company: answer.companyName }));
      setCode('');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.response.errors[0]?.error ?? t('toast.genericError'))
          : t('toast.genericError'),
      );
    }
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography component="h2" variant="h6" id={titleId}>
        {t('delivery.shopAtWork.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('delivery.shopAtWork.intro')}
      </Typography>
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={t('delivery.shopAtWork.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error !== null}
          helperText={error ?? t('delivery.shopAtWork.help')}
          slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', autoCapitalize: 'characters' } }}
          sx={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Button type="submit" variant="contained" disabled={subscribe.isPending} sx={{ mt: 1 }}>
          {t('delivery.shopAtWork.submit')}
        </Button>
      </Box>
    </Box>
  );
}
