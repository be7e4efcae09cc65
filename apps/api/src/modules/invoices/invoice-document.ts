import { isFiscalCodeValid } from '@spesa/shared/account/fiscal-code';
import { isVatNumberValid, normaliseVatNumber } from '@spesa/shared/account/vat-number';
import { PAYMENT_TYPE } from '@spesa/shared/checkout/payment-types';
import { PERSON_TYPES, personFiscalFormSchema } from '@spesa/shared/contracts/account';
import type { Env } from '../../env';
import type { Buyer, PaymentMethod, Seller } from './fatturapa/fatturapa-xml';
import { discountLines, type ChargedLine } from './invoice-amounts';
import type { OrderInvoiceFacts } from './invoices.repository';
import { INVOICE_DATA_TEXT } from './invoices.messages';

/**
 * From an order to an invoice's parts (decision 087): the chain as seller (env.ts), the customer as buyer
 * (the invoice data kept with the order), the charged lines and the payments.
 */

/** Goods and services without a VAT rate of their own: delivery and bags are services at 22 %. */
export const SERVICES_VAT_RATE = 22;

export function sellerOf(env: Env): Seller {
  return {
    name: env.INVOICE_SELLER_NAME,
    vatNumber: env.INVOICE_SELLER_VAT_NUMBER,
    fiscalCode: env.INVOICE_SELLER_FISCAL_CODE,
    address: env.INVOICE_SELLER_ADDRESS,
    streetNumber: env.INVOICE_SELLER_STREET_NUMBER,
    postalCode: env.INVOICE_SELLER_POSTAL_CODE,
    city: env.INVOICE_SELLER_CITY,
    province: env.INVOICE_SELLER_PROVINCE,
    reaOffice: env.INVOICE_SELLER_REA_OFFICE,
    reaNumber: env.INVOICE_SELLER_REA_NUMBER,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The invoice data as the form's rules read it (upper-cased codes, trimmed texts), or null when unreadable. */
function invoiceData(raw: Record<string, unknown>) {
  const parsed = personFiscalFormSchema.safeParse({
    ...Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v : (v ?? '')])),
    personTypeId: raw.personTypeId ?? PERSON_TYPES.private,
  });
  return parsed;
}

/**
 * What would make the invoice invalid, as the customer reads it (null: nothing): the form's rules of spec
 * section 5, the partita IVA's check digit, the codice fiscale's, a recipient for a company's invoice.
 */
export function invoiceDataProblem(raw: Record<string, unknown>): string | null {
  const parsed = invoiceData(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = INVOICE_DATA_TEXT.fields[String(issue?.path[0]) as keyof typeof INVOICE_DATA_TEXT.fields];
    return INVOICE_DATA_TEXT.field(field ?? 'dati di fatturazione', issue?.message ?? '');
  }
  const d = parsed.data;
  if (d.personTypeId !== PERSON_TYPES.private && /^\d{11}$/.test(d.vatCode) && !isVatNumberValid(d.vatCode))
    return INVOICE_DATA_TEXT.vatCheckDigit;
  if (d.fiscalCode !== '' && !/^\d{11}$/.test(d.fiscalCode) && !isFiscalCodeValid(d.fiscalCode))
    return INVOICE_DATA_TEXT.fiscalCode;
  if (d.fiscalCode !== '' && /^\d{11}$/.test(d.fiscalCode) && !isVatNumberValid(d.fiscalCode))
    return INVOICE_DATA_TEXT.fiscalCode;
  return null;
}

/** The customer as buyer: who they are for the tax office and where the exchange system delivers. */
export function buyerOf(facts: Pick<OrderInvoiceFacts, 'invoice' | 'firstName' | 'lastName'>): Buyer {
  const parsed = invoiceData(facts.invoice ?? {});
  if (!parsed.success) throw new Error('invoice data not valid: refused before "prepared"');
  const d = parsed.data;
  const pa = d.personTypeId === PERSON_TYPES.publicAdministration;
  const company = d.personTypeId === PERSON_TYPES.company;
  const vat = normaliseVatNumber(d.vatCode);
  const recipientCode = pa ? d.ipaCode : d.sdiCode || '0000000';
  return {
    format: pa ? 'FPA12' : 'FPR12',
    recipientCode,
    pec: recipientCode === '0000000' && d.pec !== '' ? d.pec : null,
    vatNumber: (company || pa) && isVatNumberValid(vat) ? vat : null,
    fiscalCode: d.fiscalCode !== '' ? d.fiscalCode : (company || pa) && !isVatNumberValid(vat) ? vat : null,
    companyName: company || pa ? d.companyName : null,
    firstName: company || pa ? null : facts.firstName || '-',
    lastName: company || pa ? null : facts.lastName || '-',
    address: d.address1,
    streetNumber: d.addressNumber,
    postalCode: d.postalCode,
    city: d.city,
    province: d.province,
  };
}

