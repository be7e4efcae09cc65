import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UserDetail } from '@spesa/shared/contracts/account';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useUserDetail } from '../api/get-user-detail';
import { FormAlert } from '../../../components/form-alert';

/** A page of the customer area: the title in the tab and as h1, then the content. */
export function ProfileSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section>
      <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 32 }, mb: intro ? 1 : 3 }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ mb: 3 }}>{intro}</Typography> : null}
      {children}
    </section>
  );
}

/** Renders `children` with the customer's profile once it is loaded. */
export function WithUserDetail({ children }: { children: (user: UserDetail) => ReactNode }) {
  const { t } = useTranslation();
  const detail = useUserDetail();
  if (detail.isPending) return <PageLoading />;
  if (detail.isError)
    return (
      <>
        <FormAlert messages={[t('account.profile.loadError')]} />
        <Button onClick={() => void detail.refetch()}>{t('error.retry')}</Button>
      </>
    );
  return <>{children(detail.data)}</>;
}
