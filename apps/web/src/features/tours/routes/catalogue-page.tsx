import { Anchor, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { homePath, paths } from '../../../config/paths.ts';
import { useTourList } from '../../../lib/queries/tour-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { TourTabs } from './tours-page.tsx';

/**
 * The public tour catalogue (#/tours, issue 12): every active tour, without an account, each with
 * a Book link to its public booking page in the language the visitor reads.
 */
export function CataloguePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const tours = useTourList({ audience: 'public' });
  useEffect(() => {
    document.title = `${t('catalogue.title')} · Cusco Treks`;
  }, [t]);

  return (
    <Box mih="100vh" bg="gray.0">
      <header
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="sm">
            <Anchor component={Link} to={user ? homePath : paths.login.href()} underline="never">
              <Logo />
            </Anchor>
            <Group gap="sm">
              <LanguageSwitch />
              <Button component={Link} to={user ? homePath : paths.login.href()} variant="light">
                {user ? t('catalogue.myReservations') : t('catalogue.signIn')}
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="lg" py="lg" component="main">
        <Title order={1} mb={4}>
          {t('catalogue.title')}
        </Title>
        <Text c="dimmed" mb="lg">
          {t('catalogue.intro')}
        </Text>
        <TourTabs tours={tours} corporate={Boolean(user?.corporateClientId)} />
      </Container>
    </Box>
  );
}
