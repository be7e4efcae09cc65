import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categoryBlocks, proposals } from '../../db/schema';

/** SQL of the content blocks of category pages and their proposals (banners, cards, links). */
export type BlockRow = typeof categoryBlocks.$inferSelect;
export type ProposalRow = typeof proposals.$inferSelect;

export async function blocksOfCategory(categoryId: number, db: Db): Promise<BlockRow[]> {
  return db
    .select()
    .from(categoryBlocks)
    .where(eq(categoryBlocks.categoryId, categoryId))
    .orderBy(asc(categoryBlocks.position), asc(categoryBlocks.priority), asc(categoryBlocks.categoryBlockId));
}

export async function blockById(categoryBlockId: number, db: Db): Promise<BlockRow | undefined> {
  const rows = await db
    .select()
    .from(categoryBlocks)
    .where(eq(categoryBlocks.categoryBlockId, categoryBlockId))
    .limit(1);
  return rows[0];
}

export async function proposalsOfBlocks(blockIds: readonly number[], db: Db): Promise<ProposalRow[]> {
  if (blockIds.length === 0) return [];
  return db
    .select()
    .from(proposals)
    .where(inArray(proposals.categoryBlockId, [...blockIds]))
    .orderBy(asc(proposals.categoryBlockId), asc(proposals.priority), asc(proposals.proposalId));
}
