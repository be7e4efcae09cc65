import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { CardPage } from '../../features/loyalty/components/card-page';
import { PremiumPage } from '../../features/loyalty/components/premium-page';

/** /profile/card, "La mia carta" (inside the guarded customer area; decision 038). */
export function CardRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.card')} intro={t('account.menu.cardHelp')}>
      <CardPage />
    </ProfileSection>
  );
}

/** /profile/premium, "Carta Premium": perks, becoming premium, the reserved area (decision 038). */
export function PremiumRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.premium')} intro={t('account.menu.premiumHelp')}>
      <PremiumPage />
    </ProfileSection>
  );
}
