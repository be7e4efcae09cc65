import { DEFAULT_COLORS, DEPARTMENT_COLORS } from '../../modules/media/department-colors';
/**
 * The banner artwork of the demo content: one definition per SVG file under apps/api/media/banners/,
 * shared by the generator script (make-banners.ts) and the content seed (file names, Italian alt texts).
 * Light text on dark backgrounds: every pair below has a contrast ratio above 4.5:1 (WCAG AA).
 */
export interface BannerDef {
  file: string;
  width: number;
  height: number;
  /** fluent-emoji-flat icon name */
  icon: string;
  title: string;
  subtitle?: string;
  /** gradient from -> to; text is white (#ffffff) on top */
  from: string;
  to: string;
  /** Italian alt text for the proposal */
  alt: string;
  /** a thumbnail (a horizontal card's picture): the icon in the middle, cropped alike from any side */
  centred?: boolean;
}

const H = { width: 1200, height: 400 };
const M = { width: 600, height: 400 };

export const HEADER_BANNERS = {
  spesaOnline: {
    file: 'header-spesa-online.svg',
    ...H,
    icon: 'shopping-cart',
    title: 'Spesa online, ritiro in negozio o consegna a casa',
    subtitle: 'In provincia di Como, Sondrio, Lecco, Bergamo, Monza, Milano e Brescia',
    from: '#14532d',
    to: '#166534',
    alt: 'Spesa online con ritiro in negozio o consegna a casa in Lombardia',
  },
  frutta: {
    file: 'header-frutta-verdura.svg',
    ...H,
    icon: 'red-apple',
    title: 'Frutta e verdura di stagione',
    subtitle: 'Ogni giorno dai produttori lombardi al tuo carrello',
    from: '#7f1d1d',
    to: '#991b1b',
    alt: 'Frutta e verdura fresca di stagione',
  },
  formaggi: {
    file: 'header-formaggi-lombardi.svg',
    ...H,
    icon: 'cheese-wedge',
    title: 'I formaggi tipici lombardi',
    subtitle: 'Taleggio, Bitto, Quartirolo, Valtellina Casera e molti altri',
    from: '#713f12',
    to: '#854d0e',
    alt: 'Formaggi tipici lombardi: Taleggio, Bitto e Quartirolo',
  },
  latticini: {
    file: 'header-latticini.svg',
    ...H,
    icon: 'glass-of-milk',
    title: 'Latte, yogurt e mozzarelle',
    subtitle: 'Freschi ogni mattina, anche senza lattosio',
    from: '#1e3a8a',
    to: '#1e40af',
    alt: 'Latte, yogurt e mozzarelle freschi',
  },
} satisfies Record<string, BannerDef>;

export const HEADER_BANNERS_MOBILE: Record<keyof typeof HEADER_BANNERS, BannerDef> = Object.fromEntries(
  Object.entries(HEADER_BANNERS).map(([k, b]) => [k, { ...b, ...M, file: b.file.replace('.svg', '-m.svg') }]),
) as Record<keyof typeof HEADER_BANNERS, BannerDef>;

const S = { width: 800, height: 400 };
export const SLIDER_BANNERS = {
  offerte: {
    file: 'slide-offerte.svg',
    ...S,
    icon: 'money-bag',
    title: 'Offerte della settimana',
    subtitle: 'Fino al 50% di sconto su centinaia di prodotti',
    from: '#9a3412',
    to: '#7c2d12',
    alt: 'Offerte della settimana fino al 50% di sconto',
  },
  bio: {
    file: 'slide-bio.svg',
    ...S,
    icon: 'seedling',
    title: 'Scegli il biologico',
    subtitle: 'La linea Spesa Bio e le migliori marche',
    from: '#166534',
    to: '#14532d',
    alt: 'Prodotti biologici della linea Spesa Bio',
  },
  lombardia: {
    file: 'slide-lombardia.svg',
    ...S,
    icon: 'mountain',
    title: 'Sapori di Lombardia',
    subtitle: 'Pizzoccheri, bresaola, casoncelli e vini di Valtellina',
    from: '#1e3a8a',
    to: '#312e81',
    alt: 'Prodotti tipici della Lombardia',
  },
  video: {
    file: 'slide-video.svg',
    ...S,
    icon: 'movie-camera',
    title: 'Come funziona il Drive',
    subtitle: 'Guarda il video: ordini online e ritiri in pochi minuti',
    from: '#581c87',
    to: '#4c1d95',
    alt: 'Video: come funziona il ritiro Drive',
  },
} satisfies Record<string, BannerDef>;

