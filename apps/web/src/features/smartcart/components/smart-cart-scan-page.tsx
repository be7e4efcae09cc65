import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPrice } from '@spesa/shared/format/price';
import { decodeItemCode, ITEM_CODE_MAX, ITEM_CODE_TEXT } from '@spesa/shared/smartcart/item-code';
import { BarcodeScanner } from '../../../components/barcode-scanner';
import { PageLoading } from '../../../components/page-loading';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { ApiError, errorTexts } from '../../../lib/http';
import { updateSmartCartInfo } from '../api/smart-cart';
import { useSmartCartSession } from '../hooks/use-smart-cart-session';
import { clearScanQueue } from '../utils/scan-queue';
import { ImportListDialog } from './import-list-dialog';
import { SmartCartLines } from './smart-cart-lines';
import '../i18n';

const OTHER_STORE_CODE = 'msg.smartcart.otherStore';

/** Self-scanning, scan (spec section 2): the manual item code, the camera, the lines, reminders, cancel. */
export function SmartCartScanPage({ storeId }: { storeId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { cart, pending, online, scan, setQuantity } = useSmartCartSession(storeId);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [importing, setImporting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);

  const submitCode = (typed: string) => {
    const decoded = decodeItemCode(typed);
    if (!decoded.ok) {
      setCodeError(ITEM_CODE_TEXT.malformed.text);
      return;
    }
    setCodeError(null);
    setCode('');
    scan(decoded.code.barcode);
  };

  const cancelSession = async () => {
    try {
      await updateSmartCartInfo({ property: 'status', value: 'cancel' });
      clearScanQueue();
      setCancelling(false);
      showToast(t('smartcart.cancel.done'), 'success', TOAST_MS);
      await queryClient.invalidateQueries({ queryKey: ['account', 'smartcart'] });
      void navigate('/self-scanning');
    } catch (error) {
      setFailure(errorTexts(error, t('toast.genericError')));
    }
  };

  if (cart.isPending) return <PageLoading />;
  if (cart.isError) {
    const otherStore =
      cart.error instanceof ApiError && cart.error.response.errors.some((e) => e.code === OTHER_STORE_CODE);
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error">{errorTexts(cart.error, t('smartcart.scan.error'))[0]}</Alert>
        {otherStore ? (
          <Box>
            <Button variant="outlined" onClick={() => void cancelSession()}>
              {t('smartcart.scan.otherStore')}
            </Button>
          </Box>
        ) : null}
      </Box>
    );
  }
  const data = cart.data;
  if (data.status === 'ended') return <Navigate to={`/self-scanning/${storeId}/end`} replace />;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>{t('smartcart.scan.store', { name: data.store.name })}</Typography>
      {failure.length ? <Alert severity="error">{failure.join(' ')}</Alert> : null}
      {pending.length > 0 ? (
        <Alert severity={online ? 'info' : 'warning'} role="status" data-testid="smartcart-queue">
          {online
            ? t('smartcart.scan.sending', { count: pending.length })
            : t('smartcart.scan.queued', { count: pending.length })}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="form"
          noValidate
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            submitCode(code);
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            label={t('smartcart.scan.code')}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setCodeError(null);
            }}
            error={codeError !== null}
            helperText={codeError ?? t('smartcart.scan.codeHelp')}
            autoComplete="off"
            sx={{ flex: '1 1 220px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: ITEM_CODE_MAX, spellCheck: false } }}
          />
          <Button type="submit" variant="contained" size="large" sx={{ mt: 1 }}>
            {t('smartcart.scan.add')}
          </Button>
        </Box>
        <Button variant="outlined" onClick={() => setCamera(true)} sx={{ mt: 1 }}>
          {t('smartcart.scan.camera')}
        </Button>
      </Paper>
      <BarcodeScanner
        open={camera}
        title={t('smartcart.scan.cameraTitle')}
        formats={['ean_13', 'ean_8', 'upc_a', 'upc_e']}
        accept={(c) => decodeItemCode(c).ok}
        onDetected={(c) => {
          setCamera(false);
          submitCode(c);
        }}
        onClose={() => setCamera(false)}
      />
      {pending.length > 0 ? (
        <Box component="ul" aria-label={t('smartcart.scan.pendingLabel')} sx={{ m: 0, pl: 3 }}>
          {pending.map((s) => (
            <li key={s.scanId}>
              {s.op === 'add'
                ? t('smartcart.scan.pendingCode', { code: s.code })
                : t('smartcart.scan.pendingChange')}
            </li>
          ))}
        </Box>
      ) : null}
      {data.cartItems.length === 0 && pending.length === 0 ? (
        <Typography>{t('smartcart.scan.empty')}</Typography>
      ) : (
        <SmartCartLines items={data.cartItems} onQuantity={setQuantity} />
      )}
      {data.reminders.length > 0 ? (
        <Box component="section" aria-labelledby="smartcart-reminders">
          <Typography component="h2" variant="h6" id="smartcart-reminders">
            {t('smartcart.reminders.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {data.reminders.map((r) => (
              <li key={r.productId} style={{ textDecoration: r.scanned ? 'line-through' : 'none' }}>
                {r.name} ({t('smartcart.reminders.quantity', { quantity: r.quantity })})
                {r.scanned ? ` · ${t('smartcart.reminders.scanned')}` : ''}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <Typography variant="h6" component="p" data-testid="smartcart-total">
        {t('smartcart.scan.total')}: {formatPrice(data.totalPrice)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/self-scanning/${storeId}/recap`} variant="contained">
          {t('smartcart.scan.recap')}
        </Button>
        <Button variant="outlined" onClick={() => setImporting(true)}>
          {t('smartcart.scan.importList')}
        </Button>
        <Button color="error" onClick={() => setCancelling(true)}>
          {t('smartcart.scan.cancel')}
        </Button>
      </Box>
      <ImportListDialog
        open={importing}
        storeId={storeId}
        current={data.cartInfos.reminder_list_id ?? null}
        onClose={() => setImporting(false)}
      />
      <Dialog open={cancelling} onClose={() => setCancelling(false)} aria-labelledby="smartcart-cancel-title">
        <DialogTitle id="smartcart-cancel-title">{t('smartcart.cancel.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('smartcart.cancel.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(false)}>{t('smartcart.cancel.keep')}</Button>
          <Button color="error" variant="contained" onClick={() => void cancelSession()}>
            {t('smartcart.cancel.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
