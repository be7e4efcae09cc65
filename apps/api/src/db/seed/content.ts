/**
 * Content of the home page and of the department pages: category_blocks + proposals with the flat
 * metaData keys of the spec, and the GRID_CONFIG of each page (wire contract gridConfigSchema).
 * Flags are booleans, limits numbers, ALGORITHM and CATEGORY strings (ids / slugs).
 */
import type { GridConfig } from '@spesa/shared/contracts/catalogue';
import type { categoryBlocks, proposals } from '../schema';
import { DEFAULT_COLORS, DEPARTMENT_COLORS } from '../../modules/media/department-colors';
import {
  HEADER_BANNERS,
  HEADER_BANNERS_MOBILE,
  SERVICE_BANNERS,
  SLIDER_BANNERS,
  STATIC_BANNER,
  TUTORIAL_BANNERS,
  departmentBanner,
  type BannerDef,
} from './banners';
import { HOME_CATEGORY_ID } from './categories';
import { stripIconPrefix, type RawDepartment, type Taxonomy } from './taxonomy';

export type BlockRow = typeof categoryBlocks.$inferInsert & { categoryBlockId: number };
export type ProposalRow = typeof proposals.$inferInsert & { proposalId: number };
type Meta = Record<string, string | number | boolean>;

export const BANNER_BASE = '/media/banners/';
export const ICON_BASE = '/media/icons/';
/** A demo video link (YouTube watch form) that the client opens in a dialog. Placeholder id. */
export const DEMO_VIDEO_URL = 'https://www.youtube.com/watch?v=SpesaDemo01';
/** An external https link (opens in a new window): Open Food Facts, the source of the product data. */
export const EXTERNAL_URL = 'https://world.openfoodfacts.org/';

const img = (b: BannerDef) => `${BANNER_BASE}${b.file}`;
export const iconUrl = (icon: string, bg: string) => `${ICON_BASE}${icon}.svg?bg=${bg.replace('#', '')}`;

export interface ContentDraft {
  blocks: BlockRow[];
  proposals: ProposalRow[];
  /** GRID_CONFIG per category id */
  grids: Map<number, GridConfig>;
}

class ContentBuilder {
  blocks: BlockRow[] = [];
  proposals: ProposalRow[] = [];
  grids = new Map<number, GridConfig>();

  block(
    categoryId: number,
    position: string,
    blockType: string,
    metaData: Meta,
    modeName = 'default',
  ): number {
    const categoryBlockId = this.blocks.length + 1;
    const priority =
      this.blocks.filter((b) => b.categoryId === categoryId && b.position === position).length + 1;
    this.blocks.push({ categoryBlockId, categoryId, position, priority, blockType, modeName, metaData });
    return categoryBlockId;
  }

  proposal(
    categoryBlockId: number,
    p: Omit<ProposalRow, 'proposalId' | 'categoryBlockId' | 'priority'> & { metaData: Meta },
  ): void {
    const proposalId = this.proposals.length + 1;
    const priority = this.proposals.filter((x) => x.categoryBlockId === categoryBlockId).length + 1;
    this.proposals.push({ proposalId, categoryBlockId, priority, ...p });
  }

  banner(
    categoryBlockId: number,
    type: string,
    b: BannerDef,
    url: string | null,
    extra: { mobile?: BannerDef; btnText?: string; descr?: string; slug?: string } = {},
  ): void {
    const meta: Meta = {
      IMAGE_DESKTOP: img(b),
      IMAGE_MOBILE: img(extra.mobile ?? b),
      TITLE: b.title,
      COLOR: '#ffffff',
      BG_COLOR: b.from,
      SHOW_BTN: Boolean(extra.btnText),
    };
    if (extra.btnText) {
      meta.BTN_TEXT = extra.btnText;
      meta.BTN_COLOR = '#ffffff';
      meta.BTN_OUTLINED = true;
    }
    this.proposal(categoryBlockId, {
      name: b.title,
      slug: extra.slug ?? null,
      proposalUrl: url,
      img: img(b),
      imgAlt: b.alt,
      imgDescription: b.subtitle ?? null,
      descr: extra.descr ?? b.subtitle ?? null,
      content: null,
      proposalType: type,
      metaData: meta,
    });
  }
}

