import type { PERSON_TYPES } from '@spesa/shared/contracts/account';
import type { CheckoutPrepareBody } from '@spesa/shared/contracts/checkout';
import type { OrderInvoice } from '@spesa/shared/contracts/orders';
import { failWith, ok, type Result } from '../../lib/result';
import type { AccountRepository } from '../account/account.repository';
import { CHECKOUT_TEXT } from './checkout.messages';
import type {
  CartCheckoutRow,
  CheckoutRepository,
  CheckoutValues,
  PreparingRead,
} from './checkout.repository';

// The choices a checkout/prepare sends (bags, invoice or lottery code, extra e-mail, rules, meal vouchers,
// notes), checked and merged in memory with the saved ones before the cart is priced: prepare writes them
// once, with its prices (decision 059, session 46).

/**
 * The choices sent with prepare, checked against the saved ones (`saved`) before anything is written:
 * bags, invoice or lottery code, extra e-mail, rules, the meal vouchers declared (their rules against the
 * cart are checked once it is priced), and the cart's infos they set (need_invoice, notes).
 */
export async function choicesOf(
  d: {
    accounts: Pick<AccountRepository, 'listPersonFiscals'>;
    repo: Pick<CheckoutRepository, 'packagingTypes'>;
  },
  userId: number,
  body: CheckoutPrepareBody,
  saved: CartCheckoutRow | null,
): Promise<Result<{ values: CheckoutValues; infos: Record<string, string> }>> {
  const values: CheckoutValues = {};
  if (body.packaging_type_id !== undefined) {
    const types = await d.repo.packagingTypes();
    if (!types.some((t) => t.packagingTypeId === body.packaging_type_id))
      return failWith(CHECKOUT_TEXT.packagingNotFound, 'validation');
    values.packagingTypeId = body.packaging_type_id;
  }
  if (body.accept_rules !== undefined) values.rulesAccepted = body.accept_rules;
  if (body.need_invoice === false) values.invoice = null;
  else if (body.need_invoice === true || body.invoice || body.person_fiscal_id !== undefined) {
    let invoice: OrderInvoice | null = null;
    if (body.invoice) invoice = { ...body.invoice, personTypeId: body.invoice.personTypeId };
    else if (body.person_fiscal_id !== undefined) {
      const found = (await d.accounts.listPersonFiscals(userId)).find(
        (p) => p.personFiscalId === body.person_fiscal_id,
      );
      if (!found) return failWith(CHECKOUT_TEXT.personFiscalNotFound, 'notFound');
      invoice = {
        personTypeId: found.personTypeId as (typeof PERSON_TYPES)[keyof typeof PERSON_TYPES],
        companyName: found.companyName,
        fiscalCode: found.fiscalCode,
        vatCode: found.vatCode,
        pec: found.pec,
        sdiCode: found.sdiCode,
        ipaCode: found.ipaCode,
        cig: found.cig,
        determinationNumber: found.determinationNumber,
        determinationDate: found.determinationDate,
        contactPerson: found.contactPerson,
        address1: found.address1,
        addressNumber: found.addressNumber,
        postalCode: found.postalCode,
        city: found.city,
        province: found.province,
      };
    } else {
      if (!saved?.invoice) return failWith(CHECKOUT_TEXT.invoiceMissing, 'validation');
      invoice = saved.invoice as OrderInvoice;
    }
    values.invoice = invoice;
  }
  if (body.lottery_code !== undefined)
    values.lotteryCode = body.lottery_code === '' ? null : body.lottery_code;
  if (body.extra_email !== undefined) values.extraEmail = body.extra_email === '' ? null : body.extra_email;
  const invoiceAfter = 'invoice' in values ? values.invoice : saved?.invoice;
  const lotteryAfter = 'lotteryCode' in values ? values.lotteryCode : saved?.lotteryCode;
  if (invoiceAfter && lotteryAfter) return failWith(CHECKOUT_TEXT.invoiceAndLottery, 'validation');
  if (body.meal_vouchers !== undefined)
    values.mealVouchers =
      body.meal_vouchers === null
        ? null
        : {
            count: body.meal_vouchers.count,
            kind: body.meal_vouchers.kind,
            faceValueCents: Math.round(body.meal_vouchers.face_value * 100),
          };
  const infos: Record<string, string> = {};
  if ('invoice' in values) infos.need_invoice = values.invoice ? 'true' : 'false';
  if (body.notes !== undefined) infos.notes = body.notes;
  return ok({ values, infos });
}

/**
 * The checkout row as prepare's choices leave it, merged in memory with the row read before pricing (the
 * defaults of a new row when the cart had none): what the write will hold, and the cart's infos after it.
 */
export function withChoices(
  cartId: number,
  now: PreparingRead,
  cartInfos: Record<string, string>,
  values: CheckoutValues,
): CartCheckoutRow {
  const before: CartCheckoutRow = now.checkout ?? {
    cartId,
    packagingTypeId: null,
    rulesAccepted: false,
    invoice: null,
    lotteryCode: null,
    extraEmail: null,
    preparedPrices: null,
    preparedAt: null,
    editingOrderId: null,
    mealVouchers: null,
    cartInfos: {},
    preparedPurchase: null,
    catalogueVersion: now.catalogueVersion,
  };
  const { prepared: _p, ...chosen } = values;
  return {
    ...before,
    ...chosen,
    // any save of the choices drops the frozen purchase (saveCheckout)
    preparedPurchase: null,
    cartInfos,
    catalogueVersion: now.catalogueVersion,
  };
}
