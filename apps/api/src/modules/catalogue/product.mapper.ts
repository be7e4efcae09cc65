import { productSchema, type Product, type WarehousePromo } from '@spesa/shared/contracts/catalogue';
import { DEFAULT_COLORS, DEPARTMENT_COLORS } from '../media/department-colors';
import { productImageUrl, type ImageSize } from './product-images';
import type { ProductRow } from './catalogue.repository';
import type { CategoryIndex } from './category-index';
import { ingredientsHtml, NON_FOOD_DEPARTMENTS, nutritionTableHtml } from './food-info';

/**
 * The ONE place that turns a product row into the wire product (decision 002: integer cents inside,
 * euro amounts with two decimals on the wire). Names are the platform's (wire notes).
 */

/** Store of the global catalogue (spec section 9: default store name 'Catalogo Globale'). */
export const DEFAULT_WAREHOUSE = { warehouseId: 1, name: 'Catalogo Globale' } as const;
/** productClassGroupId of promotions (spec section 3: group 6 = promo). */
export const PROMO_CLASS_GROUP_ID = 6;
/** `available` of a loose (Sfuso) product in stock: it is sold by weight, the count is not meaningful. */
const SFUSO_AVAILABLE = 1000;

export const euro = (cents: number): number => Math.round(cents) / 100;

const trimNumber = (n: number): string => String(Math.round(n * 100) / 100);

/** `/media/icons/<icon>.svg?bg=<hex>`: the illustration on the light tint of the product's department. */
export function productMediaUrl(icon: string, departmentSlug: string | undefined): string {
  const tint = (departmentSlug ? DEPARTMENT_COLORS[departmentSlug] : undefined) ?? DEFAULT_COLORS;
  return `/media/icons/${encodeURIComponent(icon)}.svg?bg=${tint.light.replace('#', '')}`;
}

/** productInfos travel as strings only (wire notes); other JSON values are stringified, objects dropped. */
export function stringInfos(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
  }
  return out;
}

/**
 * The price per kg / l (or per piece) of the price paid, cents. The list unit price is kept per product:
 * the list price over the net content, or the price itself for a product priced per kg. The price paid is
 * divided by the same net content when that is what the list unit price is; otherwise (priced per kg) the
 * unit price moves in the price's proportion.
 */
export function unitPriceOf(
  list: { unitCents: number; cents: number; netQuantity: number | null },
  paidCents: number | null,
): number {
  if (paidCents === null || list.cents <= 0 || paidCents === list.cents) return list.unitCents;
  const net = list.netQuantity;
  if (net !== null && net > 0 && Math.round(list.cents / net) === list.unitCents)
    return Math.round(paidCents / net);
  return Math.round((list.unitCents * paidCents) / list.cents);
}

/** The columns of a row that the wire's prices, promotion and availability are made of. */
export type PricedRow = Pick<
  ProductRow,
  | 'sellingType'
  | 'stock'
  | 'priceCents'
  | 'unitPriceCents'
  | 'netQuantity'
  | 'promoId'
  | 'promoTypeId'
  | 'promoType'
  | 'promoPriceCents'
  | 'promoDiscountPerc'
  | 'promoValidFrom'
  | 'promoValidTo'
  | 'promoHeader'
  | 'promoBody'
  | 'promoFooter'
  | 'promoBubble'
  | 'promoCssClass'
  | 'promoSelectable'
  | 'promoPriorPriceCents'
  | 'promoAudience'
>;

/** What of a row a store changes (decision 095): its stock, its list price and the unit price, the Omnibus price. */
export type StoreFacts = Pick<ProductRow, 'stock' | 'priceCents' | 'unitPriceCents' | 'promoPriorPriceCents'>;

function warehousePromo(row: PricedRow): WarehousePromo | undefined {
  if (row.promoId === null || row.promoPriceCents === null) return undefined;
  return {
    warehousePromoId: row.promoId,
    warehousePromoTypeId: row.promoTypeId ?? 0,
    promoType: row.promoType ?? '',
    discount: euro(Math.max(0, row.priceCents - row.promoPriceCents)),
    discountPerc: row.promoDiscountPerc ?? 0,
    validityDate: row.promoValidFrom ?? '',
    expireDate: row.promoValidTo ?? '',
    selectable: row.promoSelectable ?? false,
    ...(row.promoPriorPriceCents !== null ? { priorPrice: euro(row.promoPriorPriceCents) } : {}),
    ...(row.promoAudience === 'card' ? { audience: 'card' as const } : {}),
    view: {
      cssClass: row.promoCssClass ?? '',
      header: row.promoHeader ?? '',
      body: row.promoBody ?? '',
      footer: row.promoFooter ?? '',
      bubble: row.promoBubble ?? '',
      permanent: false,
    },
  };
}

