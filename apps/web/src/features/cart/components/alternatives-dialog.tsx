import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CartItem } from '@spesa/shared/contracts/cart';
import { formatProductPrice } from '@spesa/shared/format/price';
import { useAlternatives } from '../../catalogue/api/get-alternatives';
import '../i18n';
import { addToCart } from '../api/add-to-cart';
import { updateItemInfos } from '../api/update-item-infos';

/**
 * The products to take instead of a cart line's (issue 20), best first: for a line still available the
 * customer names the substitute picking should use when the line is short; for an unavailable line, an
 * alternative goes into the cart.
 */
export default function AlternativesDialog({ item, onClose }: { item: CartItem; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useAlternatives(item.product.productId, true);
  const preferred = item.cartItemInfo.preferred_substitute ?? '';
  const fallbackError = t('cart.errors.errorSettingProduct');
  const choose = async (productId: number | null) => {
    const done = await updateItemInfos(
      queryClient,
      item.itemId,
      { preferred_substitute: productId === null ? '' : String(productId), accept_alternatives: 'true' },
      { fallbackError },
    );
    if (done.ok) onClose();
  };
  const add = async (productId: number) => {
    const done = await addToCart(
      queryClient,
      { productId, quantity: 1 },
      { fallbackError: t('cart.errors.productAddError') },
    );
    if (done.ok) onClose();
  };
  const titleId = `alternatives-${item.itemId}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('cart.alternativesTitle', { name: item.product.name })}</DialogTitle>
      <DialogContent>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('cart.alternativesLoading')} />
          </Box>
        ) : !data || data.length === 0 ? (
          <Typography>{t('cart.noAlternatives')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="alternatives">
            {data.map((p) => (
              <Box
                component="li"
                key={p.productId}
                sx={{
                  display: 'grid',
                  // on a phone the button goes under the name, which keeps the width of the line
                  gridTemplateColumns: { xs: '48px 1fr', sm: '48px 1fr auto' },
                  '& > button': { gridColumn: { xs: 2, sm: 'auto' }, justifySelf: 'start' },
                  columnGap: 1.5,
                  rowGap: 0.5,
                  alignItems: 'center',
                  py: 1,
                  borderBottom: '1px solid',
                  borderColor: 'divider',
                }}
              >
                <img src={p.mediaURL} alt="" width={48} height={48} loading="lazy" />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500 }}>{p.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[p.shortDescr, p.description, formatProductPrice(p.priceDisplay, p)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Box>
                {item.available ? (
                  <Button
                    variant={String(p.productId) === preferred ? 'contained' : 'outlined'}
                    size="small"
                    aria-pressed={String(p.productId) === preferred}
                    aria-label={t('cart.useAsSubstituteLabel', { name: p.name })}
                    onClick={() => void choose(p.productId)}
                  >
                    {t('cart.useAsSubstitute')}
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    size="small"
                    aria-label={t('cart.addAlternativeLabel', { name: p.name })}
                    onClick={() => void add(p.productId)}
                  >
                    {t('cart.addAlternative')}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {item.available && preferred ? (
          <Button onClick={() => void choose(null)}>{t('cart.noSubstitute')}</Button>
        ) : null}
        <Button onClick={onClose}>{t('cart.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
