import type { BlockType } from '@spesa/shared/contracts/catalogue';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

export interface BlockWrite {
  position: string;
  priority: number;
  blockType: BlockType;
  modeName: string;
  metaData: Record<string, string | number | boolean>;
}

/**
 * The blocks of category pages as the back office edits them (decision 030), in the content module that
 * owns them; each write runs in the caller's transaction (the back office moves the category's version and
 * records the audit in it). A block's banners (proposals) stay with it.
 */
export class BlockAdmin {
  /** The category a block belongs to, or null. */
  async categoryOf(blockId: number, db: Db): Promise<number | null> {
    const [row] = await queryRows<{ categoryId: number }>(
      db,
      sql`SELECT category_id AS "categoryId" FROM category_blocks WHERE category_block_id = ${blockId}`,
    );
    return row?.categoryId ?? null;
  }

  async add(categoryId: number, b: BlockWrite, tx: Db): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO category_blocks (category_id, position, priority, block_type, mode_name, meta_data)
          VALUES (${categoryId}, ${b.position}, ${b.priority}, ${b.blockType}, ${b.modeName},
            ${JSON.stringify(b.metaData)}::jsonb)
          RETURNING category_block_id AS id`,
    );
    if (!row) throw new Error('the block was not inserted');
    return row.id;
  }

  async update(blockId: number, b: Partial<BlockWrite>, tx: Db): Promise<void> {
    const set: SQL[] = [];
    if (b.position !== undefined) set.push(sql`position = ${b.position}`);
    if (b.priority !== undefined) set.push(sql`priority = ${b.priority}`);
    if (b.blockType !== undefined) set.push(sql`block_type = ${b.blockType}`);
    if (b.modeName !== undefined) set.push(sql`mode_name = ${b.modeName}`);
    if (b.metaData !== undefined) set.push(sql`meta_data = ${JSON.stringify(b.metaData)}::jsonb`);
    if (set.length > 0)
      await tx.execute(
        sql`UPDATE category_blocks SET ${sql.join(set, sql`, `)} WHERE category_block_id = ${blockId}`,
      );
  }

  async remove(blockId: number, tx: Db): Promise<void> {
    await tx.execute(sql`DELETE FROM category_blocks WHERE category_block_id = ${blockId}`);
  }
}
