import { useTranslation } from '../../../lib/i18n';
import type { PageStore } from '@spesa/shared/contracts/content';
import '../i18n';

/** The chain's stores under the "punti vendita" page's text. */
export function StoreList({ stores }: { stores: readonly PageStore[] }) {
  const { t } = useTranslation();
  return (
    <section className="store-list" aria-labelledby="store-list-title">
      <h2 id="store-list-title">{t('content.stores.title')}</h2>
      {stores.length === 0 ? (
        <p>{t('content.stores.none')}</p>
      ) : (
        <ul>
          {stores.map((s) => (
            <li key={s.storeId}>
              <h3>{s.name}</h3>
              <p>
                {s.address}, {s.postalcode} {s.city} ({s.province})
              </p>
              {s.phone ? (
                <p>
                  {t('content.stores.phone')}: <a href={`tel:${s.phone.replace(/\s+/g, '')}`}>{s.phone}</a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
