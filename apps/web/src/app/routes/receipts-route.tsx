import { useParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import '../../features/receipts/i18n';
import { ReceiptDetailPage } from '../../features/receipts/components/receipt-detail-page';
import { ReceiptSettingsPage } from '../../features/receipts/components/receipt-settings-page';
import { ReceiptsPage } from '../../features/receipts/components/receipts-page';
import { TaxfreePage } from '../../features/receipts/components/taxfree-page';

/** /profile/receipts, "Scontrini" (inside the guarded customer area; decision 046). */
export function ReceiptsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.receipts')} intro={t('account.menu.receiptsHelp')}>
      <ReceiptsPage />
    </ProfileSection>
  );
}

/** /profile/receipts/:receiptId: one receipt and its PDF. */
export function ReceiptDetailRoute() {
  const { t } = useTranslation();
  const { receiptId } = useParams();
  const id = Number(receiptId);
  return (
    <ProfileSection title={t('receipts.detail.title')}>
      <ReceiptDetailPage receiptId={Number.isInteger(id) && id > 0 ? id : 0} />
    </ProfileSection>
  );
}

/** /profile/receipts/digital: the digital receipt service and the voucher mode. */
export function ReceiptSettingsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('receipts.settings.title')} intro={t('receipts.settings.intro')}>
      <ReceiptSettingsPage />
    </ProfileSection>
  );
}

/** /profile/receipts/tax-free: the tax-free refunds. */
export function TaxfreeRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('receipts.taxfree.title')} intro={t('receipts.taxfree.intro')}>
      <TaxfreePage />
    </ProfileSection>
  );
}
