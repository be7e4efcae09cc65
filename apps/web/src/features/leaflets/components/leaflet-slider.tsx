import type { Leaflet } from '@spesa/shared/contracts/leaflets';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Carousel } from '../../../components/carousel';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { SlidesStep } from '../../../components/slider-rules';
import { LeafletPicture } from './leaflet-picture';
import { LEAFLET_SLIDER_SIZES } from '@spesa/shared/leaflets/page-images';
import '../i18n';
import './leaflets.css';

const day = (iso: string) => iso.split('-').reverse().join('/');

/** One leaflet in a slider: its first page, title and validity, linking to the viewer. */
export function LeafletCard({ leaflet, priority = false }: { leaflet: Leaflet; priority?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link className="lf-card" to={`/volantini/${leaflet.slug}`}>
      <LeafletPicture
        baseLocation={leaflet.baseLocation}
        page={0}
        alt=""
        sizes={LEAFLET_SLIDER_SIZES}
        priority={priority}
      />
      <span className="lf-card-title">
        <VisuallyHidden>{t('leaflets.open')}</VisuallyHidden> {leaflet.title}
      </span>
      <span className="lf-card-dates">
        {t('leaflets.validity', { from: day(leaflet.fromDate), to: day(leaflet.toDate) })}
      </span>
    </Link>
  );
}

/** Leaflets in an accessible carousel (the steps say how many per view at each width). */
export function LeafletSlider({
  leaflets,
  steps,
  priority = false,
}: {
  leaflets: readonly Leaflet[];
  steps: readonly SlidesStep[];
  priority?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Carousel
      items={leaflets}
      getKey={(l) => l.leafletId}
      renderItem={(l, i) => <LeafletCard leaflet={l} priority={priority && i < 2} />}
      steps={steps}
      label={t('leaflets.sliderLabel')}
      gap={20}
      showArrows
    />
  );
}
