import type { AdminVote, AdminVoteListQuery } from '@spesa/shared/contracts/admin-ratings';
import type { Product } from '@spesa/shared/contracts/catalogue';
import {
  PRODUCT_VOTE_NOTE_TYPE,
  USER_VOTES_PAGE_SIZE,
  type BoughtData,
  type RatingSummary,
  type UserVotesData,
  type UserVotesQuery,
  type VoteBody,
  type VoteDetails,
} from '@spesa/shared/contracts/ratings';
import type { Db } from '../../db/client';
import { failWith, ok, type Result } from '../../lib/result';
import { RATINGS_INFO_TEXT, RATINGS_TEXT } from './ratings.messages';
import type { AdminVoteRow, RatingsRepository, VoteRow } from './ratings.repository';

/** The catalogue's wire products by id (absent: no longer sold); the catalogue module answers. */
export interface CatalogueProductsPort {
  products(ids: readonly number[]): Promise<Map<number, Product>>;
}

/** The back office's audit log, written in the decision's own transaction (the backoffice module owns it). */
export interface RatingsAuditPort {
  record(
    e: {
      staff: { userId: number; name: string };
      action: string;
      voteId: number;
      before: unknown;
      after: unknown;
    },
    db: Db,
  ): Promise<void>;
}

export const voteDetailsOf = (v: VoteRow): VoteDetails => ({
  voteId: v.voteId,
  productId: v.productId,
  noteTypeId: PRODUCT_VOTE_NOTE_TYPE,
  active: v.status === 'approved',
  status: v.status,
  approvalDate: v.approvalDate,
  rating: v.rating,
  title: v.title,
  comment: v.comment,
  rejectionReason: v.status === 'rejected' ? v.rejectionReason : null,
  createdAt: v.createdAt,
});

const pageOf = (totItems: number, page: number, pageSize: number) => ({
  selPage: page,
  totPages: Math.max(1, Math.ceil(totItems / pageSize)),
  totItems,
  itemsPerPage: pageSize,
});

/**
 * Product ratings for the customer (decision 036): a product's stars from its summary row (never a scan of
 * the votes), whether they received it, their vote and the products they may still vote. A vote of stars
 * only counts at once, in the transaction that records it; a vote with text waits for moderation.
 */
