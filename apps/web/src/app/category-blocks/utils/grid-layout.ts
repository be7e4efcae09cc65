import type { CategoryBlock, GridConfig } from '@spesa/shared/contracts/catalogue';

export type BreakpointKey = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const KEYS: readonly BreakpointKey[] = ['xs', 'sm', 'md', 'lg', 'xl'];
type GridColumn = GridConfig['rows'][number]['cols'][number];

/** MUI Grid `size` of a GRID_CONFIG column: the widths it gives, full width on xs when it gives none. */
export function gridColumnSize(col: GridColumn): Partial<Record<BreakpointKey, number>> {
  const size: Partial<Record<BreakpointKey, number>> = {};
  for (const key of KEYS) {
    const v = col[key];
    if (typeof v === 'number' && v >= 1 && v <= 12) size[key] = v;
  }
  if (size.xs === undefined) size.xs = 12;
  return size;
}

export const byPriority = (a: CategoryBlock, b: CategoryBlock) =>
  a.priority - b.priority || a.categoryBlockId - b.categoryBlockId;

export interface PlacedRow {
  container: boolean;
  cols: { position: string; size: Partial<Record<BreakpointKey, number>>; blocks: CategoryBlock[] }[];
}

/**
 * Places blocks in the GRID_CONFIG rows by `position`, ordered by priority. Blocks whose position no
 * column names are not lost: they follow, stacked. Without a GRID_CONFIG every block is stacked.
 */
export function layoutBlocks(
  blocks: readonly CategoryBlock[],
  grid: GridConfig | undefined,
): { rows: PlacedRow[]; rest: CategoryBlock[] } {
  const sorted = [...blocks].sort(byPriority);
  if (!grid?.rows?.length) return { rows: [], rest: sorted };
  const used = new Set<number>();
  const rows = grid.rows.map((row) => ({
    container: row.container === true,
    cols: row.cols.map((col) => {
      const inCol = sorted.filter((b) => b.position === col.position && !used.has(b.categoryBlockId));
      inCol.forEach((b) => used.add(b.categoryBlockId));
      return { position: col.position, size: gridColumnSize(col), blocks: inCol };
    }),
  }));
  return { rows, rest: sorted.filter((b) => !used.has(b.categoryBlockId)) };
}
