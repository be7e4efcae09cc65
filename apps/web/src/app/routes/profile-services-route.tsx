import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Cart } from '@spesa/shared/contracts/cart';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import type { ReceiptSettings } from '@spesa/shared/contracts/receipts';
import { longDayText, shortDateText } from '@spesa/shared/format/day';
import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { useCart } from '../../features/cart/api/get-cart';
import { useCard } from '../../features/loyalty/api/get-card';
import { useReceiptSettings } from '../../features/receipts/api/receipt-settings';
import { useSmartCartStores } from '../../features/smartcart/api/smart-cart';
import '../../features/delivery/i18n';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * /profile/services, "Servizi" of the profile menu (spec section 2): the customer's services — delivery,
 * premium card, digital receipts, self-scanning — each with its state for this customer and a link to the
 * page where it is managed. The states come from each service's own call (decision 070).
 */
export function ProfileServicesRoute() {
  const { t } = useTranslation();
  const cart = useCart();
  const card = useCard();
  const receipts = useReceiptSettings();
  const stores = useSmartCartStores();
  return (
    <ProfileSection title={t('account.menu.services')} intro={t('account.services.intro')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { md: '1fr 1fr' },
        }}
      >
        <ServiceCard
          name="delivery"
          query={cart}
          state={(c) => deliveryState(t, c)}
          to="/profile/addresses"
        />
        <ServiceCard name="premium" query={card} state={(c) => premiumState(t, c)} to="/profile/premium" />
        <ServiceCard
          name="receipts"
          query={receipts}
          state={(s) => receiptsState(t, s)}
          to="/profile/receipts/digital"
        />
        <ServiceCard
          name="selfScanning"
          query={stores}
          state={(s) =>
            s.stores.length > 0
              ? t('account.services.selfScanning.stores', { count: s.stores.length })
              : t('account.services.selfScanning.none')
          }
          to="/self-scanning"
        />
      </Box>
    </ProfileSection>
  );
}

function deliveryState(t: T, cart: Cart): string {
  const address = cart.shippingAddress;
  if (!address || address.autoAssigned) return t('account.services.delivery.none');
  const place =
    address.deliveryServiceId === 2 || address.deliveryServiceId === 3
      ? `${address.address1} ${address.addressNumber}, ${address.city}`.trim()
      : address.addressName;
  const chosen = t('account.services.delivery.chosen', {
    service: t(`delivery.service.${address.deliveryServiceId}`, { defaultValue: '' }) || address.addressName,
    place,
  });
  return cart.timeslot && !cart.timeslot.autoAssigned
    ? `${chosen}. ${t('account.services.delivery.slot', { date: longDayText(cart.timeslot.date) })}`
    : chosen;
}

function premiumState(t: T, { card, premium }: CardView): string {
  if (premium.active) return t('account.services.premium.active');
  if (premium.excluded) return t('account.services.premium.excluded');
  if (premium.request)
    return t('account.services.premium.requested', { date: shortDateText(premium.request.requestedAt) });
  if (premium.canRequest) return t('account.services.premium.canRequest');
  return card ? t('account.services.premium.canRequest') : t('account.services.premium.needsCard');
}

function receiptsState(t: T, s: ReceiptSettings): string {
  if (s.cardNumber === null) return t('account.services.receipts.needsCard');
  const now = t(s.digitalReceipt ? 'account.services.receipts.on' : 'account.services.receipts.off');
  if (!s.pending || s.pending.digitalReceipt === s.digitalReceipt) return now;
  const date = shortDateText(s.pending.effectiveAt);
  return `${now}. ${t(s.pending.digitalReceipt ? 'account.services.receipts.pendingOn' : 'account.services.receipts.pendingOff', { date })}`;
}

/** One service: its name as a heading, what it is, its state for the customer and where it is managed. */
function ServiceCard<D>({
  name,
  query,
  state,
  to,
}: {
  name: 'delivery' | 'premium' | 'receipts' | 'selfScanning';
  query: UseQueryResult<D>;
  state: (data: D) => ReactNode;
  to: string;
}) {
  const { t } = useTranslation();
  const headingId = `service-${name}`;
  let text: ReactNode;
  if (query.isPending) text = t('account.services.loading');
  else if (query.isError) text = t('account.services.unavailable');
  else text = state(query.data);
  return (
    <li>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby={headingId}
        sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: 20, fontWeight: 500 }}>
          {t(`account.services.${name}.title`)}
        </Typography>
        <Typography variant="body2">{t(`account.services.${name}.text`)}</Typography>
        <Typography data-testid={`service-state-${name}`} aria-live="polite" sx={{ fontWeight: 500 }}>
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
            {t('account.services.state')}:{' '}
          </Box>
          {text}
        </Typography>
        <Link component={RouterLink} to={to} sx={{ mt: 'auto', py: 1, alignSelf: 'flex-start' }}>
          {t(`account.services.${name}.manage`)}
        </Link>
      </Paper>
    </li>
  );
}