/** the services' horizontal cards show a square thumbnail beside their text */
const C = { width: 400, height: 400, centred: true };
export const SERVICE_BANNERS = {
  drive: {
    file: 'service-drive.svg',
    ...C,
    icon: 'automobile',
    title: 'Drive',
    subtitle: 'Ordina online e ritira in negozio',
    from: '#14532d',
    to: '#166534',
    alt: 'Servizio Drive: ritiro della spesa in negozio',
  },
  consegna: {
    file: 'service-consegna.svg',
    ...C,
    icon: 'delivery-truck',
    title: 'Consegna a domicilio',
    subtitle: 'La spesa a casa tua, nella fascia che scegli',
    from: '#1e3a8a',
    to: '#1e40af',
    alt: 'Consegna della spesa a domicilio',
  },
  locker: {
    file: 'service-locker.svg',
    ...C,
    icon: 'locked',
    title: 'Locker',
    subtitle: 'Ritira quando vuoi, anche la sera',
    from: '#374151',
    to: '#1f2937',
    alt: 'Ritiro della spesa nei locker',
  },
  anziani: {
    file: 'service-anziani.svg',
    ...C,
    icon: 'old-woman',
    title: 'Servizio anziani',
    subtitle: 'Consegna agevolata a un indirizzo scelto',
    from: '#7c2d12',
    to: '#9a3412',
    alt: 'Servizio di consegna agevolata per anziani',
  },
  opendata: {
    file: 'service-open-food-facts.svg',
    ...C,
    icon: 'open-book',
    title: 'Dati Open Food Facts',
    subtitle: 'Ingredienti e valori nutrizionali, licenza ODbL',
    from: '#312e81',
    to: '#3730a3',
    alt: 'Dati prodotto da Open Food Facts, licenza ODbL',
  },
} satisfies Record<string, BannerDef>;

export const STATIC_BANNER: BannerDef = {
  file: 'static-sacchetti.svg',
  width: 1200,
  height: 300,
  icon: 'shopping-bags',
  title: 'Sacchetti compostabili, sempre',
  subtitle: 'Con il Drive riporti le cassette: le riutilizziamo',
  from: '#064e3b',
  to: '#065f46',
  alt: 'Sacchetti compostabili e cassette riutilizzabili',
};

const T = { width: 600, height: 600 };
export const TUTORIAL_BANNERS = {
  servizio: {
    file: 'tutorial-servizio.svg',
    ...T,
    icon: 'round-pushpin',
    title: 'Scegli il servizio',
    subtitle: 'Drive, consegna a casa o locker',
    from: '#14532d',
    to: '#166534',
    alt: 'Primo passo: scegli il servizio',
  },
  fascia: {
    file: 'tutorial-fascia.svg',
    ...T,
    icon: 'alarm-clock',
    title: 'Prenota la fascia oraria',
    subtitle: 'Il giorno e l’ora che preferisci',
    from: '#1e3a8a',
    to: '#1e40af',
    alt: 'Secondo passo: prenota la fascia oraria',
  },
  ritiro: {
    file: 'tutorial-ritiro.svg',
    ...T,
    icon: 'shopping-bags',
    title: 'Ritira o ricevi la spesa',
    subtitle: 'Paghi online o alla consegna',
    from: '#7c2d12',
    to: '#9a3412',
    alt: 'Terzo passo: ritira o ricevi la spesa',
  },
} satisfies Record<string, BannerDef>;

export function departmentBanner(d: { slug: string; name: string; icon: string }): BannerDef {
  const c = DEPARTMENT_COLORS[d.slug] ?? DEFAULT_COLORS;
  return {
    file: `dept-${d.slug}.svg`,
    width: 1200,
    height: 300,
    icon: d.icon,
    title: d.name,
    subtitle: 'Scopri le offerte e i più venduti del reparto',
    from: c.dark,
    to: c.dark,
    alt: `Reparto ${d.name}`,
  };
}

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders one banner: gradient and a large emoji illustration (the icon's SVG body, 32x32 viewBox). Text stays
 * out of the picture (WCAG 1.4.5, images of text): the web app renders the proposal's title and description
 * over or beside it, so they reflow and read aloud; `title` and `subtitle` are the proposal's texts.
 * `iconBody` is the inner SVG of the icon with ids already made unique.
 */
export function renderBannerSvg(b: BannerDef, iconBody: string): string {
  const { width: w, height: h } = b;
  const portrait = h >= w;
  const stacked = !portrait && w / h < 2.2;
  const margin = Math.round(Math.min(w, h) * 0.12);
  // portrait: icon centred high; stacked cards: icon top right; wide slides: icon on the right, room for text;
  // a centred thumbnail: the icon in the middle, half the side
  const iconSize = Math.round(
    b.centred ? Math.min(w, h) * 0.5 : portrait ? w * 0.42 : stacked ? h * 0.3 : h * 0.62,
  );
  const iconX =
    b.centred || portrait
      ? Math.round((w - iconSize) / 2)
      : w - iconSize - (stacked ? margin : Math.round(h * 0.18));
  const iconY = b.centred
    ? Math.round((h - iconSize) / 2)
    : portrait
      ? Math.round(h * 0.1)
      : stacked
        ? margin
        : Math.round((h - iconSize) / 2);
  const scale = iconSize / 32;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(b.alt)}">`,
    `<title>${escapeXml(b.alt)}</title>`,
    `<defs><linearGradient id="banner-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#banner-bg)"/>`,
    `<circle cx="${iconX + iconSize / 2}" cy="${iconY + iconSize / 2}" r="${Math.round(iconSize * 0.62)}" fill="#ffffff" fill-opacity="0.12"/>`,
    `<g transform="translate(${iconX} ${iconY}) scale(${scale.toFixed(4)})">${iconBody}</g>`,
    `</svg>`,
    '',
  ].join('\n');
}

export function allBanners(departments: { slug: string; name: string; icon: string }[]): BannerDef[] {
  return [
    ...Object.values(HEADER_BANNERS),
    ...Object.values(HEADER_BANNERS_MOBILE),
    ...Object.values(SLIDER_BANNERS),
    ...Object.values(SERVICE_BANNERS),
    STATIC_BANNER,
    ...Object.values(TUTORIAL_BANNERS),
    ...departments.map(departmentBanner),
  ];
}
