import { z } from 'zod';
import { productSchema } from './catalogue';
import { endpoint } from './endpoint';
import { orderIdParam } from './order-shape';
import { pageSchema } from './orders';

/**
 * Product ratings (spec section 7 "Ratings", decision 036): a product's stars, whether the signed-in customer
 * received it and how they voted, their vote, and the products they may still vote. Only a customer who
 * received the product in a delivered order votes it, once. A vote of stars only counts at once; a vote with
 * a title or a comment counts once customer service approves it (contracts/admin-ratings.ts).
 */

/** spec section 9: 5 stars, half steps */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const VOTE_TITLE_MAX = 120;
export const VOTE_COMMENT_MAX = 2000;
/** spec section 9: user votes page size 24 */
export const USER_VOTES_PAGE_SIZE = 24;
export const USER_VOTES_PAGE_SIZE_MAX = 100;
/** the platform's note type of a product vote (voteDetails.noteTypeId) */
export const PRODUCT_VOTE_NOTE_TYPE = 1;

export const VOTE_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];

export const RATING_TEXT = 'Il voto va da 1 a 5 stelle, a mezze stelle (per esempio 3 o 3,5).';
export const VOTE_TITLE_TEXT = `Il titolo può avere al massimo ${VOTE_TITLE_MAX} caratteri.`;
export const VOTE_COMMENT_TEXT = `Il commento può avere al massimo ${VOTE_COMMENT_MAX} caratteri.`;

/** 1 to 5 in half steps, as a number or its text ("4.5"); anything else is refused with RATING_TEXT */
export const voteRatingSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .max(10)
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: RATING_TEXT },
  )
  .pipe(
    z
      .number({ error: RATING_TEXT })
      .min(RATING_MIN, { error: RATING_TEXT })
      .max(RATING_MAX, { error: RATING_TEXT })
      .multipleOf(RATING_STEP, { error: RATING_TEXT }),
  );

/** plain text, trimmed; absent or null is empty */
const voteText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => v ?? '');

const productParams = z.object({ id: orderIdParam });

// ---------- GET /rank/product/:id/rating ----------
export const ratingSummarySchema = z.object({
  productId: z.number().int(),
  /** one row per star, 1 to 5 (a half step counts in its upper star: 3.5 is a 4) */
  ratings: z.array(z.object({ rating: z.number().int(), numRating: z.number().int() })),
  /** counted votes */
  total: z.number().int(),
  /** average of the counted votes, one decimal (0 without votes) */
  avg: z.number(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

// ---------- GET /rank/product/:id/bought ----------
/** The customer's vote of a product; title and comment are plain text (never HTML). */
export const voteDetailsSchema = z.object({
  voteId: z.number().int(),
  productId: z.number().int(),
  noteTypeId: z.number().int(),
  /** counted and public (approved) */
  active: z.boolean(),
  status: z.enum(VOTE_STATUSES),
  /** ISO date-time of the approval (stars only: the vote's own time); null while pending or rejected */
  approvalDate: z.string().nullable(),
  rating: z.number(),
  title: z.string(),
  comment: z.string(),
  /** why customer service refused the text (rejected only) */
  rejectionReason: z.string().nullable(),
  /** ISO date-time */
  createdAt: z.string(),
});
export type VoteDetails = z.infer<typeof voteDetailsSchema>;
export const boughtDataSchema = z.object({
  /** the customer received the product in a delivered order (spec's spelling) */
  buyed: z.boolean(),
  voteDetails: voteDetailsSchema.nullable(),
});
export type BoughtData = z.infer<typeof boughtDataSchema>;

// ---------- POST /rank/product/:id/vote ----------
/** spec section 5: rating 1, empty title, empty comment by default */
export const voteBodySchema = z.object({
  rating: voteRatingSchema.optional().transform((v) => v ?? RATING_MIN),
  title: voteText(VOTE_TITLE_MAX, VOTE_TITLE_TEXT),
  comment: voteText(VOTE_COMMENT_MAX, VOTE_COMMENT_TEXT),
});
export type VoteBody = z.infer<typeof voteBodySchema>;
export type VoteInput = z.input<typeof voteBodySchema>;
export const voteDataSchema = z.object({ voteDetails: voteDetailsSchema });

// ---------- GET /rank/list-user-votes ----------
export const USER_VOTES_LIST_TYPES = ['to-vote', 'voted'] as const;
const pageNumber = (max: number) =>
  z
    .union([z.number(), z.string().trim().max(10).regex(/^\d+$/).transform(Number)])
    .pipe(z.number().int().min(1).max(max));
export const userVotesQuerySchema = z.object({
  /** to-vote (default): products received and not voted; voted: the customer's votes */
  list_type: z.enum(USER_VOTES_LIST_TYPES).optional(),
  page: pageNumber(100_000).optional(),
  page_size: pageNumber(USER_VOTES_PAGE_SIZE_MAX).optional(),
});
export type UserVotesQuery = z.infer<typeof userVotesQuerySchema>;

/** A product received and not voted yet; `product` is the catalogue's (null when it is no longer sold). */
export const productToVoteSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  mediaURL: z.string(),
  /** ISO date-time of the latest order that brought it */
  receivedAt: z.string(),
  product: productSchema.nullable(),
});
export type ProductToVote = z.infer<typeof productToVoteSchema>;
export const votedProductSchema = voteDetailsSchema.extend({
  name: z.string(),
  slug: z.string(),
  mediaURL: z.string(),
});
export type VotedProduct = z.infer<typeof votedProductSchema>;
export const userVotesDataSchema = z.discriminatedUnion('listType', [
  z.object({ listType: z.literal('to-vote'), products: z.array(productToVoteSchema), page: pageSchema }),
  z.object({ listType: z.literal('voted'), votes: z.array(votedProductSchema), page: pageSchema }),
]);
export type UserVotesData = z.infer<typeof userVotesDataSchema>;

// ---------- endpoints (the ratings module registers them) ----------
export const ratingsEndpoints = {
  rating: endpoint({
    method: 'GET',
    path: '/rank/product/:id/rating',
    params: productParams,
    response: ratingSummarySchema,
  }),
  bought: endpoint({
    method: 'GET',
    path: '/rank/product/:id/bought',
    params: productParams,
    response: boughtDataSchema,
  }),
  vote: endpoint({
    method: 'POST',
    path: '/rank/product/:id/vote',
    params: productParams,
    body: voteBodySchema,
    response: voteDataSchema,
  }),
  userVotes: endpoint({
    method: 'GET',
    path: '/rank/list-user-votes',
    query: userVotesQuerySchema,
    response: userVotesDataSchema,
  }),
} as const;
