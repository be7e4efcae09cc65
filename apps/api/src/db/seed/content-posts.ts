import { sql } from 'drizzle-orm';
import { DELIVERY_SERVICE } from '@spesa/shared/contracts/delivery';
import { sanitizeContentHtml } from '../../modules/content/content-html';
import {
  insertSlide,
  insertUxBlockIfMissing,
  upsertPost,
} from '../../modules/content/content-posts.repository';
import { incrementContentVersion } from '../../modules/content/content-store.repository';
import { queryRows } from '../rows';
import type { Db } from './db';

/**
 * The content store's recipes, ux-blocks and slides (decision 056): six recipes of Lombard and Italian home
 * cooking grouped by course (portata) with difficulty, time and a vegetarian flag for the filters; the
 * blocks shown under the fruit and vegetables categories; four slides (the slot picker's notices: two holidays'
 * closures, a tip for the Drive and one for home delivery). Recipes are added or rewritten by slug; blocks
 * (which editors change in the back office) only when their slug is missing, slides only when there are none.
 * Every text goes through the content store's sanitiser.
 */
interface SeedRecipe {
  slug: string;
  title: string;
  excerpt: string;
  course: string;
  fields: { difficolta: 'facile' | 'media'; tempo: string; vegetariana: 'si' | 'no' };
  /** days before the seed: the recipes' order, newest first */
  daysAgo: number;
  ingredients: string[];
  steps: string[];
  /** the catalogue search the recipe links to */
  search: string;
}

