import {
  productListDataSchema,
  productSchema,
  warehousePromoSchema,
  type Product,
  type ProductListData,
} from '@spesa/shared/contracts/catalogue';
import { knownJsonOf } from '../../lib/memo-serializer';
import type { PricedFields } from './product.mapper';

/**
 * The JSON of a store's products and pages (decision 098) without encoding them again: a chain product's
 * JSON, encoded once by the contract's schema, is kept in pieces around the fields a store changes
 * (productAtStore); a store's product is those pieces with the store's values, a store's page the chain page's
 * JSON around its products'. The bytes are the zod serializer's (store-json.test.ts): the same keys in the
 * schema's order, numbers as JSON writes them, the promotion encoded by its own schema.
 */

/** The wire fields a store changes (product.mapper.ts, pricedFields): every one, or this does not compile. */
const PRICED_FIELDS: Record<keyof PricedFields, true> = {
  available: true,
  price: true,
  priceDisplay: true,
  priceStandardDisplay: true,
  priceUmDisplay: true,
  priceStandardUmDisplay: true,
  warehousePromo: true,
};
type PricedKey = keyof PricedFields;
const PRICED_KEYS = Object.keys(PRICED_FIELDS) as PricedKey[];
const PRICED: ReadonlySet<string> = new Set(PRICED_KEYS);

/** A chain product's JSON: fixed text, and the store's fields (`prefix`: `,"key":`) in the schema's order. */
interface ProductTemplate {
  parts: ReadonlyArray<string | { key: PricedKey; prefix: string }>;
  holes: ReadonlySet<string>;
}

const templates = new WeakMap<Product, ProductTemplate>();
const pageTemplates = new WeakMap<ProductListData, { head: string; tail: string } | null>();

function templateOf(chain: Product): ProductTemplate {
  const known = templates.get(chain);
  if (known) return known;
  const encoded = productSchema.encode(chain) as Record<string, unknown>;
  const parts: Array<string | { key: PricedKey; prefix: string }> = [];
  const holes = new Set<string>();
  let text = '{';
  let first = true;
  for (const [key, value] of Object.entries(encoded)) {
    if (value === undefined) continue;
    const prefix = `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (PRICED.has(key)) {
      parts.push(text, { key: key as PricedKey, prefix });
      holes.add(key);
      text = '';
    } else text += prefix + JSON.stringify(value);
  }
  parts.push(`${text}}`);
  const template = { parts, holes };
  templates.set(chain, template);
  return template;
}

/** Encodes chain products' JSON pieces ahead of a store's first look (the listings' warm-up). */
export function prepareStoreJson(products: readonly Product[]): void {
  for (const product of products) templateOf(product);
}

/** A store's value of one of the fields it changes, as JSON; null: not one the template can write. */
function pricedJson(key: PricedKey, value: unknown): string | null {
  if (key === 'warehousePromo') return JSON.stringify(warehousePromoSchema.encode(value as never));
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (key === 'available' && !Number.isInteger(value)) return null;
  return JSON.stringify(value);
}

/** The JSON of `atStore`, the chain's product `chain` with a store's availability, prices and promotion. */
export function storeProductJson(chain: Product, atStore: Product): string {
  const template = templateOf(chain);
  const whole = () => JSON.stringify(productSchema.encode(atStore));
  // a store never adds a key (decision 098); if it did, the whole product is encoded
  for (const key of PRICED_KEYS) if (atStore[key] !== undefined && !template.holes.has(key)) return whole();
  let out = '';
  for (const part of template.parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = atStore[part.key];
    if (value === undefined) continue;
    const json = pricedJson(part.key, value);
    if (json === null) return whole();
    out += part.prefix + json;
  }
  return out;
}

/** The JSON of a product of a page: known (a store's, withJson) or encoded. */
function productJson(product: Product): string {
  return knownJsonOf(product)?.() ?? JSON.stringify(productSchema.encode(product));
}

/**
 * The JSON of a store's page: `page` (the chain's page, or the store's own order) with `products`, the store's.
 * The page's other fields (total, facets) are encoded once per chain page.
 */
export function storePageJson(page: ProductListData, products: readonly Product[]): string {
  let template = pageTemplates.get(page);
  if (template === undefined) {
    const json = JSON.stringify(productListDataSchema.encode({ ...page, products: [] }));
    const empty = '{"products":[]';
    template = json.startsWith(empty) ? { head: '{"products":[', tail: json.slice(empty.length - 1) } : null;
    pageTemplates.set(page, template);
  }
  if (!template) return JSON.stringify(productListDataSchema.encode({ ...page, products: [...products] }));
  return `${template.head}${products.map(productJson).join(',')}${template.tail}`;
}
