/**
 * Selling rules of one product: TIPOLOGIA and the productInfos that go with it (all values strings,
 * unit codes upper case), the base unit and the net content used for the per-unit price.
 *
 * Conventions (shared with the cart and the price display):
 * - Pezzo: quantity counts pieces, price is per piece (a "3 x 100 g" pack sold as one piece is one piece).
 * - Confezione with MULTI_PACK N ("6 x 1,5 l"): quantity counts single items and moves by QTY_MULT = N,
 *   price and net_quantity are per single item; a pack is N items.
 * - Confezione without pieces ("4 rotoli", "confezione 8 pezzi"): sold as one pack, QTY_MULT 1.
 * - Sfuso: quantity is a weight; price_cents is per kg, net_quantity 1 (kg). WEIGHT_SELLING is the first
 *   weight offered (grams), STEP_SELLING the step; WEIGHT_SELLING_SINGLE_UNIT marks items picked per piece
 *   (a melon of ~1500 g, a tray of ~400 g) and priced per kg.
 */
import type { ParsedFormat, BaseUnit } from './formats';
import { gramsOf } from './formats';
import type { Rng } from './random';
import type { SellingType } from './taxonomy';

export interface SellingRules {
  sellingType: SellingType;
  unitBase: BaseUnit;
  /** content of the selling unit in the base unit (kg, l, pieces) */
  netQuantity: number | null;
  /** pieces sold together (MULTI_PACK), 1 if none */
  pieces: number;
  /** true when the price is per kg (Sfuso) */
  pricedPerKg: boolean;
  productInfos: Record<string, string>;
}

/** Loose produce that is picked per piece but priced per kg. */
const PER_PIECE_LOOSE =
  /melon|anguria|ananas|cocco|zucc|cavol|verza|cespo|lattuga|pollo intero|cappone|faraona|broccol|finocch|radicchio|pagnotta|forma/i;

export function decideSelling(
  leafSellingType: SellingType,
  leafUnit: BaseUnit,
  format: ParsedFormat,
  name: string,
  rng: Rng,
): SellingRules {
  const infos: Record<string, string> = {};
  const common = (r: SellingRules): SellingRules => {
    r.productInfos.MINACQ = '1';
    if (rng.chance(0.92)) r.productInfos.RATE_ENABLED = 'true';
    return r;
  };

  if (
    format.perKg ||
    (leafSellingType === 'Sfuso' && format.approximate && format.unit === 'kg' && format.total)
  ) {
    infos.TIPOLOGIA = 'Sfuso';
    infos.WEIGHT_UNIT_SELLING = 'GR';
    infos.WEIGHT_UNIT_BASE = 'KG';
    if (format.approximate && format.total) {
      // a tray or a piece of about N grams, weighed at picking
      const g = gramsOf(format.total);
      infos.WEIGHT_SELLING_SINGLE_UNIT = g;
      infos.WEIGHT_SELLING = g;
      infos.STEP_SELLING = g;
    } else if (PER_PIECE_LOOSE.test(name)) {
      const g = String(rng.pick([800, 1000, 1200, 1500, 2000]));
      infos.WEIGHT_SELLING_SINGLE_UNIT = g;
      infos.WEIGHT_SELLING = g;
      infos.STEP_SELLING = g;
    } else {
      infos.WEIGHT_SELLING = rng.pick(['500', '1000', '1000', '300']);
      infos.STEP_SELLING = rng.pick(['100', '250', '100', '500']);
      if (Number(infos.STEP_SELLING) > Number(infos.WEIGHT_SELLING)) infos.STEP_SELLING = '100';
    }
    return common({
      sellingType: 'Sfuso',
      unitBase: 'kg',
      netQuantity: 1,
      pieces: 1,
      pricedPerKg: true,
      productInfos: infos,
    });
  }

  const weightUnit: BaseUnit = format.unit ?? (leafUnit === 'pz' ? 'pz' : 'pz');
  if (format.pieces > 1 && (leafSellingType === 'Confezione' || rng.chance(0.35))) {
    const n = String(format.pieces);
    infos.TIPOLOGIA = 'Confezione';
    infos.QTY_MULT = n;
    infos.MULTI_PACK = n;
    infos.UNIT_SELLING = 'PZ';
    if (rng.chance(0.4)) infos.QTY_LOCKED = 'true';
    const perPiece = format.count !== null ? format.count / format.pieces : format.perPiece;
    return common({
      sellingType: 'Confezione',
      unitBase: weightUnit,
      netQuantity: perPiece,
      pieces: format.pieces,
      pricedPerKg: false,
      productInfos: infos,
    });
  }

  const net = format.unit === 'pz' ? format.count : format.total;
  if (leafSellingType === 'Confezione' && (format.count !== null || format.pieces > 1)) {
    infos.TIPOLOGIA = 'Confezione';
    infos.QTY_MULT = '1';
    infos.UNIT_SELLING = 'PZ';
    return common({
      sellingType: 'Confezione',
      unitBase: weightUnit,
      netQuantity: net,
      pieces: 1,
      pricedPerKg: false,
      productInfos: infos,
    });
  }

  infos.TIPOLOGIA = 'Pezzo';
  infos.UNIT_SELLING = 'PZ';
  infos.QTY_MULT = rng.chance(0.04) ? '2' : '1';
  return common({
    sellingType: 'Pezzo',
    unitBase: weightUnit,
    netQuantity: net,
    pieces: 1,
    pricedPerKg: false,
    productInfos: infos,
  });
}
