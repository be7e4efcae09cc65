import { mealVoucherDeclarationOf } from '@spesa/shared/checkout/meal-vouchers';
import type { OrderEditingPort } from '../orders/order-actions.service';
import type { CheckoutRepository } from './checkout.repository';
import type { CheckoutService } from './checkout.service';

/**
 * The cart's checkout as the orders module's edit of an order asks it (decision 017): which order the cart
 * edits, the order's choices taken into the checkout, and the checkout's cart as the customer sees it.
 */
export function orderEditingOf(repo: CheckoutRepository, checkout: CheckoutService): OrderEditingPort {
  return {
    editingOf: async (cartId, tx) => (await repo.checkoutOf(cartId, tx))?.editingOrderId ?? null,
    startEditing: async (cartId, order, tx) => {
      const infos = order.infos as {
        invoice?: Record<string, unknown> | null;
        lotteryCode?: string | null;
        extraEmail?: string | null;
        packaging?: { packagingTypeId: number } | null;
      };
      await repo.saveCheckout(
        cartId,
        {
          editingOrderId: order.orderId,
          packagingTypeId: infos.packaging?.packagingTypeId ?? null,
          invoice: infos.invoice ?? null,
          lotteryCode: infos.lotteryCode ?? null,
          extraEmail: infos.extraEmail ?? null,
          mealVouchers: mealVoucherDeclarationOf(order.infos.mealVouchers),
          rulesAccepted: false,
          preparedPrices: null,
          prepared: false,
        },
        tx,
      );
    },
    checkoutCart: (userId) => checkout.checkoutCart(userId),
  };
}
