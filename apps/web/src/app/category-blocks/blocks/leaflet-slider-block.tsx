import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { LEAFLET_SLIDER_STEPS } from '../../../components/slider-rules';
import { useLeaflets } from '../../../features/leaflets/api/search-leaflets';
import { LeafletSlider } from '../../../features/leaflets/components/leaflet-slider';
import { BlockFrame } from '../block-frame';

/**
 * LeafletSliderWrapper (spec sections 1 and 2): the current leaflets, 2, 2, 4, 6, 6 per view at the spec's
 * widths (section 9), and a link to /volantini. Nothing when there is no current leaflet.
 */
export function LeafletSliderBlock({ block }: { block: CategoryBlock }) {
  const { t } = useTranslation();
  const leaflets = useLeaflets();
  const list = leaflets.data?.leaflets ?? [];
  if (list.length === 0) return null;
  return (
    <BlockFrame block={block}>
      <LeafletSlider leaflets={list} steps={LEAFLET_SLIDER_STEPS} />
      <p>
        <Link to="/volantini">{t('leaflets.allLeaflets')}</Link>
      </p>
    </BlockFrame>
  );
}
