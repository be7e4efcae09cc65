import { refusalMessage, type QuantityRefusal, type SellingRules } from '@spesa/shared/cart/quantity';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { fail, failWith, ok, type Failure, type Result } from '../../lib/result';
import { CART_AVAILABILITY_CODE, CART_TEXT } from './cart.messages';

/** Refusals about availability are shown as a popup by the web app (msg.cart.availability.errors). */
const AVAILABILITY_REFUSALS = new Set<QuantityRefusal['kind']>(['notAvailable', 'notEnough', 'dailyMaximum']);

export function quantityFailure(rules: SellingRules, refusal: QuantityRefusal, productName: string): Failure {
  const { key, text } = refusalMessage(rules, refusal);
  const code = AVAILABILITY_REFUSALS.has(refusal.kind) ? CART_AVAILABILITY_CODE : key;
  return fail(code, refusal.kind === 'invalid' ? text : `${productName}: ${text}`);
}

/** "TAGLIO=sottile|X=y": the options sorted by parameter name (the line's identity beside the product). */
export function optionsKeyOf(options: Record<string, string>): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${options[k] ?? ''}`)
    .join('|');
}

/**
 * The chosen options against the product's selectOptions: every option chosen (spec section 2: confirm only
 * when every option has a value), each with one of its keys, nothing else.
 */
export function checkOptions(
  product: Pick<Product, 'selectOptions'>,
  params: Record<string, string> | undefined,
): Result<Record<string, string>> {
  const chosen = params ?? {};
  const byName = new Map(product.selectOptions.map((o) => [o.parameterName, o]));
  for (const [name, key] of Object.entries(chosen)) {
    const option = byName.get(name);
    if (!option || !option.options.some((o) => o.key === key)) return failWith(CART_TEXT.optionInvalid);
  }
  const out: Record<string, string> = {};
  for (const option of product.selectOptions) {
    const key = chosen[option.parameterName];
    if (key === undefined || key === '') return failWith(CART_TEXT.optionsRequired);
    out[option.parameterName] = key;
  }
  return ok(out);
}

/** Line infos a request may set: accept_alternatives, notes, preferred_substitute (checked apart). */
export type LineInfosInput = {
  accept_alternatives?: string | undefined;
  notes?: string | undefined;
  preferred_substitute?: string | undefined;
};

/** Line infos kept from a request: accept_alternatives "true" / "false" and notes, nothing else. */
export function lineInfos(infos: LineInfosInput | undefined) {
  const out: Record<string, string> = {};
  if (infos?.accept_alternatives !== undefined) out.accept_alternatives = infos.accept_alternatives;
  if (infos?.notes !== undefined) out.notes = infos.notes.trim();
  return out;
}

/** Sfuso: sold by weight or volume, the quantity is the line's weight. */
export const isLoose = (rules: SellingRules) => rules.sellingType === 'Sfuso';
