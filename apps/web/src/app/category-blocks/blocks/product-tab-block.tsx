import { useId, useState } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { CategoryBlock, Proposal } from '@spesa/shared/contracts/catalogue';
import { BlockFrame } from '../block-frame';
import { metaNumber, metaString } from '../utils/block-meta';
import { useProducts } from '../../../features/catalogue/api/get-products';
import { shouldShowAll } from '../../../components/slider-rules';
import {
  DEFAULT_LIMIT,
  ProductCarousel,
  ShowAllLink,
  SliderSkeleton,
  useCategoryReference,
} from './product-blocks';

/*
 * The tabbed product block: MUI Tabs (scroll buttons, keyboard handling), so a module of its own, loaded
 * by category-block.tsx when the block comes near; the other blocks render without the MUI chunk.
 */

function proposalCategory(p: Proposal): string | undefined {
  return metaString(p.metaData, 'CATEGORY') ?? p.slug ?? p.proposalUrl ?? undefined;
}

function ProductTabPanel({
  proposal,
  limit,
  id,
  labelledBy,
}: {
  proposal: Proposal;
  limit: number;
  id: string;
  labelledBy: string;
}) {
  const category = useCategoryReference(proposalCategory(proposal));
  const products = useProducts({ parent_category_id: category.id, page: 1, page_size: limit }, !!category.id);
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} className="product-tab-panel">
      {products.data ? (
        <>
          <ProductCarousel products={products.data.products} label={proposal.name} />
          {shouldShowAll(products.data.page.totItems, limit) ? (
            <div className="product-tab-show-all">
              <ShowAllLink slug={category.slug} name={proposal.name} />
            </div>
          ) : null}
        </>
      ) : (
        <SliderSkeleton />
      )}
    </div>
  );
}

/** Tabs, each a proposal whose products show in a slider. */
export function ProductTabBlock({ block }: { block: CategoryBlock }) {
  const baseId = useId();
  const [index, setIndex] = useState(0);
  const limit = metaNumber(block.metaData, 'PRODUCT_LIMIT') ?? DEFAULT_LIMIT;
  const color = metaString(block.metaData, 'TABS_COLOR');
  const current = block.proposals[index];
  if (!current) return null;
  return (
    <BlockFrame block={block}>
      <Tabs
        value={index}
        onChange={(_, v: number) => setIndex(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={metaString(block.metaData, 'TITLE') ?? current.name}
        sx={color ? { '& .MuiTabs-indicator': { bgcolor: color } } : undefined}
      >
        {block.proposals.map((p, i) => (
          <Tab
            key={p.id}
            label={p.name}
            id={`${baseId}-tab-${i}`}
            aria-controls={`${baseId}-panel-${i}`}
            sx={{ minHeight: 48, fontWeight: 700 }}
          />
        ))}
      </Tabs>
      <ProductTabPanel
        key={current.id}
        proposal={current}
        limit={limit}
        id={`${baseId}-panel-${index}`}
        labelledBy={`${baseId}-tab-${index}`}
      />
    </BlockFrame>
  );
}
