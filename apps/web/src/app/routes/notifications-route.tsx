import { useTranslation } from '../../lib/i18n';
import { ProfileSection } from '../../features/account/components/profile-section';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';

/** /profile/notifications, "Notifiche" (inside the guarded customer area; decision 048). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.notifications')} intro={t('account.menu.notificationsHelp')}>
      <NotificationsPage />
    </ProfileSection>
  );
}
