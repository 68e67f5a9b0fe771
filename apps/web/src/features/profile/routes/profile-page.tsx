import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { PasswordSection, SetPasswordSection } from '../components/password-section.tsx';
import { PersonalDataSection } from '../components/personal-data-section.tsx';
import { UserFacts } from '../components/user-facts.tsx';

/** Spec §2 profile: the account, personal data and password, each read-only until edited. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <>
      <PageTitle title={t('profile.title')} />
      <Stack gap="lg" maw={720}>
        <Card withBorder padding="lg" component="section" aria-labelledby="profile-account">
          <Title order={2} size="h4" id="profile-account" mb="sm">
            {t('profile.account')}
          </Title>
          <UserFacts user={user} last="email" />
        </Card>
        <PersonalDataSection user={user} />
        {/* A guest's account (issue 28) has no password yet: it sets one, with no current one. */}
        {user.hasPassword === false ? <SetPasswordSection /> : <PasswordSection />}
      </Stack>
    </>
  );
}
