import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { useResellers } from '../api/resellers/list-resellers.ts';
import { ResellerSection } from '../components/resellers/reseller-section.tsx';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/resellers (administrators, issue 31): each corporate client, its users, its net price
 * and its OCTO API keys; a new key is shown once, a key is revoked after a confirmation.
 */
export function ResellersPage() {
  const { t } = useAdminText();
  const user = useSessionUser();
  const admin = user?.role === 'admin';
  const resellers = useResellers(admin);
  if (!admin) return <Alert color="yellow">{t('resellers.adminOnly')}</Alert>;
  return (
    <>
      <PageTitle title={t('resellers.title')} />
      <Text c="dimmed" mb="lg">
        {t('resellers.intro')}
      </Text>
      {resellers.error ? (
        <LoadError error={resellers.error} onRetry={() => void resellers.refetch()} />
      ) : !resellers.data ? (
        <Center py="xl" role="status" aria-label={t('resellers.loading')}>
          <Loader />
        </Center>
      ) : resellers.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" role="status">
          {t('resellers.empty')}
        </Text>
      ) : (
        <Stack gap="xl">
          {resellers.data.map((company) => (
            <ResellerSection key={company.id} company={company} />
          ))}
        </Stack>
      )}
    </>
  );
}
