import type {
  Category,
  CategoryBlock,
  Product,
  ProductListData,
  Proposal,
} from '@spesa/shared/contracts/catalogue';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.productId ?? 1;
  return {
    productId: id,
    codInt: `C${id}`,
    codVar: '1',
    name: `Prodotto ${id}`,
    shortDescr: 'Marca',
    description: 'g 500',
    slug: `prodotto-${id}`,
    itemUrl: `/product/prodotto-${id}`,
    barcode: '8001120836571',
    vendor: { vendorId: 1, name: 'Marca' },
    categoryId: 10101,
    breadCrumbs: [
      { name: 'Frutta e verdura', slug: 'frutta-e-verdura', categoryId: 10000 },
      { name: 'Frutta', slug: 'frutta', categoryId: 10100 },
    ],
    ivaCategory: { code: '4', descr: 'IVA 4%', ivaPct: '4' },
    unitMeasureBaseSelling: { um: 'kg', umDes: 'chilogrammo' },
    productInfos: { TIPOLOGIA: 'Pezzo' },
    mediaURL: '/media/icons/red-apple.svg?bg=fde8e8',
    mediaURLMedium: '/media/icons/red-apple.svg?bg=fde8e8',
    media: [],
    available: 10,
    price: 1.99,
    priceDisplay: 1.99,
    priceUmDisplay: 3.98,
    priceUnitDisplay: 'pz',
    weightUnitDisplay: 'kg',
    deliveryWarehouse: { warehouseId: 1, name: 'Catalogo Globale' },
    minAcq: 1,
    isNew: false,
    highlight: false,
    selectOptions: [],
    productClasses: [],
    metaData: {},
    ...overrides,
  };
}

export function productPage(
  products: Product[],
  page = 1,
  totItems = products.length,
  itemsPerPage = 24,
): ProductListData {
  return {
    products,
    page: {
      selPage: page,
      totPages: Math.max(1, Math.ceil(totItems / itemsPerPage)),
      totItems,
      itemsPerPage,
    },
    facets: [
      {
        name: 'Marca',
        parameterName: 'vendor',
        values: [
          { id: '1', name: 'Melinda', quantity: 12 },
          { id: '2', name: 'Marlene', quantity: 5 },
        ],
      },
    ],
  };
}

export const categoryTree: Category[] = [
  {
    categoryId: 10000,
    parentId: null,
    slug: 'frutta-e-verdura',
    name: 'Frutta e verdura',
    level: 1,
    metaData: { category_info: { EMOJI: '🍎' } },
    categories: [
      {
        categoryId: 10100,
        parentId: 10000,
        slug: 'frutta',
        name: 'Frutta',
        level: 2,
        categories: [
          { categoryId: 10101, parentId: 10100, slug: 'mele-e-pere', name: 'Mele e pere', level: 3 },
        ],
      },
    ],
  },
  { categoryId: 20000, parentId: null, slug: 'macelleria', name: 'Macelleria', level: 1 },
];

export function makeProposal(id: number, overrides: Partial<Proposal> = {}): Proposal {
  return {
    id,
    name: `Proposta ${id}`,
    slug: null,
    proposalUrl: '/category/frutta',
    img: `/media/banners/banner-${id}.svg`,
    imgAlt: `Offerta ${id}`,
    imgDescription: null,
    descr: null,
    content: null,
    categoryProposalType: { name: 'image' },
    metaData: {},
    ...overrides,
  };
}

function block(
  id: number,
  codInt: CategoryBlock['templateBlock']['codInt'],
  position: string,
  priority: number,
  rest: Partial<CategoryBlock> = {},
): CategoryBlock {
  return {
    categoryBlockId: id,
    position,
    priority,
    templateBlock: { codInt, name: codInt },
    templateBlockType: { modeName: 'default' },
    proposals: [],
    metaData: {},
    ...rest,
  };
}

export const homeCategory: Category = {
  categoryId: 1,
  parentId: null,
  slug: 'home',
  name: 'Home',
  level: 0,
  metaData: {
    template_model: {
      GRID_CONFIG: {
        rows: [
          { cols: [{ position: 'header', xs: 12 }] },
          {
            container: true,
            cols: [
              { position: 'main', xs: 12, md: 8 },
              { position: 'side', xs: 12, md: 4 },
            ],
          },
        ],
      },
    },
  },
  categoryBlocks: [
    block(1, 'BannerSliderHeader', 'header', 1, {
      proposals: [
        makeProposal(11, { imgAlt: 'Frutta di stagione' }),
        makeProposal(12, { imgAlt: 'Offerte della settimana' }),
      ],
    }),
    block(2, 'ProductSlider', 'main', 2, {
      metaData: { TITLE: 'Frutta fresca', CATEGORY: '10100', PRODUCT_LIMIT: '2' },
    }),
    block(3, 'CrmProductSlider', 'main', 3, { metaData: { TITLE: 'I più venduti', ALGORITHM: '26' } }),
    block(4, 'StaticText', 'side', 1, {
      metaData: { TITLE: 'Chi siamo' },
      proposals: [
        makeProposal(41, {
          content:
            '<p>Supermercati in <strong>Lombardia</strong> <a href="https://example.com">dal 1960</a></p><script>alert(1)</script>',
        }),
      ],
    }),
    block(5, 'BannerGrid', 'main', 1, {
      metaData: { TITLE: 'Reparti in evidenza' },
      proposals: [
        makeProposal(51, {
          categoryProposalType: { name: 'card' },
          metaData: { TITLE: 'Macelleria', BTN_TEXT: 'Scopri' },
          proposalUrl: '/shop/category/macelleria',
        }),
        makeProposal(52, {
          categoryProposalType: { name: 'button' },
          metaData: { BTN_TEXT: 'Volantino' },
          proposalUrl: '/p/volantino',
        }),
      ],
    }),
    block(6, 'LeafletSliderWrapper', 'side', 2, { metaData: { TITLE: 'Volantini' } }),
    block(7, 'Tutorial', 'side', 3, { proposals: [makeProposal(71)] }),
    block(8, 'ProductTab', 'main', 4, {
      metaData: { TITLE: 'Scelti per te' },
      proposals: [
        makeProposal(81, { name: 'Mele', slug: 'mele-e-pere' }),
        makeProposal(82, { name: 'Tutta la frutta', metaData: { CATEGORY: '10100' } }),
      ],
    }),
  ],
};

export const fruttaCategory: Category = {
  categoryId: 10100,
  parentId: 10000,
  slug: 'frutta',
  name: 'Frutta',
  level: 2,
  categories: [
    {
      categoryId: 10101,
      parentId: 10100,
      slug: 'mele-e-pere',
      name: 'Mele e pere',
      level: 3,
      productCount: 12,
    },
  ],
};
