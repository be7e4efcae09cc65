import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { WalletPage } from '../../features/loyalty/components/wallet-page';

/** /profile/wallet, "Il mio portafoglio" (inside the guarded customer area; decision 037). */
export function WalletRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.wallet')} intro={t('account.menu.walletHelp')}>
      <WalletPage />
    </ProfileSection>
  );
}
