import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { Cart, CartItem } from '@spesa/shared/contracts/cart';
import { formatPrice } from '@spesa/shared/format/price';
import {
  formatQuantity,
  logisticCounts,
  minus,
  plus,
  refusalMessage,
  typedQuantity,
} from '@spesa/shared/cart/quantity';
import '../i18n';
import { SHOW_SECTORS } from '../../../lib/config';
import { paths } from '../../../lib/route-paths';
import { useAlternatives } from '../../catalogue/api/get-alternatives';
import { updateItemInfos } from '../api/update-item-infos';
import { askQuantity } from '../hooks/cart-ui-store';
import { changeLineQuantity } from '../hooks/line-change';
import { optionsText, rulesOf } from '../utils/cart-lines';
import './quantity-control.css';

// the alternatives' dialog loads when a customer opens it
const AlternativesDialog = lazy(() => import('./alternatives-dialog'));

/** The line's stepper: minus (0 asks confirmation), the value (typed for pieces and packs), plus. */
function LineStepper({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = rulesOf(item.product);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = item.product.name;
  const value = formatQuantity(rules, item.quantity);
  const typed = rules.sellingType !== 'Sfuso';

  async function change(next: number) {
    setRefusal(null);
    const refused = await changeLineQuantity(queryClient, item, next);
    if (refused) setRefusal(refusalMessage(rules, refused).text);
  }
  const step = minus(rules, item.quantity);
  const counts = logisticCounts(rules, item.quantity);
  return (
    <div className="qc">
      <div className="qc-stepper" role="group" aria-label={t('qty.group', { name })}>
        <button
          type="button"
          className="qc-btn qc-minus"
          aria-label={step.quantity === 0 ? t('qty.removeLabel', { name }) : t('qty.minusLabel', { name })}
          onClick={() =>
            step.refusal ? setRefusal(refusalMessage(rules, step.refusal).text) : void change(step.quantity)
          }
        >
          <span aria-hidden="true">−</span>
        </button>
        {typed ? (
          <button
            type="button"
            className="qc-value"
            aria-haspopup="dialog"
            aria-label={t('qty.valueLabel', { name, quantity: value })}
            onClick={() =>
              void askQuantity(item.product, item.quantity).then((n) =>
                n === null ? undefined : change(typedQuantity(rules, n)),
              )
            }
          >
            {value}
          </button>
        ) : (
          <span className="qc-value" aria-label={t('qty.valueReadonly', { name, quantity: value })}>
            {value}
          </span>
        )}
        <button
          type="button"
          className="qc-btn qc-plus"
          aria-label={t('qty.plusLabel', { name })}
          onClick={() => void change(plus(rules, item.quantity))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {counts.colli !== null || counts.pallets !== null ? (
        <p className="qc-note">
          {[
            counts.colli !== null ? t('qty.colli', { count: counts.colli }) : null,
            counts.pallets !== null ? t('qty.pallets', { count: counts.pallets }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <p className="qc-refusal" role="status" aria-live="polite">
        {refusal}
      </p>
    </div>
  );
}

function CartLine({
  item,
  compact,
  onNavigate,
}: {
  item: CartItem;
  compact: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const p = item.product;
  const options = optionsText(item);
  const accept = item.cartItemInfo.accept_alternatives !== 'false';
  const [alternativesOpen, setAlternativesOpen] = useState(false);
  const promo = item.warehousePromo?.view;
  const promoText = [promo?.header, promo?.body]
    .filter(Boolean)
    .join(' ')
    .replace(/<[^>]*>/g, '');
  return (
    <Box
      component="li"
      data-testid="cart-line"
      sx={{
        display: 'grid',
        gridTemplateColumns: compact ? '56px 1fr' : { xs: '64px 1fr', sm: '80px 1fr auto' },
        gap: 1.5,
        py: 1.5,
        borderBottom: '1px solid',
        borderColor: 'divider',
        alignItems: 'start',
      }}
    >
      <Box
        component="img"
        src={p.mediaURLMedium || p.mediaURL}
        alt=""
        width={compact ? 56 : 80}
        height={compact ? 56 : 80}
        loading="lazy"
        sx={{
          width: { xs: compact ? 56 : 64, sm: compact ? 56 : 80 },
          height: 'auto',
          objectFit: 'contain',
          borderRadius: 1,
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        {p.shortDescr ? (
          <Typography variant="caption" sx={{ textTransform: 'uppercase', color: 'text.secondary' }}>
            {p.shortDescr}
          </Typography>
        ) : null}
        <Typography component="h3" sx={{ fontSize: 15, fontWeight: 500, lineHeight: 1.3 }}>
          <RouterLink to={paths.product(p.slug)} onClick={onNavigate} style={{ color: 'inherit' }}>
            {p.name}
          </RouterLink>
        </Typography>
        {options ? (
          <Typography variant="body2" color="text.secondary">
            {options}
          </Typography>
        ) : null}
        {promoText ? (
          <Typography variant="body2" sx={{ color: 'secondary.dark', fontWeight: 500 }}>
            {t('cart.promo', { text: promoText })}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {t('cart.unitPrice', { price: formatPrice(item.unitPrice), unit: p.priceUnitDisplay || 'pz' })}
        </Typography>
        {!item.available ? (
          <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 700 }}>
            {t('cart.unavailableLine')}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <LineStepper item={item} />
          <IconButton
            aria-label={t('cart.removeLabel', { name: p.name })}
            onClick={() => void changeLineQuantity(queryClient, item, 0)}
            sx={{ color: 'secondary.dark' }}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Checkbox
              size="small"
              checked={accept}
              onChange={(e) =>
                void updateItemInfos(
                  queryClient,
                  item.itemId,
                  { accept_alternatives: e.target.checked ? 'true' : 'false' },
                  { fallbackError: t('cart.errors.errorSettingProduct') },
                )
              }
            />
          }
          label={<Typography variant="body2">{t('cart.acceptAlternatives')}</Typography>}
        />
        {!compact && (accept || !item.available) ? (
          <SubstituteChoice item={item} onOpen={() => setAlternativesOpen(true)} />
        ) : null}
        {alternativesOpen ? (
          <Suspense fallback={null}>
            <AlternativesDialog item={item} onClose={() => setAlternativesOpen(false)} />
          </Suspense>
        ) : null}
        {compact ? <LineTotal item={item} /> : null}
      </Box>
      {!compact ? (
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LineTotal item={item} />
        </Box>
      ) : null}
      {!compact ? (
        <Box sx={{ display: { xs: 'block', sm: 'none' }, gridColumn: '2' }}>
          <LineTotal item={item} />
        </Box>
      ) : null}
    </Box>
  );
}

/** The substitute the customer named for the line (or a button to name one); an unavailable line's alternatives. */
function SubstituteChoice({ item, onOpen }: { item: CartItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const preferred = item.cartItemInfo.preferred_substitute;
  const { data } = useAlternatives(item.product.productId, !!preferred);
  const name = preferred ? data?.find((p) => String(p.productId) === preferred)?.name : undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      {item.available && name ? (
        <Typography variant="body2" color="text.secondary" data-testid="preferred-substitute">
          {t('cart.substitute', { name })}
        </Typography>
      ) : null}
      <Button
        size="small"
        variant="text"
        onClick={onOpen}
        aria-label={item.available ? t('cart.chooseSubstituteLabel', { name: item.product.name }) : undefined}
      >
        {item.available ? t('cart.chooseSubstitute') : t('cart.seeAlternatives')}
      </Button>
    </Box>
  );
}

function LineTotal({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: { sm: 'right' }, whiteSpace: 'nowrap' }} data-testid="line-total">
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('cart.lineTotal')}:{' '}
      </span>
      {item.discount > 0 ? (
        <Typography component="s" variant="body2" sx={{ color: 'text.secondary', mr: 1 }}>
          {formatPrice(item.grossTotalStandard)}
        </Typography>
      ) : null}
      <Typography
        component="span"
        sx={{ fontWeight: 700, color: item.discount > 0 ? 'secondary.main' : undefined }}
      >
        {formatPrice(item.grossTotal)}
      </Typography>
    </Box>
  );
}

/** The lines, grouped by department (sectors) when the configuration asks for it and the answer has them. */
export function CartLines({
  cart,
  compact = false,
  onNavigate,
}: {
  cart: Cart;
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const groups =
    SHOW_SECTORS && cart.sectors && cart.sectors.length > 0
      ? cart.sectors.map((s) => ({ key: s.sectorId, name: s.name, items: s.cartItems }))
      : [{ key: 0, name: null as string | null, items: cart.cartItems }];
  const Heading = compact ? 'h3' : 'h2';
  return (
    <>
      {groups.map((g) => (
        <Box component="section" key={g.key} aria-label={g.name ?? t('cart.heading')} sx={{ mb: 1 }}>
          {g.name ? (
            <Typography
              component={Heading}
              sx={{
                fontSize: 13,
                fontWeight: 700,
                textTransform: 'uppercase',
                color: 'primary.dark',
                mt: 2,
                letterSpacing: 0.5,
              }}
            >
              {g.name}
            </Typography>
          ) : null}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {g.items.map((item) => (
              <CartLine key={item.itemId} item={item} compact={compact} onNavigate={onNavigate} />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}

/** Totals: lines, savings, delivery fee, total (euro from the server). */
export function CartSummary({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const rows: Array<[string, string, boolean?]> = [
    [t('cart.subtotal'), formatPrice(cart.totalPriceStandard ?? cart.totalPrice ?? 0)],
  ];
  if ((cart.totalDiscount ?? 0) > 0)
    rows.push([t('cart.savings'), `− ${formatPrice(cart.totalDiscount ?? 0)}`]);
  rows.push([
    t('cart.deliveryFee'),
    cart.deliveryFee > 0 ? formatPrice(cart.deliveryFee) : t('cart.deliveryFree'),
  ]);
  rows.push([
    t('cart.total'),
    formatPrice(cart.grossTotal ?? (cart.totalPrice ?? 0) + cart.deliveryFee),
    true,
  ]);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2 }}
      data-testid="cart-summary"
    >
      {rows.map(([label, value, strong]) => (
        <Box
          key={label}
          sx={{
            gridColumn: '1 / -1',
            display: 'grid',
            gridTemplateColumns: 'subgrid',
            fontWeight: strong ? 700 : 400,
            fontSize: strong ? 18 : 15,
            ...(strong ? { borderTop: '1px solid', borderColor: 'divider', pt: 1, mt: 0.5 } : {}),
          }}
        >
          <dt>{label}</dt>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
