import '../i18n.ts';
import { Badge, Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout, IconWifiOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { isGuide, landingPath, paths } from '../../../config/paths.ts';
import { useLogout } from '../../../lib/account/logout.ts';
import { useOnline } from '../../../lib/online.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { forgetTrailQueue, trailQueue } from '../lib/trail-queue.ts';

/**
 * The guide's app (issue 32): a simple shell for a phone on the trail, with the network's state,
 * the language and sign-out. Whatever the phone queued is sent when the app starts and whenever
 * the network comes back.
 */
export function GuideLayout() {
  const user = useSessionUser();
  const online = useOnline();
  const { t } = useTranslation();
  useEffect(() => {
    void pruneQueue();
    const sync = () => {
      if (navigator.onLine) void trailQueue()?.sync();
    };
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, []);
  if (!user) return null;
  if (!isGuide(user)) return <Navigate to={landingPath(user)} replace />;
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" bg="var(--mantine-primary-color-filled)" c="white" px="md" py="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Box>
            <Title order={2} size="h4" c="white">
              {t('guide:appName')}
            </Title>
            <Text size="xs" c="white">
              {[user.name, user.lastName].filter(Boolean).join(' ')}
            </Text>
          </Box>
          <Group gap="xs" wrap="nowrap">
            {!online && (
              <Badge color="yellow" c="dark" leftSection={<IconWifiOff size={14} aria-hidden />}>
                {t('guide:offline')}
              </Badge>
            )}
            <LanguageSwitch />
            <SignOut userId={user.id} />
          </Group>
        </Group>
      </Box>
      <Container component="main" size="sm" px="sm" py="md">
        <Outlet />
      </Container>
    </Box>
  );
}

/**
 * The sent actions of departures long past go (a departure's own copy goes the day after its
 * deleteAfter, TRAIL_KEEP_DAYS after its end; a month after its start is later than any trek's).
 */
async function pruneQueue() {
  const queue = trailQueue();
  if (!queue) return;
  await queue.ready;
  const limit = dayjs().subtract(30, 'day').format('YYYY-MM-DD');
  const past = new Set(
    queue
      .entries()
      .filter((entry) => entry.state !== 'pending' && entry.action.date < limit)
      .map((entry) => `${entry.action.tourCode}|${entry.action.date}`),
  );
  for (const departure of past) {
    const [tourCode = '', date = ''] = departure.split('|');
    await queue.forget(tourCode, date);
  }
}

/** Signing out deletes what the phone holds; unsent actions would go with it, so it asks first. */
function SignOut({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const signOut = () =>
    logout.mutate(userId, {
      onSettled: () => {
        forgetTrailQueue();
        navigate(paths.login.href(), { replace: true });
      },
    });
  const ask = () => {
    const pending = trailQueue()?.pendingCount() ?? 0;
    if (pending === 0) {
      signOut();
      return;
    }
    modals.openConfirmModal({
      title: t('guide:signOutTitle'),
      children: <Text size="sm">{t('guide:signOutPending', { count: pending })}</Text>,
      labels: { confirm: t('guide:signOutAnyway'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: signOut,
    });
  };
  return (
    <Button
      variant="white"
      size="xs"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={ask}
      loading={logout.isPending}
    >
      {t('nav.signOff')}
    </Button>
  );
}