const selectOptionsSchema = productSchema.shape.selectOptions;

/** select_options as the wire's selectOptions; anything malformed counts as no options. */
export function selectOptionsOf(raw: unknown): Product['selectOptions'] {
  const parsed = selectOptionsSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

function definedEntries<T extends Record<string, string | null>>(o: T): { [K in keyof T]?: string } {
  const out: { [K in keyof T]?: string } = {};
  for (const key of Object.keys(o) as (keyof T)[]) {
    const value = o[key];
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** The wire's fields a store changes, the key order of toWireProduct's; absent keys are absent there too. */
export type PricedFields = Pick<
  Product,
  | 'available'
  | 'price'
  | 'priceDisplay'
  | 'warehousePromo'
  | 'priceStandardDisplay'
  | 'priceUmDisplay'
  | 'priceStandardUmDisplay'
>;

/** Availability, prices and promotion of a row (toWireProduct's, and a store's over the chain's product). */
function pricedFields(row: PricedRow): PricedFields {
  const promo = warehousePromo(row);
  const isSfuso = row.sellingType === 'Sfuso';
  const out: PricedFields = {
    available: row.stock > 0 ? (isSfuso ? SFUSO_AVAILABLE : Math.floor(row.stock)) : 0,
    price: euro(row.priceCents),
    priceDisplay: euro(promo && row.promoPriceCents !== null ? row.promoPriceCents : row.priceCents),
  };
  if (promo) {
    out.warehousePromo = promo;
    out.priceStandardDisplay = euro(row.priceCents);
  }
  if (row.unitPriceCents !== null) {
    // the price per kg / l is that of the price the customer pays (Codice del Consumo art. 13-17); the
    // list one goes beside a reduction as its former price. A card price is an invitation (decision 032):
    // the price shown, and its unit price, stay the list ones.
    const paid = promo && promo.audience !== 'card' ? row.promoPriceCents : null;
    out.priceUmDisplay = euro(
      unitPriceOf(
        { unitCents: row.unitPriceCents, cents: row.priceCents, netQuantity: row.netQuantity },
        paid,
      ),
    );
    if (paid !== null) out.priceStandardUmDisplay = euro(row.unitPriceCents);
  }
  return out;
}

/**
 * The priced columns of the row each wire product was made of (toWireProduct), for a store's overlay over the
 * chain's product (decision 098): cached products stay the objects mapped, so their row goes with them.
 */
const pricedRows = new WeakMap<Product, PricedRow>();

/** The priced columns of the row `product` was made of; undefined for an object toWireProduct did not make. */
export function pricedRowOfProduct(product: Product): PricedRow | undefined {
  return pricedRows.get(product);
}

function pricedRowOf(row: ProductRow): PricedRow {
  return {
    sellingType: row.sellingType,
    stock: row.stock,
    priceCents: row.priceCents,
    unitPriceCents: row.unitPriceCents,
    netQuantity: row.netQuantity,
    promoId: row.promoId,
    promoTypeId: row.promoTypeId,
    promoType: row.promoType,
    promoPriceCents: row.promoPriceCents,
    promoDiscountPerc: row.promoDiscountPerc,
    promoValidFrom: row.promoValidFrom,
    promoValidTo: row.promoValidTo,
    promoHeader: row.promoHeader,
    promoBody: row.promoBody,
    promoFooter: row.promoFooter,
    promoBubble: row.promoBubble,
    promoCssClass: row.promoCssClass,
    promoSelectable: row.promoSelectable,
    promoPriorPriceCents: row.promoPriorPriceCents,
    promoAudience: row.promoAudience,
  };
}

/**
 * The chain's product as a store shows it (decision 098): the same object but for its availability, prices
 * and promotion, made of the store's facts by the same code as toWireProduct, in the same key order (a
 * store's facts never add or remove a key: a promotion and a unit price are the product's, not the store's).
 */
export function productAtStore(product: Product, chain: PricedRow, store: StoreFacts): Product {
  const row = { ...chain, ...store };
  const atStore: Product = { ...product, ...pricedFields(row) };
  pricedRows.set(atStore, row);
  return atStore;
}

export function toWireProduct(row: ProductRow, categories: CategoryIndex): Product {
  const chain = categories.chain(row.categoryId);
  const department = chain[0];
  const media = productMediaUrl(row.mediaIcon, department?.slug);
  // an uploaded photo wins over the illustration
  const photo = (size: ImageSize) =>
    row.imageHash ? productImageUrl(row.productId, row.imageHash, size) : media;
  const priced = pricedFields(row);
  const promo = priced.warehousePromo;
  const isSfuso = row.sellingType === 'Sfuso';
  const unitBase = row.unitBase === 'kg' || row.unitBase === 'l' ? row.unitBase : 'pz';
  // the food information (Regulation EU 1169/2011): allergens emphasised, the nutrition as a table
  const productDescription = definedEntries({
    ingredients: row.ingredients ? ingredientsHtml(row.ingredients) : null,
    allergens: row.allergens,
    storage: row.storage,
    nutritional_values: row.nutritionalValues
      ? (nutritionTableHtml(row.nutritionalValues) ?? row.nutritionalValues)
      : null,
    features: row.features,
  });
  const productExtra = definedEntries({
    nutriScoreEstimate: row.nutriScoreEstimate,
    sourceUrl: row.sourceUrl,
    // household goods and pet food carry no food information to ask for
    nonFood: chain[0] && NON_FOOD_DEPARTMENTS.has(chain[0].slug) ? 'true' : null,
  });

  const product: Product = {
    productId: row.productId,
    codInt: row.codInt,
    code: row.codInt,
    codVar: row.codVar,
    name: row.name,
    shortDescr: row.brand,
    description: row.format,
    slug: row.slug,
    itemUrl: `/product/${row.slug}`,
    barcode: row.barcode,
    vendor: { vendorId: row.vendorId, name: row.vendorName },
    categoryId: row.categoryId,
    breadCrumbs: chain.map((c) => ({ name: c.name, slug: c.slug, categoryId: c.categoryId })),
    ivaCategory: {
      code: trimNumber(row.ivaPct),
      descr: `IVA ${trimNumber(row.ivaPct).replace('.', ',')}%`,
      ivaPct: trimNumber(row.ivaPct),
    },
    unitMeasureBaseSelling: isSfuso ? { um: 'KG', umDes: 'kg' } : { um: 'PZ', umDes: 'pz' },
    // PACKAGE_DESCR: the package as the label says it ("confezione 600 g"), which clients read
    productInfos: { PACKAGE_DESCR: row.format, ...stringInfos(row.productInfos) },
    mediaURL: photo('large'),
    mediaURLMedium: photo('medium'),
    media: [{ small: photo('small'), medium: photo('medium'), large: photo('large') }],
    available: priced.available,
    price: priced.price,
    priceDisplay: priced.priceDisplay,
    priceUnitDisplay: isSfuso ? unitBase : 'pz',
    weightUnitDisplay: unitBase,
    deliveryWarehouse: { ...DEFAULT_WAREHOUSE },
    minAcq: row.minAcq,
    isNew: row.isNew,
    ...(row.ratingTotal && row.ratingSum !== null
      ? {
          ratingSummary: {
            avg: Math.round((row.ratingSum / row.ratingTotal) * 10) / 10,
            total: row.ratingTotal,
          },
        }
      : {}),
    highlight: row.highlight,
    selectOptions: selectOptionsOf(row.selectOptions),
    productClasses: promo
      ? [{ productClassId: promo.warehousePromoTypeId, productClassGroupId: PROMO_CLASS_GROUP_ID }]
      : [],
    metaData: {
      ...(Object.keys(productDescription).length > 0 ? { product_description: productDescription } : {}),
      ...(Object.keys(productExtra).length > 0 ? { product_extra: productExtra } : {}),
    },
  };
  if (priced.warehousePromo) product.warehousePromo = priced.warehousePromo;
  if (priced.priceStandardDisplay !== undefined) product.priceStandardDisplay = priced.priceStandardDisplay;
  if (priced.priceUmDisplay !== undefined) product.priceUmDisplay = priced.priceUmDisplay;
  if (priced.priceStandardUmDisplay !== undefined)
    product.priceStandardUmDisplay = priced.priceStandardUmDisplay;
  if (row.maxAcq !== null) product.maxAcq = row.maxAcq;
  if (row.badgeLabel) product.badge = { label: row.badgeLabel, cssClass: row.badgeCssClass ?? '' };
  if (row.logisticPackagingItems !== null) product.logisticPackagingItems = row.logisticPackagingItems;
  if (row.logisticPalletItems !== null) product.logisticPalletItems = row.logisticPalletItems;
  pricedRows.set(product, pricedRowOf(row));
  return product;
}
