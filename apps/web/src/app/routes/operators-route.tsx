import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { AccountPage } from '../../features/account/components/page-frame';
import { ProfileSection } from '../../features/account/components/profile-section';
import { useAuth } from '../../lib/use-auth';
import '../../features/operators/i18n';
import { CustomerSearchPage } from '../../features/operators/components/customer-search-page';
import { OperationsPage } from '../../features/operators/components/operations-page';
import { OperatorLoginPage } from '../../features/operators/components/operator-login-page';

/** /operatore: customer service signs in to the shop (decision 053); a signed-in operator goes to the search. */
export function OperatorLoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  if (user?.operator) return <Navigate to="/operatore/clienti" replace />;
  return (
    <AccountPage title={t('operators.login.title')}>
      <OperatorLoginPage onSignedIn={() => void navigate('/operatore/clienti', { replace: true })} />
    </AccountPage>
  );
}

/** /operatore/clienti: the operator finds the customer to act for; then the shop is theirs. */
export function CustomerSearchRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, status } = useAuth();
  return (
    <AccountPage title={t('operators.search.title')} maxWidth="md">
      {user?.operator ? (
        <CustomerSearchPage onSelected={() => void navigate('/')} />
      ) : status === 'unknown' || (status === 'authenticated' && !user) ? null : (
        <Alert severity="info">
          <Link component={RouterLink} to="/operatore">
            {t('operators.search.notOperator')}
          </Link>
        </Alert>
      )}
    </AccountPage>
  );
}

/** /profile/operations: "Operazioni del servizio clienti", in the guarded customer area. */
export function OperationsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.operations')} intro={t('operators.operations.intro')}>
      <OperationsPage />
    </ProfileSection>
  );
}
