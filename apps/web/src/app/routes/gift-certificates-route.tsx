import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { GiftCertificatesPage } from '../../features/loyalty/components/gift-certificates-page';

/** /profile/gift-certificates, "I miei buoni" (inside the guarded customer area; decision 040). */
export function GiftCertificatesRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.gifts')} intro={t('account.menu.giftsHelp')}>
      <GiftCertificatesPage />
    </ProfileSection>
  );
}
