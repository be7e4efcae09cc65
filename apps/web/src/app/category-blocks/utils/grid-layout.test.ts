import { describe, expect, it } from 'vitest';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { gridColumnSize, layoutBlocks } from './grid-layout';

const block = (id: number, position: string, priority: number): CategoryBlock => ({
  categoryBlockId: id,
  position,
  priority,
  templateBlock: { codInt: 'StaticText', name: 'x' },
  templateBlockType: { modeName: 'default' },
  proposals: [],
  metaData: {},
});

describe('gridColumnSize', () => {
  it.each([
    [
      { position: 'a', xs: 12, md: 6, lg: 4 },
      { xs: 12, md: 6, lg: 4 },
    ],
    [
      { position: 'a', md: 8 },
      { xs: 12, md: 8 },
    ],
    [
      { position: 'a', sm: 6, xl: 3 },
      { xs: 12, sm: 6, xl: 3 },
    ],
  ])('%j → %j', (col, expected) => {
    expect(gridColumnSize(col)).toEqual(expected);
  });
});

describe('layoutBlocks', () => {
  it('puts blocks in their column by priority and keeps unplaced ones', () => {
    const blocks = [block(1, 'main', 2), block(2, 'side', 1), block(3, 'main', 1), block(4, 'nowhere', 0)];
    const { rows, rest } = layoutBlocks(blocks, {
      rows: [
        {
          container: true,
          cols: [
            { position: 'main', md: 8 },
            { position: 'side', md: 4 },
          ],
        },
      ],
    });
    expect(rows[0]?.container).toBe(true);
    expect(rows[0]?.cols.map((c) => c.blocks.map((b) => b.categoryBlockId))).toEqual([[3, 1], [2]]);
    expect(rest.map((b) => b.categoryBlockId)).toEqual([4]);
  });

  it('stacks every block by priority without a GRID_CONFIG', () => {
    const { rows, rest } = layoutBlocks([block(1, 'a', 5), block(2, 'b', 1)], undefined);
    expect(rows).toEqual([]);
    expect(rest.map((b) => b.categoryBlockId)).toEqual([2, 1]);
  });
});