const RECIPES: readonly SeedRecipe[] = [
  {
    slug: 'risotto-alla-milanese',
    search: 'riso',
    title: 'Risotto alla milanese',
    excerpt: 'Il risotto giallo con lo zafferano, come si fa a Milano: cremoso, all’onda.',
    course: 'primi',
    fields: { difficolta: 'media', tempo: '40', vegetariana: 'no' },
    daysAgo: 1,
    ingredients: [
      '320 g di riso Carnaroli',
      '1 l di brodo di carne caldo',
      '1 bustina di zafferano',
      '1 cipolla piccola',
      '80 g di burro',
      '60 g di Grana Padano grattugiato',
      '1/2 bicchiere di vino bianco secco',
    ],
    steps: [
      'Trita la cipolla e falla appassire in metà del burro a fuoco dolce.',
      'Aggiungi il riso e tostalo per due minuti mescolando, poi sfuma con il vino.',
      'Porta a cottura aggiungendo il brodo un mestolo alla volta; a metà cottura unisci lo zafferano sciolto in poco brodo.',
      'A fuoco spento manteca con il burro rimasto e il Grana, copri e lascia riposare due minuti.',
    ],
  },
  {
    slug: 'pizzoccheri-della-valtellina',
    search: 'pizzoccheri',
    title: 'Pizzoccheri della Valtellina',
    excerpt: 'Tagliatelle di grano saraceno con verza, patate, burro e formaggio Valtellina Casera.',
    course: 'primi',
    fields: { difficolta: 'media', tempo: '50', vegetariana: 'si' },
    daysAgo: 3,
    ingredients: [
      '400 g di pizzoccheri secchi',
      '250 g di verza',
      '2 patate medie',
      '200 g di Valtellina Casera DOP',
      '80 g di burro',
      '1 spicchio d’aglio e qualche foglia di salvia',
    ],
    steps: [
      'Cuoci patate a cubetti e verza a striscioline in acqua salata per dieci minuti.',
      'Aggiungi i pizzoccheri e cuoci per il tempo indicato sulla confezione.',
      'Fai imbiondire aglio e salvia nel burro.',
      'Scola e alterna a strati pasta, verdure, formaggio a scaglie e burro; servi subito.',
    ],
  },
  {
    slug: 'cotoletta-alla-milanese',
    search: 'pangrattato',
    title: 'Cotoletta alla milanese',
    excerpt: 'La costoletta di vitello con l’osso, impanata e fritta nel burro chiarificato.',
    course: 'secondi',
    fields: { difficolta: 'media', tempo: '30', vegetariana: 'no' },
    daysAgo: 5,
    ingredients: [
      '4 costolette di vitello con l’osso',
      '2 uova',
      '200 g di pangrattato',
      '150 g di burro chiarificato',
      'sale e limone',
    ],
    steps: [
      'Batti leggermente la carne lasciandola spessa almeno un dito.',
      'Passala nell’uovo sbattuto e poi nel pangrattato, premendo bene.',
      'Friggila nel burro chiarificato caldo, quattro minuti per lato, finché è dorata.',
      'Sala solo alla fine e servi con uno spicchio di limone.',
    ],
  },
  {
    slug: 'frittata-di-zucchine',
    search: 'zucchine',
    title: 'Frittata di zucchine al forno',
    excerpt: 'Leggera, senza frittura: pronta in mezz’ora, ottima anche fredda il giorno dopo.',
    course: 'secondi',
    fields: { difficolta: 'facile', tempo: '30', vegetariana: 'si' },
    daysAgo: 8,
    ingredients: ['6 uova', '3 zucchine', '50 g di Grana Padano grattugiato', 'menta, sale, pepe, olio'],
    steps: [
      'Taglia le zucchine a rondelle sottili e saltale cinque minuti in padella con un filo d’olio.',
      'Sbatti le uova con il formaggio, la menta, sale e pepe, poi unisci le zucchine.',
      'Versa in una teglia foderata di carta forno e cuoci a 180 °C per 20 minuti.',
    ],
  },
  {
    slug: 'insalata-di-finocchi-e-arance',
    search: 'arance',
    title: 'Insalata di finocchi e arance',
    excerpt: 'Il contorno d’inverno: fresco, croccante, con le arance di stagione.',
    course: 'contorni',
    fields: { difficolta: 'facile', tempo: '15', vegetariana: 'si' },
    daysAgo: 11,
    ingredients: ['2 finocchi', '2 arance', 'olive nere', 'olio extravergine d’oliva, sale, pepe'],
    steps: [
      'Affetta sottilmente i finocchi e pela a vivo le arance tagliandole a fette.',
      'Unisci le olive e condisci con olio, sale e pepe appena prima di servire.',
    ],
  },
  {
    slug: 'torta-di-mele',
    search: 'mele',
    title: 'Torta di mele della nonna',
    excerpt: 'Soffice, con tante mele e poca farina: il dolce della domenica.',
    course: 'dolci',
    fields: { difficolta: 'facile', tempo: '60', vegetariana: 'si' },
    daysAgo: 14,
    ingredients: [
      '4 mele Golden',
      '3 uova',
      '150 g di zucchero',
      '200 g di farina 00',
      '100 g di burro fuso',
      '1 bustina di lievito per dolci',
      'la scorza di un limone',
    ],
    steps: [
      'Monta le uova con lo zucchero finché sono chiare e spumose.',
      'Aggiungi il burro fuso, la scorza di limone, poi la farina setacciata con il lievito.',
      'Unisci tre mele a cubetti, versa in una tortiera e copri con le fette della quarta mela.',
      'Cuoci a 180 °C per 45 minuti; fai la prova stecchino prima di sfornare.',
    ],
  },
];

const recipeHtml = (r: SeedRecipe) => `
<h2>Ingredienti (4 persone)</h2>
<ul>${r.ingredients.map((i) => `<li>${i}</li>`).join('')}</ul>
<h2>Preparazione</h2>
<ol>${r.steps.map((s) => `<li>${s}</li>`).join('')}</ol>
<p>Trovi gli ingredienti nel nostro catalogo: <a href="/search?q=${encodeURIComponent(r.search)}">cerca «${r.search}»</a>.</p>`;

