import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { BlockFrame } from '../block-frame';
import { BannerItem, HEADER_BANNER_FORMAT } from '../banner-item';
import { Carousel } from '../../../components/carousel';
import {
  BANNER_SLIDER_STEPS,
  SINGLE_SLIDE_STEPS,
  SLIDER_GAP_PX,
  stepsFromJsonConfig,
} from '../../../components/slider-rules';
import { metaBool, metaString } from '../utils/block-meta';

const AUTOPLAY_MS = 5000;

export function BannerListBlock({ block }: { block: CategoryBlock }) {
  return (
    <BlockFrame block={block}>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {block.proposals.map((p) => (
          <li key={p.id}>
            <BannerItem proposal={p} />
          </li>
        ))}
      </Box>
    </BlockFrame>
  );
}

const columns = (items: number, max: number): number => Math.min(Math.max(items, 1), max);

export function BannerGridBlock({ block }: { block: CategoryBlock }) {
  const n = block.proposals.length;
  return (
    <BlockFrame block={block}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          // never more columns than banners; small tiles for long lists such as the departments
          gridTemplateColumns: {
            xs: `repeat(${columns(n, 2)}, 1fr)`,
            sm: `repeat(${columns(n, 3)}, 1fr)`,
            md: `repeat(${columns(n, 4)}, 1fr)`,
            lg: `repeat(${columns(n, 6)}, 1fr)`,
          },
        }}
      >
        {block.proposals.map((p) => (
          <li key={p.id}>
            <BannerItem proposal={p} />
          </li>
        ))}
      </Box>
    </BlockFrame>
  );
}

/** BannerSlider: autoplay on, gap 20. BannerSliderHeader: one banner at a time, no autoplay. */
export function BannerSliderBlock({ block, header = false }: { block: CategoryBlock; header?: boolean }) {
  const { t } = useTranslation();
  const steps = header
    ? SINGLE_SLIDE_STEPS
    : stepsFromJsonConfig(metaString(block.metaData, 'JSON_CONFIG'), BANNER_SLIDER_STEPS);
  return (
    <BlockFrame block={block}>
      <Carousel
        items={block.proposals}
        getKey={(p) => p.id}
        renderItem={(p, i) => (
          <BannerItem
            proposal={p}
            eager={header && i === 0}
            format={header ? HEADER_BANNER_FORMAT : undefined}
          />
        )}
        steps={steps}
        gap={SLIDER_GAP_PX}
        label={t('slider.bannersLabel', { title: metaString(block.metaData, 'TITLE') ?? t('slider.label') })}
        autoplayMs={header ? false : AUTOPLAY_MS}
        loop={!header && block.proposals.length > 1}
        showArrows={metaBool(block.metaData, 'SHOW_ARROWS', true)}
        showBullets={metaBool(block.metaData, 'SHOW_BULLETS', header)}
      />
    </BlockFrame>
  );
}
