import {
  productListDataSchema,
  productSchema,
  productsDataSchema,
  type Product,
  type ProductListData,
} from '@spesa/shared/contracts/catalogue';
import { ANONYMOUS_USER } from '@spesa/shared/contracts/envelope';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { answerSerializerCompiler } from '../../lib/answer-serializer';
import { memoSerializerCompiler, withJson } from '../../lib/memo-serializer';
import { apiResponse, okEnvelope } from '../../plugins/envelope';
import type { ProductRow } from './catalogue.repository';
import { CategoryIndex } from './category-index';
import { pricedRowOfProduct, productAtStore, toWireProduct, type StoreFacts } from './product.mapper';
import { storePageJson, storeProductJson } from './store-json';

/**
 * A store's product and page JSON (decision 098) are the bytes the contract's zod serializer writes for the
 * same objects: the chain product's encoded JSON with the store's availability, prices and promotion.
 */
const index = new CategoryIndex([]);

function row(over: Partial<ProductRow> = {}): ProductRow {
  return {
    productId: 7,
    codInt: 'C7',
    codVar: '',
    name: 'Zqovera "bio" 500 g',
    slug: 'zqovera-7',
    barcode: '8000000000007',
    brand: 'Zq',
    format: '500 g',
    vendorId: 3,
    vendorName: 'Zq S.p.A.',
    categoryId: 40,
    ivaPct: 4,
    sellingType: 'Pezzo',
    unitBase: 'kg',
    productInfos: { QTY_MULT: 1 },
    priceCents: 400,
    unitPriceCents: 800,
    netQuantity: 0.5,
    stock: 12,
    minAcq: 1,
    maxAcq: null,
    isNew: false,
    highlight: false,
    badgeLabel: null,
    badgeCssClass: null,
    ingredients: 'farina, <acqua>',
    allergens: null,
    storage: null,
    nutritionalValues: null,
    features: null,
    nutriScoreEstimate: null,
    sourceUrl: null,
    mediaIcon: 'pasta',
    imageHash: null,
    logisticPackagingItems: null,
    logisticPalletItems: null,
    selectOptions: [],
    active: true,
    promoId: null,
    promoTypeId: null,
    promoType: null,
    promoPriceCents: null,
    promoDiscountPerc: null,
    promoValidFrom: null,
    promoValidTo: null,
    promoHeader: null,
    promoBody: null,
    promoFooter: null,
    promoBubble: null,
    promoCssClass: null,
    promoSelectable: null,
    promoPriorPriceCents: null,
    promoAudience: null,
    promoSegmentId: null,
    ratingTotal: 3,
    ratingSum: 11,
    ...over,
  };
}

const promo = (over: Partial<ProductRow> = {}): Partial<ProductRow> => ({
  promoId: 91,
  promoTypeId: 1,
  promoType: 'Sconto',
  promoPriceCents: 350,
  promoDiscountPerc: 12.5,
  promoValidFrom: '2027-02-26',
  promoValidTo: '2027-03-10',
  promoHeader: 'Offerta',
  promoBody: '-0,50 €',
  promoFooter: 'fino al 10/03',
  promoBubble: '',
  promoCssClass: 'promo',
  promoSelectable: false,
  promoPriorPriceCents: 400,
  promoAudience: 'all',
  ...over,
});

function atStore(chainRow: ProductRow, facts: StoreFacts): { chain: Product; store: Product } {
  const chain = toWireProduct(chainRow, index);
  const priced = pricedRowOfProduct(chain);
  if (!priced) throw new Error('a mapped product has its row');
  return { chain, store: productAtStore(chain, priced, facts) };
}

const encoded = (product: Product) => JSON.stringify(productSchema.encode(product));

describe("a store's product JSON", () => {
  const cases: Array<[string, Partial<ProductRow>, StoreFacts]> = [
    [
      'a plain product, less stock',
      {},
      { stock: 3.5, priceCents: 400, unitPriceCents: 800, promoPriorPriceCents: null },
    ],
    ['none at the store', {}, { stock: 0, priceCents: 400, unitPriceCents: 800, promoPriorPriceCents: null }],
    [
      'a list price of its own',
      {},
      { stock: 9, priceCents: 433, unitPriceCents: 866, promoPriorPriceCents: null },
    ],
    [
      'a promotion over a list price',
      promo(),
      { stock: 9, priceCents: 460, unitPriceCents: 920, promoPriorPriceCents: 460 },
    ],
    [
      'a card price',
      promo({ promoAudience: 'card' }),
      { stock: 2, priceCents: 410, unitPriceCents: 820, promoPriorPriceCents: 400 },
    ],
    // the Omnibus price the chain lacks and the store's list has: a key inside the promotion
    [
      'an Omnibus price at the store only',
      promo({ promoPriorPriceCents: null }),
      { stock: 1, priceCents: 460, unitPriceCents: 920, promoPriorPriceCents: 455 },
    ],
    [
      'sold loose',
      { sellingType: 'Sfuso', unitPriceCents: null, netQuantity: null },
      { stock: 0.25, priceCents: 1290, unitPriceCents: null, promoPriorPriceCents: null },
    ],
  ];
  it.each(cases)('%s: the serializer’s bytes', (_name, over, facts) => {
    const { chain, store } = atStore(row(over), facts);
    expect(storeProductJson(chain, store)).toBe(encoded(store));
    // the chain's own product, through the same pieces
    expect(storeProductJson(chain, chain)).toBe(encoded(chain));
  });

  it('encodes the whole product when a store would add a key the chain lacks', () => {
    const { chain, store } = atStore(row({ unitPriceCents: null }), {
      stock: 4,
      priceCents: 400,
      unitPriceCents: null,
      promoPriorPriceCents: null,
    });
    const odd: Product = { ...store, priceUmDisplay: 9.99 };
    expect(storeProductJson(chain, odd)).toBe(encoded(odd));
  });
});

describe("a store's page JSON, in the envelope", () => {
  const facts = { stock: 5, priceCents: 433, unitPriceCents: 866, promoPriorPriceCents: 433 };
  const chainPage: ProductListData = {
    products: [toWireProduct(row(), index), toWireProduct(row({ productId: 8, ...promo() }), index)],
    page: { selPage: 1, totItems: 2, totPages: 1, itemsPerPage: 48 },
    facets: [{ name: 'Marca', parameterName: 'vendor', values: [{ id: '3', name: 'Zq', quantity: 2 }] }],
  };
  const products = chainPage.products.map((chain) => {
    const store = productAtStore(chain, pricedRowOfProduct(chain)!, facts);
    return withJson(store, () => storeProductJson(chain, store));
  });
  const page = { ...chainPage, products };

  it('is the serializer’s, page and envelope', () => {
    expect(storePageJson(chainPage, products)).toBe(JSON.stringify(productListDataSchema.encode(page)));
    const route = {
      schema: apiResponse(productsDataSchema),
      method: 'GET',
      url: '/products',
      httpStatus: '200',
    };
    const zod = serializerCompiler(route as never);
    const memo = memoSerializerCompiler(answerSerializerCompiler({ checked: false }))(route as never);
    const known = withJson({ ...page }, () => storePageJson(chainPage, products));
    expect(memo(okEnvelope(ANONYMOUS_USER, known))).toBe(zod(okEnvelope(ANONYMOUS_USER, page)));
    // a single product at a store: the product route's answer
    expect(memo(okEnvelope(ANONYMOUS_USER, products[1]!))).toBe(
      zod(okEnvelope(ANONYMOUS_USER, products[1]!)),
    );
  });
});