const UX_BLOCKS = [
  {
    slug: 'frutta-e-verdura-di-stagione',
    title: 'Frutta e verdura di stagione',
    terms: ['frutta-e-verdura', 'frutta', 'verdura', 'frutta-di-stagione'],
    content: `<p>Scegliamo ogni mattina frutta e verdura dai mercati della Lombardia e dai produttori della zona. I prodotti a peso sono pesati alla preparazione: ti addebitiamo solo il peso reale.</p>
<p>In questa stagione: <strong>arance, mandarini, finocchi, cavoli, zucche e radicchio</strong>. Cerca le idee in cucina tra le <a href="/ricette">nostre ricette</a>.</p>`,
  },
  {
    slug: 'come-conserviamo-i-freschi',
    title: 'Come conserviamo i freschi',
    terms: ['frutta-e-verdura'],
    content: `<p>I freschi viaggiano in contenitori refrigerati fino alla consegna o al ritiro. Riponili in frigorifero appena li ricevi.</p>`,
  },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export async function ensureContentPosts(now: Date = new Date(), db: Db): Promise<number> {
  let added = 0;
  await db.transaction(async (tx) => {
    for (const r of RECIPES) {
      const [known] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT post_id AS id FROM content_posts WHERE post_type = 'ricette' AND slug = ${r.slug}`,
      );
      if (known) continue;
      await upsertPost(
        {
          postType: 'ricette',
          slug: r.slug,
          title: r.title,
          content: sanitizeContentHtml(recipeHtml(r)),
          excerpt: sanitizeContentHtml(r.excerpt),
          img: null,
          terms: [r.course],
          fields: r.fields,
          publishedAt: new Date(now.getTime() - r.daysAgo * 86_400_000),
        },
        tx,
      );
      added += 1;
    }
    for (const [i, b] of UX_BLOCKS.entries())
      await insertUxBlockIfMissing({ ...b, content: sanitizeContentHtml(b.content), position: i + 1 }, tx);
    const [slides] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM content_slides`);
    if ((slides?.n ?? 0) === 0) {
      // notices where the customer picks the day (the slot picker): the holidays without slots (lock days)
      // on the days around them, and a standing tip per service
      const today = isoDay(now);
      const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-26` ? 1 : 0);
      const from = isoDay(new Date(now.getTime() - 86_400_000));
      const to = isoDay(new Date(now.getTime() + 90 * 86_400_000));
      await insertSlide(
        {
          title: 'Immacolata: l’8 dicembre siamo chiusi',
          description:
            'Niente consegne né ritiri l’8 dicembre: le fasce del 7 e del 9 si esauriscono presto.',
          img: null,
          link: '/page/servizi',
          validFrom: `${year}-12-05`,
          validTo: `${year}-12-09`,
          deliveryServiceIds: [],
          position: 1,
        },
        tx,
      );
      await insertSlide(
        {
          title: 'Natale: il 25 e il 26 dicembre siamo chiusi',
          description: 'Le fasce del 23 e del 24 dicembre sono le più richieste: prenota per tempo.',
          img: null,
          link: '/page/servizi',
          validFrom: `${year}-12-19`,
          validTo: `${year}-12-27`,
          deliveryServiceIds: [],
          position: 1,
        },
        tx,
      );
      await insertSlide(
        {
          title: 'Drive: avvisaci quando arrivi',
          description:
            'Dalla pagina dell’ordine ci dici dove hai parcheggiato e ti portiamo la spesa in auto.',
          img: null,
          link: '/page/servizi',
          validFrom: from,
          validTo: to,
          deliveryServiceIds: [DELIVERY_SERVICE.drive],
          position: 2,
        },
        tx,
      );
      await insertSlide(
        {
          title: 'Consegna a domicilio: ti avvisiamo alla partenza',
          description: 'Il giorno della consegna ricevi un messaggio quando la spesa parte dal negozio.',
          img: null,
          link: '/page/servizi',
          validFrom: from,
          validTo: to,
          deliveryServiceIds: [DELIVERY_SERVICE.home, DELIVERY_SERVICE.homeWork],
          position: 2,
        },
        tx,
      );
    }
    // the footer links the recipes (added to a menu seeded before them), once: the next position is read in a
    // subquery, since an aggregate answers one row even when its WHERE keeps none
    await tx.execute(
      sql`INSERT INTO content_menu_items (location, title, url, position)
          SELECT 'footer', 'Ricette', '/ricette', next.position
          FROM (SELECT coalesce(max(position), 0) + 1 AS position FROM content_menu_items WHERE location = 'footer') next
          WHERE NOT EXISTS (SELECT 1 FROM content_menu_items WHERE location = 'footer' AND url = '/ricette')`,
    );
    // the link more than once (starts before that subquery added a copy each): the first one stays
    await tx.execute(
      sql`DELETE FROM content_menu_items
          WHERE location = 'footer' AND url = '/ricette' AND title = 'Ricette'
            AND item_id > (SELECT min(item_id) FROM content_menu_items
                           WHERE location = 'footer' AND url = '/ricette' AND title = 'Ricette')`,
    );
    await incrementContentVersion(tx);
  });
  return added;
}
