import { z } from 'zod';
import { rules } from '../account/validation-rules';
import { cartQuerySchema, cartSchema } from './cart';
import { productSchema } from './catalogue';
import { endpoint } from './endpoint';

/**
 * Shopping lists (spec section 3 "Wishlist", section 7 "Wishlists", decision 035): the customer's named
 * lists and the lists other customers shared with them, their products, sharing, and putting a whole list in
 * the cart. Wire names as the spec spells them (`list_id` in the list calls, `wishlistId` in the item calls).
 */

// ---------- helpers ----------
const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .max(30)
    .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/)
    .transform(Number),
]);
const id = numberLike.pipe(z.number().int().min(1).max(2_147_483_647));
/** a quantity as sent; its rules are the shared quantity module's (cart/quantity.ts), as in the cart */
const quantity = numberLike.pipe(
  z
    .number()
    .refine(Number.isFinite)
    .refine((n) => Math.abs(n) <= 1e9),
);
const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const LIST_NAME_MAX = 60;
export const LISTS_PAGE_SIZE = 24;
export const LISTS_PAGE_SIZE_MAX = 100;
/** products one call may add, change or remove */
export const LIST_ITEMS_PER_CALL_MAX = 50;
const INFO_VALUE_MAX = 500;

/** Who the signed-in customer is for a list: its owner, or a customer it is shared with (READ / WRITE). */
export const LIST_GRANTS = ['READ', 'WRITE'] as const;
export type ListGrant = (typeof LIST_GRANTS)[number];
export type ListRole = 'OWNER' | ListGrant;

/** A list's name: trimmed, 1 to 60 characters, plain text (no control characters). */
export const listNameSchema = rules
  .required(LIST_NAME_MAX)
  .refine((v) => !/\p{Cc}/u.test(v), { error: 'Il nome della lista contiene caratteri non ammessi.' });

/** A product's options and notes kept with it in the list, as the cart keeps them: { name: value } */
export const listItemInfosSchema = z
  .record(z.string().trim().min(1).max(50), z.string().max(INFO_VALUE_MAX))
  .refine((r) => Object.keys(r).length <= 20);

// ---------- the list on the wire ----------
export const listShareSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  grant: z.enum(LIST_GRANTS),
});

export const listSharingDataSchema = z.object({
  /** OWNER: the signed-in customer's own list; READ: not editable (spec section 6); WRITE: items editable */
  grant: z.enum(['OWNER', ...LIST_GRANTS]),
  /** the owner (for a shared list, who shared it) */
  owner: z.object({ userId: z.number().int(), name: z.string() }),
  /** the customers the list is shared with: only its owner sees them ([] for a grantee) */
  sharedWith: z.array(listShareSchema),
});

