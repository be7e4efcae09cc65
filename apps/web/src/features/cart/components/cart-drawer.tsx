import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import '../i18n';
import { useCart } from '../api/get-cart';
import { closeCartDrawer } from '../hooks/cart-ui-store';
import { CartLines, CartSummary } from './cart-lines';

/**
 * The cart drawer (spec section 2, "cart and summary"): the lines by department with their steppers, the
 * totals, and the way to the cart page and to the checkout. A modal MUI Drawer: focus trapped, Esc closes,
 * the focus goes back to the header's cart button.
 */
export function CartDrawer({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const cart = useCart();
  const data = cart.data;
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={closeCartDrawer}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 440 }, display: 'flex', flexDirection: 'column' },
        } as object,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('cart.drawerTitle')}
          {data && data.totalItems > 0 ? (
            <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 15 }}>
              ({t('cart.linesCount', { count: data.totalItems })})
            </Typography>
          ) : null}
        </Typography>
        <IconButton onClick={closeCartDrawer} aria-label={t('cart.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2 }}>
        {cart.isPending ? (
          <Typography sx={{ py: 3 }} role="status">
            {t('cart.loading')}
          </Typography>
        ) : cart.isError || !data ? (
          <Typography sx={{ py: 3 }} role="alert">
            {t('cart.loadError')}
          </Typography>
        ) : data.cartItems.length === 0 ? (
          <Typography sx={{ py: 3 }}>{t('cart.empty')}</Typography>
        ) : (
          <CartLines cart={data} compact onNavigate={closeCartDrawer} />
        )}
      </Box>
      {data && data.cartItems.length > 0 ? (
        <Box sx={{ p: 2, borderTop: '1px solid', borderColor: 'divider', display: 'grid', gap: 1.5 }}>
          <CartSummary cart={data} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to="/cart"
              variant="outlined"
              onClick={closeCartDrawer}
              sx={{ flex: 1 }}
            >
              {t('cart.openPage')}
            </Button>
            <Button
              component={RouterLink}
              to="/checkout"
              variant="contained"
              onClick={closeCartDrawer}
              sx={{ flex: 1 }}
            >
              {t('cart.checkout')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Drawer>
  );
}