/** A public administration's purchase order: its determination and CIG, when given. */
export function purchaseOrderOf(facts: Pick<OrderInvoiceFacts, 'invoice' | 'orderId'>) {
  const i = facts.invoice ?? {};
  if (Number(i.personTypeId) !== PERSON_TYPES.publicAdministration) return null;
  const cig = text(i.cig).toUpperCase();
  const determination = text(i.determinationNumber);
  if (cig === '' && determination === '') return null;
  const date = text(i.determinationDate);
  return {
    id: determination || `Ordine ${facts.orderId}`,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    cig: cig || null,
  };
}

/** An order line as the invoice names it: what was delivered (the weight, the substitute), its VAT rate. */
export function goodsLineOf(l: OrderInvoiceFacts['lines'][number]): ChargedLine {
  const weighed = l.realWeight !== null || l.sellingType === 'Sfuso';
  return {
    description: l.substituted ? `${l.name} (in sostituzione)` : l.name,
    quantity: l.realWeight ?? l.quantity,
    unit: weighed ? l.unitBase.toUpperCase() : 'PZ',
    grossCents: l.grossCents,
    vatRate: l.vatRate ?? SERVICES_VAT_RATE,
    code: l.code,
  };
}

/** The charged lines of a delivered order: what was delivered (weights, substitutes), fee, bags, discount. */
export function chargedLinesOf(facts: OrderInvoiceFacts): ChargedLine[] {
  const goods: ChargedLine[] = facts.lines.filter((l) => l.grossCents > 0).map(goodsLineOf);
  const goodsCents = goods.reduce((a, l) => a + l.grossCents, 0);
  const discount = Math.min(facts.giftDiscountCents, goodsCents);
  const services: ChargedLine[] = [];
  const service = (description: string, grossCents: number) =>
    ({ description, quantity: 1, unit: null, grossCents, vatRate: SERVICES_VAT_RATE }) satisfies ChargedLine;
  if (facts.deliveryFeeCents > 0) services.push(service('Spese di consegna', facts.deliveryFeeCents));
  if (facts.packagingCents > 0) services.push(service('Sacchetti per la spesa', facts.packagingCents));
  return [...goods, ...discountLines(goods, discount, 'Sconto buoni e codici regalo'), ...services];
}

const METHOD_OF_TYPE: Record<number, PaymentMethod> = {
  [PAYMENT_TYPE.online]: 'MP08',
  [PAYMENT_TYPE.card]: 'MP08',
  [PAYMENT_TYPE.mobileApp]: 'MP08',
  [PAYMENT_TYPE.onDelivery]: 'MP01',
  [PAYMENT_TYPE.onDeliveryDigitalGift]: 'MP01',
  [PAYMENT_TYPE.deferred]: 'MP05',
};

/**
 * Who paid what: the wallet first (MP22, set off against sums the shop already held), the payment type the
 * rest; with split payment the administration pays the taxable part only (the VAT goes to the State).
 */
export function paymentsOf(
  facts: Pick<OrderInvoiceFacts, 'walletCents' | 'paymentTypeId'>,
  totalCents: number,
  vatCents: number,
  splitPayment: boolean,
): Array<{ method: PaymentMethod; cents: number }> {
  const due = splitPayment ? totalCents - vatCents : totalCents;
  const wallet = Math.min(facts.walletCents, due);
  return [
    { method: 'MP22' as const, cents: wallet },
    { method: METHOD_OF_TYPE[facts.paymentTypeId] ?? 'MP08', cents: due - wallet },
  ].filter((p) => p.cents > 0);
}

/** "2026/000123" */
export const numberTextOf = (year: number, n: number) => `${year}/${String(n).padStart(6, '0')}`;
/** ProgressivoInvio: "F26" and the number in base 36 (unique per year and number, at most 10 characters) */
export const transmissionIdOf = (year: number, n: number) =>
  `F${String(year % 100).padStart(2, '0')}${n.toString(36).toUpperCase().padStart(5, '0')}`;

/** The customer's name on the document's lists. */
export const customerNameOf = (b: Buyer) =>
  b.companyName ?? `${b.firstName ?? ''} ${b.lastName ?? ''}`.trim();
