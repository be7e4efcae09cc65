import type { CheckoutCart, PackagingProduct, PaymentType } from '@spesa/shared/contracts/checkout';
import type { Order, OrderItem } from '@spesa/shared/contracts/orders';
import type { CartItem } from '@spesa/shared/contracts/cart';
import { cartAt, makeAddress } from './delivery-fixtures';
import { makeProduct } from './fixtures';

export const homeAddress = makeAddress({ preferred: true });

export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    itemId: 11,
    product: makeProduct({ productId: 501, name: 'Latte intero 1 l' }),
    quantity: 2,
    weight: null,
    cartItemInsertionTypeId: 1,
    cartItemInfo: {},
    params: {},
    unitPrice: 1.5,
    unitPriceStandard: 1.5,
    grossTotal: 3,
    grossTotalStandard: 3,
    discount: 0,
    warehousePromo: null,
    available: true,
    isPackage: false,
    sectorId: 1,
    ...overrides,
  };
}

/** A cart ready for the checkout: home address, chosen slot, two lines, the checkout part. */
export function makeCheckoutCart(overrides: Partial<CheckoutCart['checkout']> = {}): CheckoutCart {
  const base = cartAt(homeAddress, {
    date: '2026-11-25',
    timeslotId: 4,
    autoAssigned: false,
    beginTime: '10:00',
    endTime: '12:00',
    deliveryDayPeriodId: 1,
  });
  const items = [
    makeCartItem(),
    makeCartItem({
      itemId: 12,
      product: makeProduct({ productId: 502, name: 'Mele Golden sfuse' }),
      quantity: 1.2,
      weight: 1.2,
      unitPrice: 2.5,
      grossTotal: 3,
      grossTotalStandard: 3,
    }),
  ];
  return {
    ...base,
    cartItems: items,
    totalItems: items.length,
    totalPrice: 6,
    totalPriceStandard: 6,
    totalDiscount: 0,
    grossTotal: 10.9,
    deliveryFee: 4.9,
    orderAdjustmentSummary: { orderAdjustments: [], totalDiscount: 0 },
    checkout: {
      packagingTypeId: null,
      bags: 1,
      packagingTotal: 0.2,
      giftDiscount: 0,
      orderTotal: 11.1,
      prebilledAmount: 11.85,
      premiumFreeDelivery: false,
      premiumProduct: null,
      rulesAccepted: false,
      needInvoice: false,
      invoice: null,
      lotteryCode: null,
      extraEmail: null,
      editingOrderId: null,
      walletHeld: 0,
      missing: [],
      missingCodes: [],
      ...overrides,
    },
  };
}

export const packagingProducts: PackagingProduct[] = [
  {
    productId: 9001,
    packagingTypeId: 1,
    code: 'SACCHETTO-BIO',
    name: 'Sacchetti biodegradabili',
    shortDescr: '',
    description: '',
    mediaURL: '',
    price: 0.2,
    priceDisplay: 0.2,
    itemsPerBag: 10,
    estimatedBags: 1,
    estimatedTotal: 0.2,
    isDefault: true,
    selected: false,
    available: 100,
  },
  {
    productId: 9002,
    packagingTypeId: 2,
    code: 'SACCHETTO-RIUSO',
    name: 'Borse riutilizzabili',
    shortDescr: '',
    description: '',
    mediaURL: '',
    price: 0.9,
    priceDisplay: 0.9,
    itemsPerBag: 15,
    estimatedBags: 1,
    estimatedTotal: 0.9,
    isDefault: false,
    selected: false,
    available: 100,
  },
];

export const paymentTypes: PaymentType[] = [
  {
    paymentTypeId: 12,
    name: 'Carta di credito',
    descr: 'Paga online con carta.',
    online: true,
    default: true,
    enabled: true,
  },
  {
    paymentTypeId: 2,
    name: 'Pagamento alla consegna',
    descr: 'Paga alla consegna.',
    online: false,
    default: false,
    enabled: true,
  },
  {
    paymentTypeId: 11,
    name: 'Pagamento differito',
    descr: 'Clienti aziendali.',
    online: false,
    default: false,
    enabled: false,
  },
];

export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    orderItemId: 1,
    productId: 501,
    codInt: '501',
    name: 'Latte intero 1 l',
    shortDescr: '',
    description: '',
    mediaURL: '',
    sellingType: 'Pezzo',
    unitBase: 'pz',
    params: {},
    quantity: 2,
    unitPrice: 1.5,
    unitPriceStandard: 1.5,
    grossTotal: 3,
    grossTotalStandard: 3,
    warehousePromo: null,
    variableWeight: false,
    acceptAlternatives: false,
    cartItemInfo: {},
    sectorId: 1,
    delivered: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 1001,
    orderStatusId: 3,
    orderStatusDescr: 'Ordinato',
    orderTypeId: 1,
    date: '2026-11-23T08:30:00.000Z',
    cartId: 1,
    deliveryServiceId: 2,
    homeDelivery: true,
    store: { storeId: 1, name: 'Spesa Milano' },
    warehouse: { warehouseId: 1, name: 'Milano' },
    shippingAddress: cartAt(homeAddress).shippingAddress!,
    timeslot: {
      date: '2026-11-25',
      timeslotId: 4,
      beginTime: '10:00',
      endTime: '12:00',
      deliveryDayPeriodId: 1,
    },
    paymentTypeId: 12,
    payment: {
      paymentTypeId: 12,
      paymentTypeDescr: 'Carta di credito',
      online: true,
      status: 'authorized',
      amountAuthorized: 11.85,
      amountCaptured: 0,
      cardBrand: 'VISA',
      cardLast4: '4242',
    },
    totalItems: 2,
    totalPrice: 6,
    totalPriceStandard: 6,
    totalDiscount: 0,
    deliveryFee: 4.9,
    packagingTotal: 0.2,
    giftDiscount: 0,
    grossTotal: 11.1,
    prebilledAmount: 11.85,
    walletTotal: 0,
    capturedAmount: null,
    deliveredTotal: null,
    orderAdjustmentSummary: { orderAdjustments: [] },
    packaging: { packagingTypeId: 1, name: 'Sacchetti biodegradabili', bags: 1, price: 0.2 },
    invoice: null,
    lotteryCode: null,
    extraEmail: null,
    notes: null,
    orderItems: [
      makeOrderItem(),
      makeOrderItem({
        orderItemId: 2,
        productId: 502,
        name: 'Mele Golden sfuse',
        sellingType: 'Sfuso',
        unitBase: 'kg',
        quantity: 1.2,
        unitPrice: 2.5,
        grossTotal: 3,
        variableWeight: true,
      }),
    ],
    statusHistory: [
      {
        orderStatusId: 1,
        orderStatusDescr: 'In pagamento',
        date: '2026-11-23T08:30:00.000Z',
        actor: 'customer',
      },
      { orderStatusId: 3, orderStatusDescr: 'Ordinato', date: '2026-11-23T08:31:00.000Z', actor: 'provider' },
    ],
    isEditable: true,
    isCancellable: true,
    canRetryPayment: false,
    isPaymentTypeChangeable: false,
    canReorder: true,
    note: null,
    ...overrides,
  };
}