const SERVICE_TEXT =
  '<p><strong>Spesa</strong> è il supermercato online della Lombardia: scegli i prodotti, prenota una fascia oraria e decidi come riceverli.</p>' +
  '<ul><li><strong>Drive</strong>: ordini online e ritiri in negozio, senza scendere dall’auto.</li>' +
  '<li><strong>Consegna a domicilio</strong>: la spesa a casa tua, anche in giornata.</li>' +
  '<li><strong>Locker</strong>: ritiri quando vuoi dagli armadietti automatici.</li>' +
  '<li><strong>Servizio anziani</strong>: consegna agevolata a un indirizzo scelto.</li></ul>' +
  '<p>Serviamo le province di Como (CO), Sondrio (SO), Lecco (LC), Bergamo (BG), Monza e Brianza (MB), Milano (MI) e Brescia (BS).</p>';

function buildHome(c: ContentBuilder, taxonomy: Taxonomy): void {
  const home = HOME_CATEGORY_ID;
  c.grids.set(home, {
    rows: [
      { container: false, cols: [{ position: 'position1', xs: 12 }] },
      {
        container: true,
        cols: [
          { position: 'position2', xs: 12, md: 8 },
          { position: 'position3', xs: 12, md: 4 },
        ],
      },
      { container: true, cols: [{ position: 'position4', xs: 12 }] },
      { container: true, cols: [{ position: 'position5', xs: 12 }] },
      { container: true, cols: [{ position: 'position6', xs: 12 }] },
      { container: true, cols: [{ position: 'position7', xs: 12 }] },
      {
        container: true,
        cols: [
          { position: 'position8', xs: 12, md: 6 },
          { position: 'position9', xs: 12, md: 6 },
        ],
      },
      { container: true, cols: [{ position: 'position10', xs: 12 }] },
      { container: true, cols: [{ position: 'position11', xs: 12 }] },
      { container: false, cols: [{ position: 'position12', xs: 12 }] },
    ],
  });

  // 1. header slider (autoplay off for header sliders, spec section 9)
  const header = c.block(home, 'position1', 'BannerSliderHeader', {
    SHOW_BULLETS: true,
    SHOW_ARROWS: true,
    BACKGROUND_COLOR: '#14532d',
  });
  c.banner(header, 'header card', HEADER_BANNERS.spesaOnline, '/category/service-selector', {
    mobile: HEADER_BANNERS_MOBILE.spesaOnline,
    btnText: 'Scegli il servizio',
  });
  c.banner(header, 'header card', HEADER_BANNERS.frutta, '/category/frutta-e-verdura', {
    mobile: HEADER_BANNERS_MOBILE.frutta,
    btnText: 'Scopri il reparto',
  });
  c.banner(header, 'image', HEADER_BANNERS.formaggi, '/category/formaggi-tipici-lombardi', {
    mobile: HEADER_BANNERS_MOBILE.formaggi,
  });
  c.banner(header, 'header card', HEADER_BANNERS.latticini, '/shop/category/latticini', {
    mobile: HEADER_BANNERS_MOBILE.latticini,
    btnText: 'Vai ai latticini',
  });

  // 2. promotions (CRM algorithm 25) with a side card
  c.block(home, 'position2', 'CrmProductSlider', {
    TITLE: 'Le offerte della settimana',
    DESCRIPTION: 'Sconti e prezzi tagliati validi fino a esaurimento scorte',
    ALGORITHM: '25',
    PROMO: true,
    PRODUCT_LIMIT: 12,
    PRODUCT_RANDOM: true,
    SHOW_ARROWS: true,
    SHOW_BULLETS: false,
    SHOW_CARD: true,
    CARD_TEXT: 'Risparmia sulla spesa di tutti i giorni',
    CARD_IMAGE: img(SLIDER_BANNERS.offerte),
    BUTTON_TEXT: 'Vedi tutte le offerte',
    CATEGORY: 'catalogo',
  });

  // 3. services list
  const services = c.block(home, 'position3', 'BannerList', { TITLE: 'I nostri servizi', MODE: 'vertical' });
  c.banner(services, 'horizontal card', SERVICE_BANNERS.drive, '/category/service-selector', {
    descr: 'Ritiro in negozio in pochi minuti',
  });
  c.banner(services, 'horizontal card', SERVICE_BANNERS.consegna, '/category/service-selector', {
    descr: 'Consegna nella fascia oraria che scegli',
  });
  c.banner(services, 'horizontal card', SERVICE_BANNERS.locker, '/category/service-selector');
  c.banner(services, 'horizontal card', SERVICE_BANNERS.anziani, '/category/service-selector');
  c.banner(services, 'horizontal card', SERVICE_BANNERS.opendata, EXTERNAL_URL, {
    descr:
      'Contiene dati da Open Food Facts (https://openfoodfacts.org), disponibili con licenza Open Database License (ODbL) 1.0 — estratto del 14/06/2019 tramite Lifyzer-Database.',
  });
  c.proposal(services, {
    name: 'Scopri tutti i servizi',
    slug: null,
    proposalUrl: '/category/service-selector',
    img: null,
    imgAlt: 'Scopri tutti i servizi',
    imgDescription: null,
    descr: null,
    content: null,
    proposalType: 'button',
    metaData: {
      TITLE: 'Scopri tutti i servizi',
      BTN_TEXT: 'Scopri tutti i servizi',
      BTN_COLOR: '#14532d',
      BTN_OUTLINED: false,
      SHOW_BTN: true,
    },
  });

  // 4. departments grid
  const grid = c.block(home, 'position4', 'BannerGrid', { TITLE: 'I nostri reparti', SHOW_CARD: false });
  for (const d of taxonomy.departments) {
    const colors = DEPARTMENT_COLORS[d.slug] ?? DEFAULT_COLORS;
    const icon = stripIconPrefix(d.icon) ?? 'shopping-cart';
    c.proposal(grid, {
      name: d.name,
      slug: d.slug,
      proposalUrl: `/category/${d.slug}`,
      img: iconUrl(icon, colors.light),
      imgAlt: `Reparto ${d.name}`,
      imgDescription: null,
      descr: null,
      content: null,
      proposalType: 'card',
      metaData: {
        IMAGE_DESKTOP: iconUrl(icon, colors.light),
        IMAGE_MOBILE: iconUrl(icon, colors.light),
        TITLE: d.name,
        COLOR: '#1f2937',
        BG_COLOR: colors.light,
        SHOW_BTN: false,
      },
    });
  }

  // 5. global top sellers (CRM algorithm 26)
  c.block(home, 'position5', 'CrmProductSlider', {
    TITLE: 'I più venduti',
    ALGORITHM: '26',
    PRODUCT_LIMIT: 12,
    SHOW_ARROWS: true,
    SHOW_BULLETS: false,
  });

  // 6. manual product slider on a Lombard category
  c.block(home, 'position6', 'ProductSlider', {
    TITLE: 'Formaggi tipici lombardi',
    DESCRIPTION: 'Taleggio, Bitto, Quartirolo e Valtellina Casera',
    CATEGORY: 'formaggi-tipici-lombardi',
    PRODUCT_LIMIT: 12,
    PRODUCT_RANDOM: false,
    SHOW_ARROWS: true,
    SHOW_BULLETS: false,
  });

  // 7. product tabs: one proposal per tab, each pointing to a category slug
  const tabs = c.block(home, 'position7', 'ProductTab', {
    TITLE: 'Scelti per te',
    TABS_COLOR: '#14532d',
    PRODUCT_LIMIT: 8,
  });
  for (const [slug, name] of [
    ['mozzarella', 'Mozzarelle'],
    ['pasta-di-semola', 'Pasta'],
    ['mele-e-pere', 'Mele e pere'],
  ] as const) {
    c.proposal(tabs, {
      name,
      slug,
      proposalUrl: `/category/${slug}`,
      img: null,
      imgAlt: name,
      imgDescription: null,
      descr: null,
      content: null,
      proposalType: 'button',
      metaData: {
        TITLE: name,
        CATEGORY: slug,
        BTN_TEXT: name,
        BTN_COLOR: '#14532d',
        BTN_OUTLINED: true,
        SHOW_BTN: true,
      },
    });
  }

  // 8. static image + static text
  const staticImage = c.block(home, 'position8', 'StaticImage', { TITLE: STATIC_BANNER.title });
  c.banner(staticImage, 'image', STATIC_BANNER, null);
  c.block(home, 'position9', 'StaticText', {
    TITLE: 'Come funziona Spesa',
    DESCRIPTION: SERVICE_TEXT,
    BACKGROUND_COLOR: '#f0fdf4',
    CSS_STYLE: 'padding: 16px;',
  });

  // 9. banner slider (autoplay on for banner sliders)
  const slider = c.block(home, 'position10', 'BannerSlider', {
    TITLE: 'Da non perdere',
    SHOW_BULLETS: true,
    SHOW_ARROWS: true,
    AUTOPLAY: true,
  });
  c.banner(slider, 'responsive card', SLIDER_BANNERS.offerte, '/category/catalogo?promo=true', {
    btnText: 'Vedi le offerte',
  });
  c.banner(slider, 'responsive card', SLIDER_BANNERS.bio, '/category/frutta-e-verdura', {
    btnText: 'Scopri',
  });
  c.banner(slider, 'image', SLIDER_BANNERS.lombardia, '/category/formaggi-tipici-lombardi');
  c.banner(slider, 'responsive card', SLIDER_BANNERS.video, DEMO_VIDEO_URL, { btnText: 'Guarda il video' });

  // 10. leaflets (none yet: renders nothing) and the first-run tutorial (app only)
  c.block(home, 'position11', 'LeafletSliderWrapper', { TITLE: 'Volantini' });
  const tutorial = c.block(
    home,
    'position12',
    'Tutorial',
    { TITLE: 'Benvenuto in Spesa', MODE: 'app' },
    'app',
  );
  c.banner(tutorial, 'image', TUTORIAL_BANNERS.servizio, null, {
    descr: 'Drive, consegna a casa o locker: scegli come ricevere la spesa.',
  });
  c.banner(tutorial, 'image', TUTORIAL_BANNERS.fascia, null, {
    descr: 'Prenota il giorno e la fascia oraria che preferisci.',
  });
  c.banner(tutorial, 'image', TUTORIAL_BANNERS.ritiro, null, {
    descr: 'Ritira in negozio o ricevi a casa. Paghi online o alla consegna.',
  });
}

