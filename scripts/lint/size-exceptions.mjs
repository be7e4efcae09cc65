// Files and functions over the size limits of eslint.config.js (500 lines a file, 120 a function) when the
// limits came in: each is split along its seams and then removed from this list. A new entry is a decision
// (decision 073); the numbers are the sizes when listed.

/** Files over 500 lines. */
export const OVERSIZED_FILES = [
  'apps/admin/src/texts.ts', // 832
  'apps/api/src/modules/account/account.repository.ts', // 560
  'apps/api/src/modules/account/account.service.ts', // 665
  'apps/api/src/modules/catalogue/catalogue.repository.ts', // 775
  'apps/api/src/modules/content/content-posts.service.ts', // 522
  'apps/api/src/modules/delivery/delivery.service.ts', // 729
  'apps/api/src/modules/lists/lists.service.ts', // 516
  'apps/api/src/modules/receipts/receipts.service.ts', // 558
  'apps/api/src/modules/smartcart/smartcart.service.ts', // 661
  'apps/web/src/features/account/components/registration-wizard.tsx', // 568
  'apps/web/src/features/loyalty/components/gift-card-partners-page.tsx', // 551
  'packages/shared/src/contracts/account.ts', // 648
  'packages/shared/src/contracts/admin.ts', // 1022
  'packages/shared/src/contracts/delivery.ts', // 636
];

/** Files with a function over 120 lines. */
export const OVERSIZED_FUNCTIONS = [
  'apps/admin/src/admin-app.tsx', // 153, 131
  'apps/admin/src/customer-card.tsx', // 171
  'apps/admin/src/customer-gift-certificates.tsx', // 136
  'apps/admin/src/data-provider.ts', // 146, 145
  'apps/admin/src/login-page.tsx', // 143
  'apps/admin/src/orders.tsx', // 125
  'apps/admin/src/stores.tsx', // 123
  'apps/api/src/modules/mail/mail.templates.ts', // 159
  'apps/web/src/app/product-listing/product-listing.tsx', // 149
  'apps/web/src/components/carousel.tsx', // 195
  'apps/web/src/features/account/components/invoice-data.tsx', // 165
  'apps/web/src/features/account/components/login-form.tsx', // 182
  'apps/web/src/features/account/components/registration-wizard.tsx', // 190
  'apps/web/src/features/cart/components/cart-lines.tsx', // 128
  'apps/web/src/features/cart/components/quantity-control.tsx', // 195
  'apps/web/src/features/catalogue/components/search-box.tsx', // 171
  'apps/web/src/features/checkout/components/gift-code-box.tsx', // 132
  'apps/web/src/features/checkout/components/meal-voucher-choice.tsx', // 135
  'apps/web/src/features/delivery/components/address-book.tsx', // 131
  'apps/web/src/features/delivery/components/address-form.tsx', // 227
  'apps/web/src/features/delivery/components/address-rows.tsx', // 131
  'apps/web/src/features/delivery/components/address-selector-dialog.tsx', // 222
  'apps/web/src/features/delivery/components/drive-search.tsx', // 129
  'apps/web/src/features/delivery/components/timeslot-dialog.tsx', // 183
  'apps/web/src/features/forms/components/FormRenderer.tsx', // 129, 163
  'apps/web/src/features/leaflets/components/leaflet-viewer.tsx', // 282
  'apps/web/src/features/lists/components/list-detail.tsx', // 150
  'apps/web/src/features/loyalty/components/gift-card-partners-page.tsx', // 246
  'apps/web/src/features/operators/components/customer-search-page.tsx', // 136
  'apps/web/src/features/orders/components/order-detail.tsx', // 179
  'apps/web/src/features/orders/components/orders-list.tsx', // 155
  'apps/web/src/features/receipts/components/receipts-page.tsx', // 121
  'apps/web/src/features/smartcart/components/smart-cart-scan-page.tsx', // 175
];
