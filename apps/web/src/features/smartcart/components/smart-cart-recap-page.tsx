import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isFiscalCodeValid, normaliseFiscalCode } from '@spesa/shared/account/fiscal-code';
import { formatPrice } from '@spesa/shared/format/price';
import { PageLoading } from '../../../components/page-loading';
import { errorTexts } from '../../../lib/http';
import { smartCartKeys, updateSmartCartInfo } from '../api/smart-cart';
import { useSmartCartSession } from '../hooks/use-smart-cart-session';
import { SmartCartLines } from './smart-cart-lines';
import '../i18n';

/** Self-scanning, recap (spec section 2): the lines and the total, then the end (a codice fiscale optional). */
export function SmartCartRecapPage({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { cart, pending } = useSmartCartSession(storeId);
  const [doc, setDoc] = useState('');
  const [docError, setDocError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [ending, setEnding] = useState(false);

  if (cart.isPending) return <PageLoading />;
  if (cart.isError)
    return <Alert severity="error">{errorTexts(cart.error, t('smartcart.scan.error'))[0]}</Alert>;
  const data = cart.data;
  if (data.status === 'ended') return <Navigate to={`/self-scanning/${storeId}/end`} replace />;

  const end = async () => {
    const typed = normaliseFiscalCode(doc);
    if (typed && !isFiscalCodeValid(typed) && !/^\d{11}$/.test(typed)) {
      setDocError(t('smartcart.recap.docInvalid'));
      return;
    }
    setEnding(true);
    setErrors([]);
    try {
      const ended = await updateSmartCartInfo({
        property: 'status',
        value: 'end',
        ...(typed ? { doc: typed } : {}),
      });
      queryClient.setQueryData(smartCartKeys.cart(storeId), ended);
      void navigate(`/self-scanning/${storeId}/end`);
    } catch (error) {
      setErrors(errorTexts(error, t('toast.genericError')));
    } finally {
      setEnding(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6">
        {t('smartcart.recap.title')} · {t('smartcart.recap.items', { count: data.totalItems })}
      </Typography>
      <SmartCartLines items={data.cartItems} />
      {data.totalDiscount > 0 ? (
        <Typography>
          {t('smartcart.recap.discount')}: {formatPrice(data.totalDiscount)}
        </Typography>
      ) : null}
      <Typography variant="h5" component="p" data-testid="smartcart-total">
        {t('smartcart.scan.total')}: {formatPrice(data.totalPrice)}
      </Typography>
      {errors.length ? <Alert severity="error">{errors.join(' ')}</Alert> : null}
      {pending.length > 0 ? (
        <Alert severity="warning" role="status">
          {t('smartcart.recap.pending')}
        </Alert>
      ) : null}
      <TextField
        label={t('smartcart.recap.doc')}
        value={doc}
        onChange={(e) => {
          setDoc(e.target.value);
          setDocError(null);
        }}
        error={docError !== null}
        helperText={docError ?? t('smartcart.recap.docHelp')}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 16, spellCheck: false } }}
        sx={{ maxWidth: 360 }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          disabled={ending || pending.length > 0 || data.cartItems.length === 0}
          onClick={() => void end()}
        >
          {ending ? t('smartcart.recap.ending') : t('smartcart.recap.end')}
        </Button>
        <Button component={RouterLink} to={`/self-scanning/${storeId}`}>
          {t('smartcart.recap.back')}
        </Button>
      </Box>
    </Box>
  );
}