function buildDepartment(c: ContentBuilder, d: RawDepartment): void {
  c.grids.set(d.id, {
    rows: [
      { container: false, cols: [{ position: 'position1', xs: 12 }] },
      { container: true, cols: [{ position: 'position2', xs: 12 }] },
      { container: true, cols: [{ position: 'position3', xs: 12 }] },
    ],
  });
  const colors = DEPARTMENT_COLORS[d.slug] ?? DEFAULT_COLORS;
  const icon = stripIconPrefix(d.icon) ?? 'shopping-cart';
  const banner = departmentBanner({ slug: d.slug, name: d.name, icon });
  const header = c.block(d.id, 'position1', 'BannerSliderHeader', {
    SHOW_BULLETS: false,
    SHOW_ARROWS: false,
    BACKGROUND_COLOR: colors.dark,
  });
  c.banner(header, 'header card', banner, `/category/${d.slug}`, { slug: d.slug });
  c.block(d.id, 'position2', 'CrmProductSlider', {
    TITLE: `I più venduti in ${d.name}`,
    ALGORITHM: '27',
    CATEGORY: String(d.id),
    PRODUCT_LIMIT: 12,
    SHOW_ARROWS: true,
    SHOW_BULLETS: false,
  });
  const grid = c.block(d.id, 'position3', 'BannerGrid', { TITLE: `Le categorie di ${d.name}` });
  for (const cat of d.children) {
    const catIcon = stripIconPrefix(cat.children[0]?.icon) ?? icon;
    c.proposal(grid, {
      name: cat.name,
      slug: cat.slug,
      proposalUrl: `/category/${cat.slug}`,
      img: iconUrl(catIcon, colors.light),
      imgAlt: cat.name,
      imgDescription: null,
      descr: null,
      content: null,
      proposalType: 'card',
      metaData: {
        IMAGE_DESKTOP: iconUrl(catIcon, colors.light),
        IMAGE_MOBILE: iconUrl(catIcon, colors.light),
        TITLE: cat.name,
        COLOR: '#1f2937',
        BG_COLOR: colors.light,
        SHOW_BTN: false,
      },
    });
  }
}

export function buildContent(taxonomy: Taxonomy): ContentDraft {
  const c = new ContentBuilder();
  buildHome(c, taxonomy);
  for (const d of taxonomy.departments) buildDepartment(c, d);
  return { blocks: c.blocks, proposals: c.proposals, grids: c.grids };
}
