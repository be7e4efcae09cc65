import {
  mealVoucherFigures,
  mealVoucherRefusal,
  type MealVoucherDeclaration,
  type MealVoucherRefusal,
} from '@spesa/shared/checkout/meal-vouchers';
import type { MealVouchers } from '@spesa/shared/contracts/order-shape';

const cents = (euro: number) => Math.round(euro * 100);

export interface MealVoucherPreview {
  refusal: MealVoucherRefusal | null;
  coveredCents: number;
  serviceCostCents: number;
  /** the order's total with the service cost */
  totalCents: number;
  /** what the payment type takes: the hold (or the total) with the service cost, less what the vouchers pay */
  prebilledCents: number;
}

/**
 * The checkout's figures with the meal vouchers being declared (decision 047), by the shared rules the server
 * applies at prepare. The server's total and hold may already count a saved declaration (`saved`): its
 * service cost and amount are taken out before the new ones are put in. Integer cents in between.
 */
export function mealVoucherPreview(
  declaration: MealVoucherDeclaration | null,
  cart: { itemsEuro: number; foodEuro: number; totalEuro: number; prebilledEuro: number },
  saved: MealVouchers | null,
): MealVoucherPreview {
  const baseTotal = cents(cart.totalEuro) - cents(saved?.serviceCost ?? 0);
  const basePrebilled =
    cents(cart.prebilledEuro) - cents(saved?.serviceCost ?? 0) + cents(saved?.amount ?? 0);
  const refusal = declaration
    ? mealVoucherRefusal(declaration, { itemsCents: cents(cart.itemsEuro), foodCents: cents(cart.foodEuro) })
    : null;
  const figures =
    declaration && !refusal ? mealVoucherFigures(declaration) : { coveredCents: 0, serviceCostCents: 0 };
  return {
    refusal,
    ...figures,
    totalCents: baseTotal + figures.serviceCostCents,
    prebilledCents: Math.max(0, basePrebilled + figures.serviceCostCents - figures.coveredCents),
  };
}
