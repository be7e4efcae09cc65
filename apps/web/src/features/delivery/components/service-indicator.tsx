import { Suspense, useEffect, useRef } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import type { Cart } from '@spesa/shared/contracts/cart';
import { useCart } from '../../cart/api/get-cart';
import { useAuth } from '../../../lib/use-auth';
import { openLoginDialog, useLoginDialogRequest } from '../../../lib/login-dialog-store';
import {
  closeDeliveryDialog,
  openAddressSelector,
  openTimeslotPicker,
  useDeliveryDialog,
} from '../../../lib/delivery-dialog-store';
import { hasChosenSlot } from '../utils/delivery-chain';
import { shortDay, slotRange, todayIso } from '../utils/format-slot';
import { DeliveryIcon, iconOfService } from './delivery-icon';
import './service-indicator.css';

const loadAddressSelector = () => import('./address-selector-dialog');
const loadTimeslotPicker = () => import('./timeslot-dialog');
const AddressSelectorDialog = lazyWithMuiTheme(() =>
  loadAddressSelector().then((m) => ({ default: m.AddressSelectorDialog })),
);
const TimeslotDialog = lazyWithMuiTheme(() =>
  loadTimeslotPicker().then((m) => ({ default: m.TimeslotDialog })),
);

/** "Spesa Como" for a store or locker, "Casa, Via Roma 1" for a home address (compact: the name only). */
function placeOf(cart: Cart): string {
  const a = cart.shippingAddress;
  if (!a) return '';
  if (a.addressType === 'home' || a.addressType === 'work')
    return `${a.addressName}, ${a.address1} ${a.addressNumber}`.trim();
  return a.addressName;
}

function slotText(cart: Cart, todayText: string): string | null {
  if (!cart.timeslot || !hasChosenSlot(cart)) return null;
  const { date, beginTime, endTime } = cart.timeslot;
  const day = date === todayIso() ? todayText : shortDay(date);
  return `${day} ${slotRange(beginTime, endTime)}`;
}

/**
 * The header's service indicator (spec section 4): the chosen service, the address or store and
 * the slot, always visible for signed-in customers; it opens the address selector (and the slot picker).
 * Anonymous visitors are invited to choose the service: login first, then address, then slot. A lazy chunk
 * of the header in plain CSS; the dialogs are further chunks, loaded on the first press (or hover/focus).
 */
export function ServiceIndicator() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const cart = useCart(signedIn);
  const dialog = useDeliveryDialog();
  const loginRequest = useLoginDialogRequest();
  // an anonymous press: after the login, the address selector opens (login, address, slot)
  const afterLogin = useRef(false);

  useEffect(() => {
    if (!afterLogin.current) return;
    if (signedIn) {
      afterLogin.current = false;
      openAddressSelector({ chain: true });
    } else if (loginRequest === null) afterLogin.current = false; // the login dialog was closed
  }, [signedIn, loginRequest]);

  useEffect(() => {
    if (!signedIn && dialog.open) closeDeliveryDialog();
  }, [signedIn, dialog.open]);

  const preloadAddress = () => void loadAddressSelector();
  const preloadSlot = () => void loadTimeslotPicker();

  if (!signedIn) {
    return (
      <div className="service-indicator">
        <button
          type="button"
          className="service-indicator-main service-indicator-invite"
          aria-haspopup="dialog"
          onClick={() => {
            afterLogin.current = true;
            openLoginDialog();
          }}
        >
          <DeliveryIcon name="drive" />
          <span className="service-indicator-text">
            <span className="service-indicator-service">{t('delivery.indicator.invite')}</span>
            <span className="service-indicator-place">{t('delivery.indicator.inviteHint')}</span>
          </span>
        </button>
      </div>
    );
  }

  const data = cart.data;
  const serviceId = data?.shippingAddress ? data.deliveryServiceId : null;
  const service = serviceId !== null ? t(`delivery.service.${serviceId}`) : t('delivery.indicator.choose');
  const place = data ? placeOf(data) : '';
  const slot = data ? slotText(data, t('delivery.indicator.today')) : null;
  return (
    <>
      <div className="service-indicator" role="group" aria-label={t('delivery.indicator.label')}>
        <button
          type="button"
          className="service-indicator-main"
          aria-haspopup="dialog"
          onClick={() => openAddressSelector({ chain: true })}
          onPointerEnter={preloadAddress}
          onFocus={preloadAddress}
        >
          <DeliveryIcon name={iconOfService(serviceId)} />
          <span className="service-indicator-text">
            <span className="service-indicator-service">{service}</span>
            <span className="sr-only">: </span>
            <span className="service-indicator-place">
              {place || (cart.isPending ? '…' : t('delivery.indicator.choosePlace'))}
            </span>
            <span className="sr-only">. {t('delivery.indicator.changePlace')}</span>
          </span>
        </button>
        <button
          type="button"
          className="service-indicator-slot"
          aria-haspopup="dialog"
          onClick={() =>
            data && !data.shippingAddress
              ? openAddressSelector({ chain: true })
              : openTimeslotPicker({ chain: true })
          }
          onPointerEnter={preloadSlot}
          onFocus={preloadSlot}
        >
          <DeliveryIcon name="schedule" />
          {slot ? (
            <span className="service-indicator-text">
              <span className="service-indicator-hint">{t('delivery.indicator.slot')}</span>
              <span className="sr-only">: </span>
              <span>{slot}</span>
              <span className="sr-only">. {t('delivery.indicator.changeSlot')}</span>
            </span>
          ) : (
            <span className="service-indicator-text">
              <span>{t('delivery.indicator.chooseSlot')}</span>
            </span>
          )}
        </button>
      </div>
      <Suspense fallback={null}>
        {dialog.open === 'address' ? <AddressSelectorDialog /> : null}
        {dialog.open === 'timeslot' ? <TimeslotDialog /> : null}
      </Suspense>
    </>
  );
}
