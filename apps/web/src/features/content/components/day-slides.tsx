import { useTranslation } from '../../../lib/i18n';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useSlides } from '../api/get-slides';
import { SmartLink } from './smart-link';
import '../i18n';
import './day-slides.css';

/**
 * The chain's notices for a day and a delivery service (the content system's slides, decision 056), e.g. the
 * days a holiday closes the shop: shown where the customer picks the day. Nothing when there are none.
 */
export function DaySlides({
  day,
  deliveryServiceId,
  onLinkFollowed,
}: {
  day: string | undefined;
  deliveryServiceId: number | undefined;
  /** a notice's link was followed (e.g. the dialog showing the notices closes) */
  onLinkFollowed?: () => void;
}) {
  const { t } = useTranslation();
  const slides = useSlides(day, deliveryServiceId).data ?? [];
  if (slides.length === 0) return null;
  return (
    <ul
      className="day-slides"
      aria-label={t('content.slides.label')}
      onClickCapture={(e) => {
        if (e.target instanceof Element && e.target.closest('a')) onLinkFollowed?.();
      }}
    >
      {slides.map((s) => (
        <li key={s.id}>
          {s.img ? <img src={s.img} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
          <div>
            <strong>{s.title}</strong>
            {s.description ? <p>{s.description}</p> : null}
            {s.link ? (
              <SmartLink href={s.link} fallback="none" className="content-link">
                {t('content.slides.more')}
                <VisuallyHidden>: {s.title}</VisuallyHidden>
              </SmartLink>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
