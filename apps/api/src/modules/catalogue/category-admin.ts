import type { AdminCategory, AdminCategoryBlock, AdminCategoryUpdate } from '@spesa/shared/contracts/admin';
import type { GridConfig } from '@spesa/shared/contracts/catalogue';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { incrementCatalogueVersion } from './catalogue.repository';
import { wireTimestamp } from '../../db/wire-time';
import { CATEGORY_TYPE } from '../../db/schema';

/** A category's slug from its name ("Frutta secca" -> "frutta-secca"). */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'categoria';

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

  /**
   * A new product category under a department or category (decision 092): the next id, a slug of its name
   * (made unique by the id), last among its siblings. Null when the parent is not a product category that
   * may have children (a subcategory is the deepest level).
   */
  async create(
    c: { name: string; parentId: number; description: string | null },
    tx: Db,
  ): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO categories (category_id, parent_id, category_type_id, slug, name, level, priority,
            description, icon, selling_type, unit)
          SELECT (SELECT COALESCE(max(category_id), 0) + 1 FROM categories), p.category_id, p.category_type_id,
            ${slugOf(c.name)} || '-' || (SELECT COALESCE(max(category_id), 0) + 1 FROM categories),
            ${c.name}, p.level + 1,
            (SELECT COALESCE(max(s.priority), 0) + 1 FROM categories s WHERE s.parent_id = p.category_id),
            ${c.description}, p.icon, p.selling_type, p.unit
          FROM categories p
          WHERE p.category_id = ${c.parentId} AND p.category_type_id = ${CATEGORY_TYPE.products}
            AND p.level BETWEEN 0 AND 2
          RETURNING category_id AS id`,
    );
    if (row) await incrementCatalogueVersion(tx);
    return row?.id ?? null;
  }

  /**
   * Retires a category: it leaves the shop's menu and no product may be put in it any more; refused (the
   * count answered) while products on sale or categories shown in the menu are still in it.
   */
  async retire(categoryId: number, tx: Db): Promise<{ products: number; children: number }> {
    const [inUse] = await queryRows<{ products: number; children: number }>(
      tx,
      sql`SELECT (SELECT count(*)::int FROM products WHERE category_id = ${categoryId} AND active) AS products,
            (SELECT count(*)::int FROM categories WHERE parent_id = ${categoryId} AND show_in_menu) AS children`,
    );
    const counts = inUse ?? { products: 0, children: 0 };
    if (counts.products > 0 || counts.children > 0) return counts;
    await tx.execute(sql`UPDATE categories SET show_in_menu = FALSE WHERE category_id = ${categoryId}`);
    await this.touch(categoryId, tx);
    return counts;
  }

  /** The page changed: a new `updatedAt`, and the catalogue version moves. */
  async touch(categoryId: number, tx: Db): Promise<void> {
    await tx.execute(
      sql`UPDATE categories SET updated_at = clock_timestamp() WHERE category_id = ${categoryId}`,
    );
    await incrementCatalogueVersion(tx);
  }
}
