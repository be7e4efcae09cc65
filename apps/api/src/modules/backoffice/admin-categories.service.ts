import type { AdminCategory, AdminCategoryUpdate } from '@spesa/shared/contracts/admin';
import type { BlockType, GridConfig } from '@spesa/shared/contracts/catalogue';
import type { Db } from '../../db/client';
import { failWith, ok, type Failure, type Message, type Result } from '../../lib/result';
import type { CategoryAdmin, CategorySort } from '../catalogue/category-admin';
import type { BlockAdmin, BlockWrite } from '../content/block-admin';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import type { BackofficeRepository } from './backoffice.repository';
import type { AdminMember } from './staff-auth.service';

export type PageEditOutcome =
  { ok: true; category: AdminCategory } | { ok: false; failure: Failure; current: AdminCategory | null };

const positionsOf = (grid: GridConfig | null) =>
  grid ? new Set(grid.rows.flatMap((r) => r.cols.map((c) => c.position))) : null;

/**
 * Categories and their pages in the back office (decision 030): a category's name, description, order and
 * menu place, the grid of a page (rows, columns and their
 * widths per breakpoint) and its blocks. The catalogue module owns the category and its grid, the content
 * module the blocks; each change is one transaction that checks the category's `updatedAt` (a stale edit is
 * refused with the page as it is now), moves it and the catalogue version, and records the audit. A grid
 * may not drop a position that still holds blocks, and a block goes only in a position of the grid.
 */
export class AdminCategoriesService {
  constructor(
    private readonly db: Db,
    private readonly categories: CategoryAdmin,
    private readonly blocks: BlockAdmin,
    private readonly repo: BackofficeRepository,
  ) {}

  async list(
    f: { q?: string | undefined; categoryTypeId?: number | undefined },
    sort: { by: CategorySort; desc: boolean },
    page: number,
    perPage: number,
  ) {
    const { rows, total } = await this.categories.list(f, sort, perPage, (page - 1) * perPage);
    return ok({ data: rows, total });
  }

  async get(categoryId: number): Promise<Result<{ data: AdminCategory }>> {
    const found = await this.categories.find(categoryId);
    return found ? ok({ data: found }) : failWith(BACKOFFICE_TEXT.categoryNotFound, 'notFound');
  }

  update(member: AdminMember, categoryId: number, edit: AdminCategoryUpdate) {
    const { updatedAt, ...fields } = edit;
    return this.pageEdit(member, categoryId, updatedAt, 'update', async (_before, tx) => {
      await this.categories.update(categoryId, fields, tx);
      return null;
    });
  }

  setGrid(member: AdminMember, categoryId: number, updatedAt: string, grid: GridConfig) {
    return this.pageEdit(member, categoryId, updatedAt, 'grid', async (before, tx) => {
      const kept = positionsOf(grid);
      const orphaned = before.categoryBlocks.filter((b) => kept && !kept.has(b.position));
      if (orphaned.length > 0) return positionInUse(orphaned.map((b) => b.position));
      await this.categories.setGrid(categoryId, grid, tx);
      return null;
    });
  }

  addBlock(member: AdminMember, categoryId: number, updatedAt: string, block: BlockWrite) {
    return this.pageEdit(member, categoryId, updatedAt, 'block-add', async (before, tx) => {
      if (!inGrid(before, block.position)) return failWith(BACKOFFICE_TEXT.positionNotInGrid);
      await this.blocks.add(categoryId, block, tx);
      await this.categories.touch(categoryId, tx);
      return null;
    });
  }

  async updateBlock(
    member: AdminMember,
    blockId: number,
    updatedAt: string,
    edit: Partial<BlockWrite> & { blockType?: BlockType },
  ): Promise<PageEditOutcome> {
    const categoryId = await this.blocks.categoryOf(blockId, this.db);
    if (categoryId === null) return notFound(BACKOFFICE_TEXT.blockNotFound);
    return this.pageEdit(member, categoryId, updatedAt, 'block-update', async (before, tx) => {
      if (!before.categoryBlocks.some((b) => b.id === blockId))
        return failWith(BACKOFFICE_TEXT.blockNotFound);
      if (edit.position !== undefined && !inGrid(before, edit.position))
        return failWith(BACKOFFICE_TEXT.positionNotInGrid);
      await this.blocks.update(blockId, edit, tx);
      await this.categories.touch(categoryId, tx);
      return null;
    });
  }

  async deleteBlock(member: AdminMember, blockId: number, updatedAt: string): Promise<PageEditOutcome> {
    const categoryId = await this.blocks.categoryOf(blockId, this.db);
    if (categoryId === null) return notFound(BACKOFFICE_TEXT.blockNotFound);
    return this.pageEdit(member, categoryId, updatedAt, 'block-delete', async (_before, tx) => {
      await this.blocks.remove(blockId, tx);
      await this.categories.touch(categoryId, tx);
      return null;
    });
  }

  /** One change of a category's page: locked, checked for staleness, done, audited, answered. */
  private pageEdit(
    member: AdminMember,
    categoryId: number,
    updatedAt: string,
    action: string,
    work: (before: AdminCategory, tx: Db) => Promise<Failure | null>,
  ): Promise<PageEditOutcome> {
    return this.db.transaction(async (tx) => {
      const before = await this.categories.find(categoryId, true, tx);
      if (!before) return notFound(BACKOFFICE_TEXT.categoryNotFound);
      const record = (allowed: boolean, after: unknown) =>
        this.repo.audit(
          {
            staffUserId: member.userId,
            staffName: member.name,
            action,
            resource: 'categories',
            resourceId: String(categoryId),
            allowed,
            before: audited(before),
            after,
          },
          tx,
        );
      if (before.updatedAt !== updatedAt) {
        await record(false, null);
        return { ok: false, failure: failWith(BACKOFFICE_TEXT.staleEdit), current: before };
      }
      const refused = await work(before, tx);
      if (refused) return { ok: false, failure: refused, current: null };
      const after = await this.categories.find(categoryId, false, tx);
      if (!after) throw new Error('the category vanished inside its transaction');
      await record(true, audited(after));
      return { ok: true, category: after };
    });
  }
}

/** What the audit keeps of a category: its own fields, grid and blocks. */
const audited = (c: AdminCategory) => ({
  name: c.name,
  description: c.description,
  priority: c.priority,
  showInMenu: c.showInMenu,
  gridConfig: c.gridConfig,
  categoryBlocks: c.categoryBlocks,
});

const notFound = (message: Message): PageEditOutcome => ({
  ok: false,
  failure: failWith(message, 'notFound'),
  current: null,
});

/** A page without a grid has the one default column `position1`. */
const inGrid = (category: AdminCategory, position: string) =>
  (positionsOf(category.gridConfig) ?? new Set(['position1'])).has(position);

const positionInUse = (positions: string[]): Failure =>
  failWith({
    code: BACKOFFICE_TEXT.positionInUse.code,
    text: `${BACKOFFICE_TEXT.positionInUse.text} (${[...new Set(positions)].join(', ')})`,
  });
