import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n';
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
      <ul className="banner-list">
        {block.proposals.map((p) => (
          <li key={p.id}>
            <BannerItem proposal={p} />
          </li>
        ))}
      </ul>
    </BlockFrame>
  );
}

const columns = (items: number, max: number): number => Math.min(Math.max(items, 1), max);

export function BannerGridBlock({ block }: { block: CategoryBlock }) {
  const n = block.proposals.length;
  return (
    <BlockFrame block={block}>
      <ul
        className="banner-grid"
        // never more columns than banners; small tiles for long lists such as the departments
        style={
          {
            '--cols-xs': columns(n, 2),
            '--cols-sm': columns(n, 3),
            '--cols-md': columns(n, 4),
            '--cols-lg': columns(n, 6),
          } as CSSProperties
        }
      >
        {block.proposals.map((p) => (
          <li key={p.id}>
            <BannerItem proposal={p} />
          </li>
        ))}
      </ul>
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
        arrowPlacement={header ? 'over' : 'beside'}
        showBullets={metaBool(block.metaData, 'SHOW_BULLETS', header)}
        allSlidesAtOnce
      />
    </BlockFrame>
  );
}
