import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { ProductsToVote } from '../../features/ratings/components/products-to-vote';

/** /profile/ratings, "Valuta i prodotti" (inside the guarded customer area; decision 036). */
export function RatingsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.rate')} intro={t('account.menu.rateHelp')}>
      <ProductsToVote />
    </ProfileSection>
  );
}
