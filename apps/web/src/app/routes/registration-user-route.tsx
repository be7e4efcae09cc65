import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { AccountPage } from '../../features/account/components/page-frame';
import { RegistrationWizard } from '../../features/account/components/registration-wizard';

/** /registration-user (optional ?social_login=<provider>): the registration wizard. */
export function RegistrationUserRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AccountPage title={t('account.registration.title')} maxWidth="md">
      <RegistrationWizard socialLogin={params.get('social_login')} />
    </AccountPage>
  );
}
