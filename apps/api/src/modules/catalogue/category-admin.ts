import type { AdminCategory, AdminCategoryBlock, AdminCategoryUpdate } from '@spesa/shared/contracts/admin';
import type { GridConfig } from '@spesa/shared/contracts/catalogue';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { incrementCatalogueVersion } from './catalogue.repository';
import { wireTimestamp } from '../../db/wire-time';

export type CategorySort = 'id' | 'name' | 'level';
const SORT_COLUMN: Record<CategorySort, string> = { id: 'c.category_id', name: 'c.name', level: 'c.level' };

const SUMMARY = sql`c.category_id AS id, c.name, c.slug, c.parent_id AS "parentId", c.level::int AS level,
  c.category_type_id::int AS "categoryTypeId", c.priority, c.show_in_menu AS "showInMenu", c.description,
  (SELECT count(*)::int FROM category_blocks b WHERE b.category_id = c.category_id) AS blocks`;

/**
 * Categories and their page grid as the back office edits them (decision 030), in the catalogue module: the
 * list, one category with its blocks (the content module owns them; read here), its name, description,
 * order and menu place, the grid of its page, and
 * `touch`, which every change of the page calls in its transaction: it moves the category's `updatedAt` (a
 * stale edit of the page is refused) and the catalogue version (every process serves the page within a
 * second).
 */
export class CategoryAdmin {
  constructor(private readonly db: Db) {}

  async list(
    f: { q?: string | undefined; categoryTypeId?: number | undefined },
    sort: { by: CategorySort; desc: boolean },
    limit: number,
    offset: number,
  ) {
    const parts: SQL[] = [sql`TRUE`];
    if (f.q) {
      const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      parts.push(sql`(c.name ILIKE ${like} OR c.slug ILIKE ${like})`);
    }
    if (f.categoryTypeId !== undefined) parts.push(sql`c.category_type_id = ${f.categoryTypeId}`);
    const where = sql.join(parts, sql` AND `);
    const [count] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM categories c WHERE ${where}`,
    );
    const rows = await queryRows<Omit<AdminCategory, 'gridConfig' | 'categoryBlocks' | 'updatedAt'>>(
      this.db,
      sql`SELECT ${SUMMARY} FROM categories c WHERE ${where}
          ORDER BY ${sql.raw(SORT_COLUMN[sort.by])} ${sql.raw(sort.desc ? 'DESC' : 'ASC')}, c.category_id
          LIMIT ${limit} OFFSET ${offset}`,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** One category with its grid and blocks (locked until the transaction ends when asked). */
  async find(categoryId: number, lock = false, db: Db = this.db): Promise<AdminCategory | null> {
    const [c] = await queryRows<Omit<AdminCategory, 'categoryBlocks'>>(
      db,
      sql`SELECT ${SUMMARY}, c.grid_config AS "gridConfig",
            ${wireTimestamp('c.updated_at', 'microseconds')} AS "updatedAt"
          FROM categories c WHERE c.category_id = ${categoryId} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
    );
    if (!c) return null;
    const categoryBlocks = await queryRows<AdminCategoryBlock>(
      db,
      sql`SELECT b.category_block_id AS id, b.category_id AS "categoryId", b.position, b.priority,
            b.block_type AS "blockType", b.mode_name AS "modeName", b.meta_data AS "metaData",
            (SELECT count(*)::int FROM proposals p WHERE p.category_block_id = b.category_block_id) AS proposals
          FROM category_blocks b WHERE b.category_id = ${categoryId}
          ORDER BY b.position, b.priority, b.category_block_id`,
    );
    return { ...c, categoryBlocks };
  }

  /** The category's name, description, order and menu place (the caller touches it). */
  async update(categoryId: number, edit: Omit<AdminCategoryUpdate, 'updatedAt'>, tx: Db): Promise<void> {
    const set: SQL[] = [];
    if (edit.name !== undefined) set.push(sql`name = ${edit.name}`);
    if (edit.description !== undefined) set.push(sql`description = ${edit.description || null}`);
    if (edit.priority !== undefined) set.push(sql`priority = ${edit.priority}`);
    if (edit.showInMenu !== undefined) set.push(sql`show_in_menu = ${edit.showInMenu}`);
    if (set.length > 0)
      await tx.execute(
        sql`UPDATE categories SET ${sql.join(set, sql`, `)} WHERE category_id = ${categoryId}`,
      );
    await this.touch(categoryId, tx);
  }

  /** The page's grid. */
  async setGrid(categoryId: number, grid: GridConfig, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE categories SET grid_config = ${JSON.stringify(grid)}::jsonb WHERE category_id = ${categoryId}`,
    );
    await this.touch(categoryId, tx);
  }

  /** The page changed: a new `updatedAt`, and the catalogue version moves. */
  async touch(categoryId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE categories SET updated_at = clock_timestamp() WHERE category_id = ${categoryId}`,
    );
    await incrementCatalogueVersion(tx);
  }
}
