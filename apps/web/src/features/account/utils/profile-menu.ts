/**
 * The profile menu of spec section 2: data, orders, lists, addresses, rate products, services, premium card,
 * invite friend, help, logout; each item a page of the customer area (or the shop), its label and its line of
 * help (`${label}Help`) in the locale.
 */
export interface ProfileMenuItem {
  key: string;
  /** i18n key of the label; `${label}Help` is the dashboard's line under it */
  label: string;
  to: string;
}

export const PROFILE_DATA_PAGES: readonly ProfileMenuItem[] = [
  { key: 'orders', label: 'account.menu.orders', to: '/profile/orders' },
  { key: 'notifications', label: 'account.menu.notifications', to: '/profile/notifications' },
  { key: 'operations', label: 'account.menu.operations', to: '/profile/operations' },
  { key: 'lists', label: 'account.menu.lists', to: '/profile/lists' },
  { key: 'receipts', label: 'account.menu.receipts', to: '/profile/receipts' },
  { key: 'selfScanning', label: 'account.menu.selfScanning', to: '/self-scanning' },
  { key: 'rate', label: 'account.menu.rate', to: '/profile/ratings' },
  { key: 'services', label: 'account.menu.services', to: '/profile/services' },
  { key: 'wallet', label: 'account.menu.wallet', to: '/profile/wallet' },
  { key: 'card', label: 'account.menu.card', to: '/profile/card' },
  { key: 'premium', label: 'account.menu.premium', to: '/profile/premium' },
  { key: 'gifts', label: 'account.menu.gifts', to: '/profile/gift-certificates' },
  { key: 'invite', label: 'account.menu.invite', to: '/profile/invite' },
  { key: 'help', label: 'account.menu.help', to: '/profile/help' },
  { key: 'data', label: 'account.menu.data', to: '/profile/data' },
  { key: 'contacts', label: 'account.menu.contacts', to: '/profile/contacts' },
  { key: 'password', label: 'account.menu.password', to: '/profile/password' },
  { key: 'email', label: 'account.menu.email', to: '/profile/email' },
  { key: 'pin', label: 'account.menu.pin', to: '/profile/pin' },
  { key: 'invoice', label: 'account.menu.invoice', to: '/profile/invoice-data' },
  { key: 'addresses', label: 'account.menu.addresses', to: '/profile/addresses' },
  { key: 'delete', label: 'account.menu.delete', to: '/profile/delete-account' },
];
