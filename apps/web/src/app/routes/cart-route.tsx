import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import '../../features/cart/i18n';
import { useCart } from '../../features/cart/api/get-cart';
import { deleteCartItems } from '../../features/cart/api/delete-cart-items';
import { CartLines, CartSummary } from '../../features/cart/components/cart-lines';
import { askEmpty } from '../../features/cart/hooks/cart-ui-store';
import { useAuth } from '../../lib/use-auth';
import { openLoginDialog } from '../../lib/login-dialog-store';
import { useDocumentTitle } from '../../components/use-document-title';
import { OfflineCopyNotice } from '../../components/offline-copy-notice';

/**
 * The cart and summary page (spec section 2): lines by department with steppers, "accetta sostituti",
 * removal with confirmation, empty cart, totals with promotions and delivery fee, and "Vai alla cassa".
 * Anonymous visitors are asked to sign in (the cart needs an account, spec section 6).
 */
export function CartRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const cart = useCart(signedIn);
  useDocumentTitle(t('cart.title'));
  const data = cart.data;

  async function emptyCart() {
    if (!data || !(await askEmpty())) return;
    await deleteCartItems(
      queryClient,
      data.cartItems.map((i) => i.itemId),
      { fallbackError: t('cart.errors.emptyCart') },
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h1" gutterBottom>
        {t('cart.heading')}
      </Typography>
      <OfflineCopyNotice path="/cart/view" />
      {!signedIn ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('cart.needsLogin')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => openLoginDialog({ redirectTo: '/cart' })}>
              {t('cart.login')}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              {t('cart.browse')}
            </Button>
          </Box>
        </>
      ) : cart.isPending ? (
        <Typography role="status">{t('cart.loading')}</Typography>
      ) : !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void cart.refetch()}>
              {t('cart.retry')}
            </Button>
          }
        >
          {t('cart.loadError')}
        </Alert>
      ) : data.cartItems.length === 0 ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('cart.empty')}</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {t('cart.browse')}
          </Button>
        </>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          <Box>
            <Typography color="text.secondary">{t('cart.linesCount', { count: data.totalItems })}</Typography>
            <CartLines cart={data} />
            <Button color="secondary" onClick={() => void emptyCart()} sx={{ mt: 2 }}>
              {t('cart.emptyCart')}
            </Button>
          </Box>
          <Paper
            component="section"
            aria-labelledby="cart-summary-title"
            variant="outlined"
            sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 }, display: 'grid', gap: 2 }}
          >
            <Typography id="cart-summary-title" component="h2" variant="h6">
              {t('cart.summary')}
            </Typography>
            <CartSummary cart={data} />
            <Button component={RouterLink} to="/checkout" variant="contained" size="large">
              {t('cart.checkout')}
            </Button>
            <Button component={RouterLink} to="/" variant="text">
              {t('cart.browse')}
            </Button>
          </Paper>
        </Box>
      )}
    </Container>
  );
}