export class RatingsService {
  constructor(
    private readonly db: Db,
    private readonly repo: RatingsRepository,
    private readonly catalogue: CatalogueProductsPort,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async rating(productId: number): Promise<Result<RatingSummary>> {
    if (!(await this.repo.product(productId))) return failWith(RATINGS_TEXT.productNotFound, 'notFound');
    const s = await this.repo.summary(productId);
    const total = s?.total ?? 0;
    const stars = s?.stars ?? [0, 0, 0, 0, 0];
    return ok({
      productId,
      ratings: stars.map((numRating, i) => ({ rating: i + 1, numRating })),
      total,
      avg: total > 0 && s ? Math.round((s.ratingSum / total) * 10) / 10 : 0,
    });
  }

  async bought(userId: number, productId: number): Promise<Result<BoughtData>> {
    if (!(await this.repo.product(productId))) return failWith(RATINGS_TEXT.productNotFound, 'notFound');
    const [buyed, vote] = await Promise.all([
      this.repo.hasReceived(userId, productId),
      this.repo.voteOf(userId, productId),
    ]);
    return ok({ buyed, voteDetails: vote ? voteDetailsOf(vote) : null });
  }

  async vote(
    userId: number,
    productId: number,
    body: VoteBody,
  ): Promise<Result<{ voteDetails: VoteDetails }>> {
    const withText = body.title !== '' || body.comment !== '';
    return this.db.transaction(async (tx) => {
      if (!(await this.repo.product(productId, tx)))
        return failWith(RATINGS_TEXT.productNotFound, 'notFound');
      if (!(await this.repo.hasReceived(userId, productId, tx))) return failWith(RATINGS_TEXT.notBought);
      const vote = await this.repo.insertVote(
        {
          productId,
          userId,
          rating: body.rating,
          title: body.title,
          comment: body.comment,
          status: withText ? 'pending' : 'approved',
          at: this.now(),
        },
        tx,
      );
      if (!vote) return failWith(RATINGS_TEXT.alreadyVoted);
      if (vote.status === 'approved') await this.repo.count(productId, vote.rating, tx);
      return ok({ voteDetails: voteDetailsOf(vote) }, [
        withText ? RATINGS_INFO_TEXT.pending : RATINGS_INFO_TEXT.counted,
      ]);
    });
  }

  async userVotes(userId: number, q: UserVotesQuery): Promise<Result<UserVotesData>> {
    const page = q.page ?? 1;
    const pageSize = q.page_size ?? USER_VOTES_PAGE_SIZE;
    const offset = (page - 1) * pageSize;
    if ((q.list_type ?? 'to-vote') === 'voted') {
      const { rows, total } = await this.repo.voted(userId, pageSize, offset);
      return ok({
        listType: 'voted',
        votes: rows.map((r) => ({ ...voteDetailsOf(r), name: r.name, slug: r.slug, mediaURL: r.mediaUrl })),
        page: pageOf(total, page, pageSize),
      });
    }
    const { rows, total } = await this.repo.toVote(userId, pageSize, offset);
    const products = await this.catalogue.products(rows.map((r) => r.productId));
    return ok({
      listType: 'to-vote',
      products: rows.map((r) => {
        const product = products.get(r.productId) ?? null;
        return {
          productId: r.productId,
          name: r.name,
          slug: r.slug,
          mediaURL: product?.mediaURL ?? r.mediaUrl,
          receivedAt: r.receivedAt,
          product,
        };
      }),
      page: pageOf(total, page, pageSize),
    });
  }
}

export interface Moderator {
  userId: number;
  name: string;
}

const adminVoteOf = (v: AdminVoteRow): AdminVote => ({
  id: v.voteId,
  productId: v.productId,
  productName: v.productName,
  customerFirstName: v.customerFirstName,
  rating: v.rating,
  title: v.title,
  comment: v.comment,
  status: v.status,
  rejectionReason: v.rejectionReason,
  createdAt: v.createdAt,
  approvalDate: v.approvalDate,
});

/** What the audit keeps of a vote: no customer text (the audit log never holds personal data). */
const auditedOf = (v: VoteRow) => ({ productId: v.productId, rating: v.rating, status: v.status });

/**
 * Moderation of votes with text (decision 036): approving counts the vote in its product's summary in the
 * same transaction; rejecting keeps it out, with a reason the customer reads. Only a pending vote is
 * decided, once (the guarded update); every decision is audited in its transaction.
 */
export class RatingsModerationService {
  constructor(
    private readonly db: Db,
    private readonly repo: RatingsRepository,
    private readonly audit: RatingsAuditPort,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(q: AdminVoteListQuery): Promise<Result<{ data: AdminVote[]; total: number }>> {
    const { rows, total } = await this.repo.adminList(
      { status: q.status, productId: q.productId },
      q.perPage,
      (q.page - 1) * q.perPage,
    );
    return ok({ data: rows.map(adminVoteOf), total });
  }

  approve(member: Moderator, voteId: number): Promise<Result<{ data: AdminVote }>> {
    return this.#decide(member, voteId, 'approved', null);
  }

  reject(member: Moderator, voteId: number, reason: string): Promise<Result<{ data: AdminVote }>> {
    return this.#decide(member, voteId, 'rejected', reason);
  }

  async #decide(
    member: Moderator,
    voteId: number,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<Result<{ data: AdminVote }>> {
    return this.db.transaction(async (tx) => {
      const before = await this.repo.adminFind(voteId, tx);
      if (!before) return failWith(RATINGS_TEXT.voteNotFound, 'notFound');
      const after = await this.repo.decide(
        voteId,
        {
          status,
          reason,
          staffUserId: member.userId,
          at: this.now(),
        },
        tx,
      );
      if (!after) return failWith(RATINGS_TEXT.alreadyDecided);
      if (after.status === 'approved') await this.repo.count(after.productId, after.rating, tx);
      await this.audit.record(
        {
          staff: member,
          action: status === 'approved' ? 'approve' : 'reject',
          voteId,
          before: auditedOf(before),
          after: { ...auditedOf(after), ...(reason ? { reasonLength: reason.length } : {}) },
        },
        tx,
      );
      return ok({ data: adminVoteOf({ ...before, ...after }) }, [
        status === 'approved' ? RATINGS_INFO_TEXT.approved : RATINGS_INFO_TEXT.rejected,
      ]);
    });
  }
}