export const wishlistSchema = z.object({
  /** the same number twice: clients of the platform read either */
  id: z.number().int(),
  listId: z.number().int(),
  name: z.string(),
  /** number of products in the list (inactive ones included) */
  size: z.number().int(),
  /** the owner's default list (one per customer); false for a list shared with the customer */
  isDefault: z.boolean(),
  /** /wishlist/confirm: the owner's address this list is the usual basket of, and when it was confirmed */
  confirmedAddressId: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  sharingData: listSharingDataSchema,
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const wishlistItemSchema = z.object({
  itemId: z.number().int(),
  product: productSchema,
  /** pieces, or kg / l for a loose product (Sfuso) */
  quantity: z.number(),
  /** Sfuso: the weight in the base unit (same as quantity); null for pieces */
  weight: z.number().nullable(),
  infos: z.record(z.string(), z.string()),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistViewSchema = wishlistSchema.extend({
  wishlistItems: z.array(wishlistItemSchema),
  /** products no longer sold, or not sold by the store of the customer's cart */
  wishlistInactiveItems: z.array(wishlistItemSchema),
});
export type WishlistView = z.infer<typeof wishlistViewSchema>;

export const listPageSchema = z.object({
  selPage: z.number().int(),
  totPages: z.number().int(),
  totItems: z.number().int(),
  itemsPerPage: z.number().int(),
});

// ---------- requests ----------
export const wishlistListQuerySchema = z.object({
  page: numberLike.pipe(z.number().int().min(1).max(100_000)).optional(),
  pageSize: numberLike.pipe(z.number().int().min(1).max(LISTS_PAGE_SIZE_MAX)).optional(),
});
export type WishlistListQuery = z.infer<typeof wishlistListQuerySchema>;
export const wishlistListDataSchema = z.object({
  personalList: z.array(wishlistSchema),
  page: listPageSchema,
});
export type WishlistListData = z.infer<typeof wishlistListDataSchema>;

export const wishlistViewQuerySchema = z.object({
  list_id: id,
  /** true: the products read afresh, with the stock of now (otherwise as the listings show them, cached) */
  calculate_stock: queryBool.optional(),
  show_sectors: queryBool.optional(),
  wishlist_type_id: numberLike.pipe(z.number().int().min(0).max(100)).optional(),
});

export const wishlistInsertBodySchema = z.object({ name: listNameSchema });
export const wishlistUpdateBodySchema = z.object({ list_id: id, name: listNameSchema });
export const wishlistIdBodySchema = z.object({ list_id: id });
export const wishlistConfirmBodySchema = z.object({ list_id: id, address_id: id });
export const wishlistShareBodySchema = z.object({
  list_id: id,
  email: rules.email().pipe(z.string().min(1, 'Indica l’e-mail del cliente con cui condividere la lista.')),
  grant: z.enum(LIST_GRANTS, { error: 'Il permesso deve essere READ (sola lettura) o WRITE (modifica).' }),
});
export type WishlistShareBody = z.infer<typeof wishlistShareBodySchema>;
export const wishlistUnshareBodySchema = z.object({ list_id: id, user_id: id });
export const wishlistDeleteDataSchema = z.object({ listId: z.number().int() });

const itemsOf = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(LIST_ITEMS_PER_CALL_MAX);

export const wishlistAddItemSchema = z.object({
  productId: id,
  quantity,
  /** Sfuso: the weight in the base unit (kg); when present it wins over quantity (as in the cart) */
  weight: quantity.optional(),
  infos: listItemInfosSchema.optional(),
});
export type WishlistAddItem = z.infer<typeof wishlistAddItemSchema>;
export const wishlistAddProdBodySchema = z.object({ wishlistId: id, items: itemsOf(wishlistAddItemSchema) });

/** the item's new quantity; 0 removes it (as /cart/update) */
export const wishlistUpdateItemSchema = z.object({ itemId: id, quantity, weight: quantity.optional() });
export type WishlistUpdateItem = z.infer<typeof wishlistUpdateItemSchema>;
export const wishlistUpdateProdsBodySchema = z.object({
  wishlistId: id,
  items: itemsOf(wishlistUpdateItemSchema),
});

/** the platform's client also sends quantity 0, the productId and a random cache-burst hash: ignored */
const hash = z.string().max(200).optional();
export const wishlistDeleteProdsBodySchema = z.object({
  wishlistId: id,
  items: itemsOf(z.object({ itemId: id, productId: id.optional(), quantity: quantity.optional(), hash })),
  hash,
});
export const wishlistDeleteProdsQuerySchema = z.object({ hash });

/** body `{ list_id }`; the answer is the whole cart, as /cart/add-all-from-order */
export const cartAddAllFromWishlistBodySchema = z.object({ list_id: id });

// ---------- endpoints (the lists module registers them) ----------
export const listsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/wishlist/list',
    query: wishlistListQuerySchema,
    response: wishlistListDataSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/wishlist/view',
    query: wishlistViewQuerySchema,
    response: wishlistViewSchema,
  }),
  insert: endpoint({
    method: 'POST',
    path: '/wishlist/insert',
    body: wishlistInsertBodySchema,
    response: wishlistSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/wishlist/update',
    body: wishlistUpdateBodySchema,
    response: wishlistSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/wishlist/delete',
    body: wishlistIdBodySchema,
    response: wishlistDeleteDataSchema,
  }),
  select: endpoint({
    method: 'POST',
    path: '/wishlist/select',
    body: wishlistIdBodySchema,
    response: wishlistSchema,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/wishlist/confirm',
    body: wishlistConfirmBodySchema,
    response: wishlistSchema,
  }),
  share: endpoint({
    method: 'POST',
    path: '/wishlist/share',
    body: wishlistShareBodySchema,
    response: wishlistSchema,
  }),
  unshare: endpoint({
    method: 'POST',
    path: '/wishlist/unshare',
    body: wishlistUnshareBodySchema,
    response: wishlistSchema,
  }),
  addProd: endpoint({
    method: 'POST',
    path: '/wishlist/add_prod',
    body: wishlistAddProdBodySchema,
    response: wishlistViewSchema,
  }),
  updateProds: endpoint({
    method: 'POST',
    path: '/wishlist/update_prods',
    body: wishlistUpdateProdsBodySchema,
    response: wishlistViewSchema,
  }),
  deleteProds: endpoint({
    method: 'POST',
    path: '/wishlist/delete_prods',
    query: wishlistDeleteProdsQuerySchema,
    body: wishlistDeleteProdsBodySchema,
    response: wishlistViewSchema,
  }),
  addAllFromWishlist: endpoint({
    method: 'POST',
    path: '/cart/add-all-from-wishlist',
    query: cartQuerySchema,
    body: cartAddAllFromWishlistBodySchema,
    response: cartSchema,
  }),
};
