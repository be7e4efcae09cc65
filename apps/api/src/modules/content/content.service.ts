import {
  BLOCK_TYPES,
  type BlockType,
  type CategoryBlock,
  type Proposal,
} from '@spesa/shared/contracts/catalogue';
import type { Db } from '../../db/client';
import type { VersionedReadCache } from '../../lib/read-cache';
import { failWith, ok, type Message, type Result } from '../../lib/result';
import {
  blockById,
  blocksOfCategory,
  proposalsOfBlocks,
  type BlockRow,
  type ProposalRow,
} from './content.repository';

/**
 * Content blocks of category pages (home, service-selector, departments...): the blocks with their
 * proposals and flat metaData keys (TITLE, PRODUCT_LIMIT, ALGORITHM, CATEGORY...) as stored by the seed.
 */
export const BLOCK_NOT_FOUND = {
  code: 'msg.categoryBlock.notFound',
  text: 'Il contenuto richiesto non è stato trovato.',
} as const satisfies Message;

type MetaValue = string | number | boolean;

/** metaData values on the wire are strings, numbers or booleans; nested JSON travels as a JSON string. */
export function flatMetaData(raw: unknown): Record<string, MetaValue> {
  const out: Record<string, MetaValue> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string' || typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (value !== null && typeof value === 'object') out[key] = JSON.stringify(value);
  }
  return out;
}

const isBlockType = (value: string): value is BlockType => (BLOCK_TYPES as readonly string[]).includes(value);

function toWireProposal(row: ProposalRow): Proposal {
  return {
    id: row.proposalId,
    name: row.name,
    slug: row.slug,
    proposalUrl: row.proposalUrl,
    img: row.img,
    imgAlt: row.imgAlt,
    imgDescription: row.imgDescription,
    descr: row.descr,
    content: row.content,
    categoryProposalType: { name: row.proposalType },
    metaData: flatMetaData(row.metaData),
  };
}

/** position2 before position10: natural order of the GRID_CONFIG positions, then priority. */
function byPosition(a: BlockRow, b: BlockRow): number {
  return (
    a.position.localeCompare(b.position, 'en', { numeric: true }) ||
    a.priority - b.priority ||
    a.categoryBlockId - b.categoryBlockId
  );
}

function toWireBlocks(blocks: readonly BlockRow[], proposals: readonly ProposalRow[]): CategoryBlock[] {
  const byBlock = new Map<number, Proposal[]>();
  for (const p of proposals) {
    const list = byBlock.get(p.categoryBlockId) ?? [];
    list.push(toWireProposal(p));
    byBlock.set(p.categoryBlockId, list);
  }
  const out: CategoryBlock[] = [];
  for (const b of [...blocks].sort(byPosition)) {
    // a block type the shop cannot render is left out rather than breaking the page
    if (!isBlockType(b.blockType)) continue;
    out.push({
      categoryBlockId: b.categoryBlockId,
      position: b.position,
      priority: b.priority,
      templateBlock: { codInt: b.blockType, name: b.blockType },
      templateBlockType: { modeName: b.modeName },
      proposals: byBlock.get(b.categoryBlockId) ?? [],
      metaData: flatMetaData(b.metaData),
    });
  }
  return out;
}

export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly cache: VersionedReadCache,
  ) {}

  /** Blocks of a category page, ordered by position then priority. */
  async blocksOfCategory(categoryId: number): Promise<CategoryBlock[]> {
    const blocks = await blocksOfCategory(categoryId, this.db);
    const proposals = await proposalsOfBlocks(
      blocks.map((b) => b.categoryBlockId),
      this.db,
    );
    return toWireBlocks(blocks, proposals);
  }

  async blockInfo(
    categoryBlockId: number,
    skipCache = false,
  ): Promise<Result<{ categoryBlock: CategoryBlock }>> {
    return this.cache.getOrLoad(
      ['category-block/info', categoryBlockId],
      async () => {
        const block = await blockById(categoryBlockId, this.db);
        const wire = block
          ? toWireBlocks([block], await proposalsOfBlocks([block.categoryBlockId], this.db))[0]
          : undefined;
        return wire ? ok({ categoryBlock: wire }) : failWith(BLOCK_NOT_FOUND, 'notFound');
      },
      skipCache,
    );
  }
}
