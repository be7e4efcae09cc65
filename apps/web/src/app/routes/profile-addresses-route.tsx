import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import '../../features/delivery/i18n';
import Link from '@mui/material/Link';
import type { Address } from '@spesa/shared/contracts/delivery';
import { PageLoading } from '../../components/page-loading';
import { FormAlert } from '../../components/form-alert';
import { ProfileSection, WithUserDetail } from '../../features/account/components/profile-section';
import { AddressBook } from '../../features/delivery/components/address-book';
import { AddressForm } from '../../features/delivery/components/address-form';
import { ShopAtWork } from '../../features/delivery/components/shop-at-work';
import { useAddress } from '../../features/delivery/api/get-address';
import { selectAddress } from '../../features/delivery/api/select-address';
import { openTimeslotPicker } from '../../lib/delivery-dialog-store';
import { hasChosenSlot } from '../../features/delivery/utils/delivery-chain';
import { useQueryClient } from '@tanstack/react-query';
import { storeCart } from '../../features/cart/api/get-cart';

/** EditAddresses (spec section 2), the list: /profile/addresses. */
export function ProfileAddressesRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.addresses')} intro={t('account.menu.addressesHelp')}>
      <AddressBook />
      <ShopAtWork />
    </ProfileSection>
  );
}

/**
 * EditAddresses with its optional addressId: /profile/addresses/edit/:addressId?. A new address added from
 * the address selector (?from=selector) becomes the cart's address and the chain goes on to the slot.
 */
export function ProfileAddressEditRoute() {
  const { t } = useTranslation();
  const { addressId } = useParams();
  const id = addressId && /^\d+$/.test(addressId) ? Number(addressId) : null;
  const [params] = useSearchParams();
  const fromSelector = params.get('from') === 'selector';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useAddress(id);

  async function saved(address: Address) {
    if (fromSelector && id === null) {
      try {
        const cart = await selectAddress({
          addressId: address.addressId,
          deliveryServiceId: address.deliveryServiceId,
        });
        await storeCart(queryClient, cart);
        await navigate('/profile/addresses');
        if (!hasChosenSlot(cart)) openTimeslotPicker({ chain: true });
        return;
      } catch {
        // the address is saved; the customer can choose it from the selector
      }
    }
    await navigate('/profile/addresses');
  }

  const title = id === null ? t('delivery.addresses.newTitle') : t('delivery.addresses.editTitle');
  return (
    <ProfileSection title={title}>
      <Link component={RouterLink} to="/profile/addresses" sx={{ display: 'inline-block', mb: 2 }}>
        {t('delivery.addresses.back')}
      </Link>
      {id !== null && existing.isPending ? (
        <PageLoading />
      ) : id !== null && (existing.isError || (existing.data && !existing.data.editable)) ? (
        <FormAlert
          messages={[
            existing.isError ? t('delivery.addresses.notFound') : t('delivery.addresses.notEditable'),
          ]}
        />
      ) : (
        <WithUserDetail>
          {(user) => (
            <AddressForm
              address={existing.data}
              defaultReceiver={`${user.person.firstName} ${user.person.lastName}`.trim()}
              defaultPhone={user.contact.mobilePhone}
              onSaved={(a) => void saved(a)}
            />
          )}
        </WithUserDetail>
      )}
    </ProfileSection>
  );
}
