import type { Category, CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { CategoryBlockView } from './category-block';
import { layoutBlocks, type BreakpointKey } from './utils/grid-layout';
import './category-blocks.css';
import { RenderWhenNear } from '../../components/render-when-near';

/** Height reserved for a block that is not rendered yet (roughly its rendered height on a phone). */
const PLACEHOLDER_HEIGHT: Partial<Record<string, number>> = {
  CrmProductSlider: 480,
  ProductSlider: 480,
  ProductTab: 540,
  BannerGrid: 400,
  BannerList: 400,
  BannerSlider: 320,
  LeafletSliderWrapper: 470,
  StaticImage: 240,
  StaticText: 200,
};

/**
 * The blocks of the first row render at once (the header slider is the page's largest image); the others
 * when they come near the viewport, so the first screen is not held up by the whole page.
 */
function Block({ block, eager }: { block: CategoryBlock; eager: boolean }) {
  const height = PLACEHOLDER_HEIGHT[block.templateBlock.codInt];
  if (eager || height === undefined) return <CategoryBlockView block={block} />;
  return (
    <RenderWhenNear minHeight={height}>
      <CategoryBlockView block={block} />
    </RenderWhenNear>
  );
}

/**
 * A page assembled from category blocks: GRID_CONFIG rows become 12-column CSS grid rows (columns sized per
 * breakpoint, category-blocks.css; blocks by position and priority, `container` wraps the row in a Container). Without a
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
    <div data-testid="category-blocks">
      {rows.map((row, r) => {
        const grid = (
          <div className="blocks-row" key={r} data-testid="grid-row">
            {row.cols.map((col) => (
              <div key={col.position} className={colClass(col.size)} data-position={col.position}>
                {col.blocks.map((b) => (
                  <Block key={b.categoryBlockId} block={b} eager={r === 0} />
                ))}
              </div>
            ))}
          </div>
        );
        return row.container ? (
          <div className="page-container" key={r}>
            {grid}
          </div>
        ) : (
          <div key={r}>{grid}</div>
        );
      })}
      {rest.length ? (
        <div className="page-container">
          {rest.map((b, i) => (
            <Block key={b.categoryBlockId} block={b} eager={rows.length === 0 && i === 0} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** "blocks-col xs-12 md-6": the span of a column per breakpoint (category-blocks.css). */
function colClass(size: Partial<Record<BreakpointKey, number>>): string {
  return ['blocks-col', ...Object.entries(size).map(([bp, n]) => `${bp}-${n}`)].join(' ');
}
