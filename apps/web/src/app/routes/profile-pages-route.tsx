import { useTranslation } from '../../lib/i18n';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { ContactsForm, DisclaimersForm } from '../../features/account/components/contacts-form';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { InvoiceData } from '../../features/account/components/invoice-data';
import { LinkedIdentitiesPanel } from '../../features/account/components/linked-identities';
import { ProfileDataForm } from '../../features/account/components/profile-data-form';
import { ProfileSection, WithUserDetail } from '../../features/account/components/profile-section';
import {
  EmailChangeForm,
  MfaSwitch,
  PasswordChangeForm,
} from '../../features/account/components/security-forms';

/** The pages of the customer area (children of ProfileLayoutRoute, which guards them). */
export function ProfileDataRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.data')} intro={t('account.menu.dataHelp')}>
      <WithUserDetail>{(user) => <ProfileDataForm user={user} />}</WithUserDetail>
    </ProfileSection>
  );
}

export function ProfileContactsRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.contacts')} intro={t('account.menu.contactsHelp')}>
      <WithUserDetail>{(user) => <ContactsForm user={user} />}</WithUserDetail>
      <Divider sx={{ my: 4 }} />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('account.contacts.privacy')}
      </Typography>
      <DisclaimersForm />
    </ProfileSection>
  );
}

export function ProfilePasswordRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.password')} intro={t('account.menu.passwordHelp')}>
      <PasswordChangeForm />
      <Divider sx={{ my: 4 }} />
      <LinkedIdentitiesPanel />
    </ProfileSection>
  );
}

export function ProfileEmailRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.email')} intro={t('account.menu.emailHelp')}>
      <WithUserDetail>{(user) => <EmailChangeForm currentEmail={user.email} />}</WithUserDetail>
    </ProfileSection>
  );
}

export function ProfilePinRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.pin')} intro={t('account.menu.pinHelp')}>
      <MfaSwitch />
    </ProfileSection>
  );
}

export function ProfileInvoiceDataRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.invoice')} intro={t('account.menu.invoiceHelp')}>
      <InvoiceData />
    </ProfileSection>
  );
}

export function ProfileDeleteAccountRoute() {
  const { t } = useTranslation();
  return (
    <ProfileSection title={t('account.menu.delete')} intro={t('account.menu.deleteHelp')}>
      <DeleteAccount />
    </ProfileSection>
  );
}
