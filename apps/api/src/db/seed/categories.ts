/** Category rows: the root, the 3-level taxonomy and the content pages (home, service-selector, ...). */
import { CATEGORY_TYPE, type categories } from '../schema';
import { stripIconPrefix, type Taxonomy } from './taxonomy';

export type CategoryRow = typeof categories.$inferInsert;

export const ROOT_CATEGORY_ID = 1;
/** Content categories: pages assembled from blocks, not in the menu. */
export const CONTENT_CATEGORIES = [
  { categoryId: 2, slug: 'home', name: 'Home' },
  {
    categoryId: 3,
    slug: 'service-selector',
    name: 'Scegli come ricevere la spesa',
    description:
      'Ritira in negozio con il Drive, ricevi a casa o scegli un locker: seleziona il servizio e l’indirizzo.',
  },
  {
    categoryId: 4,
    slug: 'timeslot',
    name: 'Scegli la fascia oraria',
    description: 'Prenota il giorno e l’orario che preferisci per il ritiro o la consegna.',
  },
  {
    categoryId: 5,
    slug: 'checkout',
    name: 'Completa l’ordine',
    description: 'Controlla la spesa, scegli il pagamento e conferma l’ordine.',
  },
] as const;
export const HOME_CATEGORY_ID = 2;

export function buildCategoryRows(taxonomy: Taxonomy): CategoryRow[] {
  const rows: CategoryRow[] = [
    {
      categoryId: ROOT_CATEGORY_ID,
      parentId: null,
      categoryTypeId: CATEGORY_TYPE.products,
      slug: 'catalogo',
      name: 'Catalogo',
      level: 0,
      priority: 0,
      showInMenu: false,
    },
  ];
  for (const c of CONTENT_CATEGORIES) {
    rows.push({
      categoryId: c.categoryId,
      parentId: null,
      categoryTypeId: CATEGORY_TYPE.content,
      slug: c.slug,
      name: c.name,
      description: 'description' in c ? c.description : null,
      level: 0,
      priority: c.categoryId,
      showInMenu: false,
    });
  }
  taxonomy.departments.forEach((d, di) => {
    const deptIcon = stripIconPrefix(d.icon);
    rows.push({
      categoryId: d.id,
      parentId: ROOT_CATEGORY_ID,
      categoryTypeId: CATEGORY_TYPE.products,
      slug: d.slug,
      name: d.name,
      level: 1,
      priority: di + 1,
      description: `${d.name}: tutta la scelta del reparto, con le offerte della settimana.`,
      icon: deptIcon,
      emoji: d.emoji,
      showInMenu: true,
    });
    d.children.forEach((c, ci) => {
      rows.push({
        categoryId: c.id,
        parentId: d.id,
        categoryTypeId: CATEGORY_TYPE.products,
        slug: c.slug,
        name: c.name,
        level: 2,
        priority: ci + 1,
        icon: stripIconPrefix(c.children[0]?.icon) ?? deptIcon,
        showInMenu: true,
      });
      c.children.forEach((s, si) => {
        rows.push({
          categoryId: s.id,
          parentId: c.id,
          categoryTypeId: CATEGORY_TYPE.products,
          slug: s.slug,
          name: s.name,
          level: 3,
          priority: si + 1,
          icon: stripIconPrefix(s.icon) ?? deptIcon,
          sellingType: s.sellingType,
          unit: s.unit,
          showInMenu: true,
        });
      });
    });
  });
  return rows;
}
