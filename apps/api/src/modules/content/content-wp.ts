import {
  MENU_LOCATIONS,
  POST_TAXONOMY,
  POST_TERMS,
  type MenuItem,
  type MenuLocation,
  type PostType,
  type WpMenu,
  type WpPost,
} from '@spesa/shared/contracts/content';

/**
 * The content store's rows in the shapes WordPress and its plugins answer under /p/wp-json (decision 050):
 * a custom post as `/wp/v2/<type>` answers it, a menu as the "WP REST API V2 Menus" plugin answers
 * `/menus/v1/locations/<location>`.
 */

/** A post row as the repository reads it. */
export interface WpPostSource {
  postId: number;
  postType: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  img: string | null;
  terms: string[];
  fields: Record<string, string>;
  /** Rome time and UTC, ISO 8601 without offset */
  date: string;
  dateGmt: string;
}

export const postLink = (type: string, slug: string) => `/${type}/${slug}`;

/** The WordPress ids of a type's terms: a term's place in POST_TERMS plus one; unknown terms have none. */
function termIds(type: PostType, terms: readonly string[]): number[] {
  const known: readonly string[] = POST_TERMS[type];
  return terms.flatMap((term) => {
    const at = known.indexOf(term);
    return at < 0 ? [] : [at + 1];
  });
}

export function toWpPost(row: WpPostSource): WpPost {
  const type = row.postType as PostType;
  return {
    id: row.postId,
    date: row.date,
    date_gmt: row.dateGmt,
    modified: row.date,
    modified_gmt: row.dateGmt,
    slug: row.slug,
    status: 'publish',
    type,
    link: postLink(type, row.slug),
    title: { rendered: row.title },
    content: { rendered: row.content, protected: false },
    excerpt: { rendered: row.excerpt, protected: false },
    featured_media: 0,
    portata: termIds(type, row.terms),
    acf: { img: row.img, terms: { [POST_TAXONOMY[type]]: row.terms }, fields: row.fields },
  };
}

/** The menus' names, as an editor would have called them. */
const MENU_NAMES: Record<MenuLocation, string> = {
  header: 'Menu principale',
  footer: 'Menu del piè di pagina',
  profile: 'Menu del profilo',
};

export const isMenuLocation = (location: string): location is MenuLocation =>
  (MENU_LOCATIONS as readonly string[]).includes(location);

/** A shop page's slug from a menu address (/page/privacy), or null for any other address. */
const pageSlugOf = (url: string): string | null => /^\/page\/([a-z0-9-]+)$/.exec(url)?.[1] ?? null;

export function toWpMenu(
  location: MenuLocation,
  rows: ReadonlyArray<{ itemId: number; title: string; url: string; position: number }>,
): WpMenu {
  const id = MENU_LOCATIONS.indexOf(location) + 1;
  const items = rows.map((r): MenuItem => {
    const slug = pageSlugOf(r.url);
    return {
      ID: r.itemId,
      db_id: r.itemId,
      title: r.title,
      url: r.url,
      menu_order: r.position,
      menu_item_parent: '0',
      object: slug ? 'page' : 'custom',
      object_id: String(r.itemId),
      type: slug ? 'post_type' : 'custom',
      type_label: slug ? 'Pagina' : 'Link personalizzato',
      ...(slug ? { slug } : {}),
      target: '',
      attr_title: '',
      description: '',
      classes: [''],
      xfn: '',
      post_type: 'nav_menu_item',
      post_status: 'publish',
    };
  });
  return {
    term_id: id,
    name: MENU_NAMES[location],
    slug: location,
    term_group: 0,
    term_taxonomy_id: id,
    taxonomy: 'nav_menu',
    description: '',
    parent: 0,
    count: items.length,
    filter: 'raw',
    items,
  };
}
