import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import type { Category } from '@spesa/shared/contracts/catalogue';
import { CategoryBlockView } from './category-block';
import { layoutBlocks } from './utils/grid-layout';

/**
 * A page assembled from category blocks: GRID_CONFIG rows become MUI Grid rows (columns sized per
 * breakpoint, blocks by position and priority, `container` wraps the row in a Container). Without a
 * GRID_CONFIG the blocks are stacked in a Container. Rows without `container` run full width.
 */
export function CategoryBlocksView({
  category,
}: {
  category: Pick<Category, 'categoryBlocks' | 'metaData'>;
}) {
  const { rows, rest } = layoutBlocks(
    category.categoryBlocks ?? [],
    category.metaData?.template_model?.GRID_CONFIG,
  );
  return (
    <Box data-testid="category-blocks">
      {rows.map((row, r) => {
        const grid = (
          <Grid container columnSpacing={3} key={r} data-testid="grid-row">
            {row.cols.map((col) => (
              <Grid key={col.position} size={col.size} data-position={col.position} sx={{ minWidth: 0 }}>
                {col.blocks.map((b) => (
                  <CategoryBlockView key={b.categoryBlockId} block={b} />
                ))}
              </Grid>
            ))}
          </Grid>
        );
        return row.container ? (
          <Container maxWidth="xl" key={r}>
            {grid}
          </Container>
        ) : (
          <Box key={r}>{grid}</Box>
        );
      })}
      {rest.length ? (
        <Container maxWidth="xl">
          {rest.map((b) => (
            <CategoryBlockView key={b.categoryBlockId} block={b} />
          ))}
        </Container>
      ) : null}
    </Box>
  );
}
