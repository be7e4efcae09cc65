import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CART_STATUS } from '@spesa/shared/delivery/constants';
import { useTranslation } from '../../../lib/i18n';
import { openAddressSelector, openTimeslotPicker } from '../../../lib/delivery-dialog-store';
import { longDay, slotRange } from '../../delivery/utils/format-slot';
import type { MaybeCheckoutCart } from '../hooks/use-checkout-form';

/** The delivery service, address and slot, with the buttons that change them while the cart is not locked. */
export function DeliverySummary({ cart }: { cart: MaybeCheckoutCart }) {
  const { t } = useTranslation();
  const address = cart.shippingAddress;
  const slot = cart.timeslot;
  const home = address ? address.deliveryServiceId !== 1 : true;
  const locked = cart.cartStatusId === CART_STATUS.locked;
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1 }}>
        {cart.deliveryServiceId != null ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('checkout.delivery.service')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(`delivery.service.${cart.deliveryServiceId}`)}
            </Typography>
          </>
        ) : null}
        {address ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {home ? t('checkout.delivery.address') : t('checkout.delivery.store')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {address.addressName ? `${address.addressName} – ` : ''}
              {address.address1} {address.addressNumber}, {address.postalcode} {address.city} (
              {address.province})
            </Typography>
          </>
        ) : null}
        {slot ? (
          <>
            <Typography component="dt" sx={{ fontWeight: 500 }}>
              {t('checkout.delivery.slot')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t('checkout.delivery.slotValue', {
                day: longDay(slot.date),
                range: slotRange(slot.beginTime, slot.endTime),
              })}
            </Typography>
          </>
        ) : null}
      </Box>
      {!address ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('checkout.delivery.noAddress')}
        </Alert>
      ) : !slot ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('checkout.delivery.noSlot')}
        </Alert>
      ) : null}
      {!locked ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button variant="outlined" onClick={() => openAddressSelector({ chain: true })}>
            {t('checkout.delivery.changeAddress')}
          </Button>
          <Button variant="outlined" onClick={() => openTimeslotPicker({ chain: true })}>
            {t('checkout.delivery.changeSlot')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
