import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CartStoreChange } from '@spesa/shared/contracts/cart';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { formatPrice, formatProductPrice } from '@spesa/shared/format/price';
import { firstQuantity } from '@spesa/shared/cart/quantity';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from '../../../lib/i18n';
import { useAlternatives } from '../../catalogue/api/get-alternatives';
import '../i18n';
import { addToCart } from '../api/add-to-cart';
import { useCart } from '../api/get-cart';
import { closeStoreChange, openCartDrawer, type StoreChangeReport } from '../hooks/cart-ui-store';
import { quantityParts, rulesOf } from '../utils/cart-lines';

/** the alternatives offered for one unavailable line */
const ALTERNATIVES_SHOWN = 3;
/** Dialog max width of the spec (section 9) for the cart's dialogs. */
const DIALOG_MAX_WIDTH = 530;

type Unavailable = CartStoreChange['unavailable'][number];

/**
 * What a change of store or service did to the cart (decision 095): the lines the new store does not have,
 * each with alternatives of its shelf sold there to add; the lines it holds less of than the cart asks; the
 * lines whose price moved (before and now). A modal dialog: the focus goes into it and back to where it was
 * when it closes; an alternative added is announced in its live region.
 */
export default function StoreChangeDialog({ report }: { report: StoreChangeReport }) {
  const { t } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const cart = useCart();
  const [announced, setAnnounced] = useState('');
  const { unavailable, reduced, repriced } = report.change;
  const lineOf = (itemId: number) => cart.data?.cartItems.find((i) => i.itemId === itemId);
  // the products the cart held when the report opened: an alternative already there is not offered
  const [inCart] = useState<ReadonlySet<number>>(
    () => new Set(cart.data?.cartItems.map((i) => i.product.productId) ?? []),
  );

  return (
    <Dialog
      open
      onClose={closeStoreChange}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      slotProps={{ paper: { sx: { maxWidth: fullScreen ? undefined : DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId} component="h2" sx={{ fontSize: 20 }}>
        {t('cart.storeChange.title')}
      </DialogTitle>
      <DialogContent dividers>
        <Typography id={introId} sx={{ mb: 2 }}>
          {t('cart.storeChange.intro', { store: report.storeName })}
        </Typography>
        {unavailable.length > 0 ? (
          <Section title={t('cart.storeChange.unavailable', { count: unavailable.length })}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('cart.storeChange.unavailableHelp', { count: unavailable.length })}
            </Typography>
            <Box component="ul" sx={listSx}>
              {unavailable.map((line) => (
                <Box component="li" key={line.itemId} sx={{ py: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
                  <Alternatives line={line} inCart={inCart} onAdded={setAnnounced} />
                </Box>
              ))}
            </Box>
          </Section>
        ) : null}
        {reduced.length > 0 ? (
          <Section title={t('cart.storeChange.reduced', { count: reduced.length })}>
            <Box component="ul" sx={listSx}>
              {reduced.map((line) => {
                const item = lineOf(line.itemId);
                const format = (q: number) =>
                  item
                    ? Object.values(quantityParts(rulesOf(item.product), q))
                        .join(' ')
                        .trim()
                    : String(q);
                return (
                  <Box component="li" key={line.itemId} sx={{ py: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
                    <Typography variant="body2">
                      {item
                        ? t('cart.storeChange.reducedLine', {
                            available: format(line.available),
                            quantity: format(item.quantity),
                          })
                        : t('cart.storeChange.reducedOnly', { available: format(line.available) })}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
          </Section>
        ) : null}
        {repriced.length > 0 ? (
          <Section title={t('cart.storeChange.repriced', { count: repriced.length })}>
            <Box component="ul" sx={listSx}>
              {repriced.map((line) => (
                <Box component="li" key={line.itemId} sx={{ py: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{line.name}</Typography>
                  <Typography variant="body2">
                    {t('cart.storeChange.repricedLine', {
                      before: formatPrice(line.unitPriceBefore),
                      after: formatPrice(line.unitPrice),
                    })}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Section>
        ) : null}
        <div role="status">
          <VisuallyHidden>{announced}</VisuallyHidden>
        </div>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => {
            closeStoreChange();
            openCartDrawer();
          }}
        >
          {t('cart.storeChange.openCart')}
        </Button>
        <Button variant="contained" onClick={closeStoreChange}>
          {t('cart.storeChange.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} component="h3" sx={{ fontSize: 17, fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The alternatives of an unavailable line at the new store: those the change named, in its order (the shelf's
 * ranking, issue 20), as whole products priced at the cart's store, but for those the cart already held;
 * each can be added once.
 */
function Alternatives({
  line,
  inCart,
  onAdded,
}: {
  line: Unavailable;
  inCart: ReadonlySet<number>;
  onAdded: (text: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const named = line.alternativeIds.length > 0;
  const { data, isPending } = useAlternatives(line.productId, named);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  if (!named) return <Typography variant="body2">{t('cart.storeChange.noAlternatives')}</Typography>;
  if (isPending)
    return <CircularProgress size={24} aria-label={t('cart.alternativesLoading')} sx={{ mt: 1 }} />;
  const rank = (p: Product) => line.alternativeIds.indexOf(p.productId);
  const shown = (data ?? [])
    .filter((p) => rank(p) >= 0 && !inCart.has(p.productId))
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, ALTERNATIVES_SHOWN);
  if (shown.length === 0)
    return <Typography variant="body2">{t('cart.storeChange.noAlternatives')}</Typography>;

  const add = async (product: Product) => {
    if (added.has(product.productId) || busy !== null) return;
    setBusy(product.productId);
    const done = await addToCart(
      queryClient,
      { productId: product.productId, quantity: firstQuantity(rulesOf(product)) },
      { fallbackError: t('cart.errors.productAddError') },
    );
    setBusy(null);
    if (!done.ok) return;
    setAdded((s) => new Set(s).add(product.productId));
    onAdded(t('cart.storeChange.addedStatus', { name: product.name }));
  };

  return (
    <Box
      component="ul"
      aria-label={t('cart.storeChange.alternativesFor', { name: line.name })}
      sx={{ ...listSx, mt: 0.5, pl: { xs: 0, sm: 1 } }}
    >
      {shown.map((p) => {
        const isAdded = added.has(p.productId);
        return (
          <Box
            component="li"
            key={p.productId}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '40px 1fr', sm: '40px 1fr auto' },
              '& > button': { gridColumn: { xs: 2, sm: 'auto' }, justifySelf: 'start' },
              columnGap: 1.5,
              rowGap: 0.5,
              alignItems: 'center',
              py: 0.75,
            }}
          >
            <img src={p.mediaURL} alt="" width={40} height={40} loading="lazy" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {p.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[p.shortDescr, formatProductPrice(p.priceDisplay, p)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            {/* stays focusable once added (aria-disabled): the focus is not lost from the dialog */}
            <Button
              variant={isAdded ? 'text' : 'outlined'}
              size="small"
              aria-disabled={isAdded || undefined}
              aria-label={
                isAdded
                  ? t('cart.storeChange.addedLabel', { name: p.name })
                  : t('cart.addAlternativeLabel', { name: p.name })
              }
              onClick={() => void add(p)}
            >
              {busy === p.productId ? (
                <CircularProgress size={16} aria-hidden />
              ) : isAdded ? (
                t('cart.storeChange.added')
              ) : (
                t('cart.storeChange.add')
              )}
            </Button>
          </Box>
        );
      })}
    </Box>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0 } as const;
