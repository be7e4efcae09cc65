import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Star from '@mui/icons-material/Star';
import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import type { Address } from '@spesa/shared/contracts/delivery';
import { PageLoading } from '../../../components/page-loading';
import { FormAlert } from '../../../components/form-alert';
import { readServerFailure } from '../../../lib/server-errors';
import { useDeleteAddress } from '../api/delete-address';
import { useUserAddresses } from '../api/get-user-addresses';
import { isElderlyAddress } from '../utils/address-rows';

/**
 * The customer's addresses (EditAddresses route, list): home addresses can be edited or deleted (after a
 * confirmation; the one the cart delivers to cannot: the server's message is shown), work addresses come
 * from the company and are read-only.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const list = useUserAddresses();
  const remove = useDeleteAddress();
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [failure, setFailure] = useState<string[]>([]);

  if (list.isPending) return <PageLoading />;
  if (list.isError) return <FormAlert messages={[t('delivery.selector.error')]} />;
  return (
    <>
      <FormAlert messages={failure} focus />
      <Button component={RouterLink} to="/profile/addresses/edit" variant="contained" sx={{ mb: 3 }}>
        {t('delivery.addresses.add')}
      </Button>
      {list.data.length === 0 ? (
        <Typography>{t('delivery.addresses.none')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {list.data.map((a) => (
            <li key={a.addressId}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%', boxSizing: 'border-box' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }}>
                  <Typography component="h2" sx={{ fontWeight: 500, fontSize: 17 }}>
                    {a.addressName}
                  </Typography>
                  {a.addressType === 'work' ? (
                    <Tooltip title={t('delivery.selector.workTooltip')}>
                      <WorkOutline
                        fontSize="small"
                        aria-hidden={false}
                        titleAccess={t('delivery.selector.workTooltip')}
                        sx={{ color: 'text.secondary' }}
                      />
                    </Tooltip>
                  ) : null}
                  {a.preferred ? (
                    <Star
                      fontSize="small"
                      aria-hidden={false}
                      titleAccess={t('delivery.selector.defaultAddress')}
                      sx={{ color: '#8a6d00' }}
                    />
                  ) : null}
                </Box>
                <Typography variant="body2">{a.receiverName}</Typography>
                <Typography variant="body2">{a.addressDescr}</Typography>
                {a.phone ? (
                  <Typography variant="body2">{t('delivery.addresses.phone', { phone: a.phone })}</Typography>
                ) : null}
                {isElderlyAddress(a) ? (
                  <Typography variant="body2" sx={{ color: 'primary.dark', fontWeight: 500 }}>
                    {t('delivery.elderly.badge')}
                  </Typography>
                ) : null}
                {a.editable ? (
                  <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
                    <Button
                      component={RouterLink}
                      to={`/profile/addresses/edit/${a.addressId}`}
                      size="small"
                      variant="outlined"
                      aria-label={t('delivery.selector.edit', { name: a.addressName })}
                    >
                      {t('delivery.addresses.edit')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setToDelete(a)}
                      aria-label={t('delivery.selector.delete', { name: a.addressName })}
                    >
                      {t('delivery.addresses.delete')}
                    </Button>
                  </Box>
                ) : (
                  <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                    {t('delivery.addresses.workReadOnly')}
                  </Typography>
                )}
              </Paper>
            </li>
          ))}
        </Box>
      )}
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        aria-labelledby="book-delete-title"
        aria-describedby="book-delete-text"
      >
        <DialogTitle id="book-delete-title" component="h2" sx={{ fontSize: 20 }}>
          {t('delivery.selector.deleteTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="book-delete-text">
            {t('delivery.selector.deleteText', { name: toDelete?.addressName ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{t('delivery.selector.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const a = toDelete;
              setToDelete(null);
              setFailure([]);
              if (a)
                remove.mutate(a.addressId, {
                  onError: (error) => setFailure(readServerFailure(error, t('toast.genericError')).general),
                });
            }}
          >
            {t('delivery.selector.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
