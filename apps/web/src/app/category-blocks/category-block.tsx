import { lazy, Suspense } from 'react';
import { lazyWithMuiTheme } from '../../components/lazy-with-mui-theme';
import type { CategoryBlock as Block } from '@spesa/shared/contracts/catalogue';
import { BannerGridBlock, BannerListBlock, BannerSliderBlock } from './blocks/banner-blocks';
import { CrmProductSliderBlock, ProductSliderBlock, SliderSkeleton } from './blocks/product-blocks';
import { StaticImageBlock, StaticTextBlock } from './blocks/static-blocks';
import { IS_APP_BUILD } from '../../lib/config';

// MUI Tabs: loaded when a tabbed block is rendered (near the viewport), not before the first blocks
const ProductTabBlock = lazyWithMuiTheme(() =>
  import('./blocks/product-tab-block').then((m) => ({ default: m.ProductTabBlock })),
);
// the current leaflets (decision 052): their slider and texts load with the block
const LeafletSliderBlock = lazy(() =>
  import('./blocks/leaflet-slider-block').then((m) => ({ default: m.LeafletSliderBlock })),
);
const TutorialBlock = lazyWithMuiTheme(() =>
  import('./blocks/tutorial-block').then((m) => ({ default: m.TutorialBlock })),
);

/** One content block, by templateBlock.codInt (all 11 types of spec section 2). */
export function CategoryBlockView({ block }: { block: Block }) {
  switch (block.templateBlock.codInt) {
    case 'BannerList':
      return <BannerListBlock block={block} />;
    case 'BannerGrid':
      return <BannerGridBlock block={block} />;
    case 'BannerSlider':
      return <BannerSliderBlock block={block} />;
    case 'BannerSliderHeader':
      return <BannerSliderBlock block={block} header />;
    case 'CrmProductSlider':
      return <CrmProductSliderBlock block={block} />;
    case 'ProductSlider':
      return <ProductSliderBlock block={block} />;
    case 'ProductTab':
      return (
        <Suspense fallback={<SliderSkeleton />}>
          <ProductTabBlock block={block} />
        </Suspense>
      );
    case 'StaticImage':
      return <StaticImageBlock block={block} />;
    case 'StaticText':
      return <StaticTextBlock block={block} />;
    case 'LeafletSliderWrapper':
      return (
        <Suspense fallback={null}>
          <LeafletSliderBlock block={block} />
        </Suspense>
      );
    case 'Tutorial':
      return IS_APP_BUILD ? (
        <Suspense fallback={null}>
          <TutorialBlock block={block} />
        </Suspense>
      ) : null;
    default:
      return null;
  }
}
