import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { callApi, errorTexts } from '../../../lib/http';
import { smartCartKeys, updateSmartCartInfo } from '../api/smart-cart';
import '../i18n';

/** Self-scanning, import list (spec section 2): one of the customer's lists becomes the reminders. */
export function ImportListDialog({
  open,
  storeId,
  current,
  onClose,
}: {
  open: boolean;
  storeId: number;
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<string[]>([]);
  const lists = useQuery({
    queryKey: ['account', 'smartcart', 'lists'],
    queryFn: ({ signal }) =>
      callApi('GET /wishlist/list', { query: { page: 1, pageSize: 50 } }, { signal, quiet: true }),
    enabled: open,
    retry: false,
  });

  const choose = async (value: string) => {
    setErrors([]);
    try {
      const cart = await updateSmartCartInfo({ property: 'reminder_list_id', value });
      queryClient.setQueryData(smartCartKeys.cart(storeId), cart);
      onClose();
    } catch (error) {
      setErrors(errorTexts(error, t('toast.genericError')));
    }
  };

  const own = lists.data?.personalList ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="smartcart-import-title">
      <DialogTitle id="smartcart-import-title">{t('smartcart.importList.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('smartcart.importList.intro')}</DialogContentText>
        {errors.length ? <Alert severity="error">{errors.join(' ')}</Alert> : null}
        {lists.isSuccess && own.length === 0 ? (
          <Typography>{t('smartcart.importList.none')}</Typography>
        ) : null}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {own.map((l) => (
            <li key={l.listId}>
              <Button
                fullWidth
                variant={current === String(l.listId) ? 'contained' : 'outlined'}
                onClick={() => void choose(String(l.listId))}
                sx={{ justifyContent: 'space-between' }}
              >
                <span>{l.name}</span>
                <span>{l.size}</span>
              </Button>
            </li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {current ? <Button onClick={() => void choose('')}>{t('smartcart.importList.forget')}</Button> : null}
        <Button onClick={onClose}>{t('smartcart.importList.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
