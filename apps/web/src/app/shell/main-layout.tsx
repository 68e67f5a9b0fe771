import type { SessionUser } from '@cusco/shared';
import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  Divider,
  Group,
  NavLink,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconLogout,
  IconMessageReport,
  IconMountain,
  IconTicket,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../lib/account/logout.ts';
import { useSessionUser } from '../../lib/session.ts';
import { RequireSession } from './require-session.tsx';

/** The portal's route element: the shell, for a signed-in user only. */
export function SignedInLayout() {
  return (
    <RequireSession>
      <PortalLayout />
    </RequireSession>
  );
}

/** One entry of the shell's menu. */
export interface MenuLink {
  to: string;
  label: string;
  icon: typeof IconTicket;
  /** Active only on this exact path (a section's home), not on the paths under it. */
  end?: boolean;
}

/** The portal's menu (spec §2). */
function usePortalLinks(): MenuLink[] {
  const { t } = useTranslation();
  return [
    { to: paths.reservations.href(), label: t('nav.reservations'), icon: IconTicket },
    { to: paths.tours.href(), label: t('nav.tours'), icon: IconMountain },
    { to: paths.incidents.href(), label: t('nav.incidents'), icon: IconMessageReport },
    { to: paths.profile.href(), label: t('nav.profile'), icon: IconUserCircle },
  ];
}

/** The customer portal's shell. */
function PortalLayout() {
  return <MainLayout links={usePortalLinks()} home={paths.reservations.href()} />;
}

/**
 * The signed-in shell (spec §2 "main"): header with the user, sign-off and language; a menu of
 * `links`; the logo goes `home`. The portal and the back office share it.
 */
export function MainLayout({ links, home }: { links: MenuLink[]; home: string }) {
  const user = useSessionUser();
  const [menuOpened, menu] = useDisclosure(false);
  const location = useLocation();

  // Following a link on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => menu.close(), [location.pathname]);

  if (!user) return null;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <ShellHeader user={user} home={home} menu={{ opened: menuOpened, toggle: menu.toggle }} />
      </AppShell.Header>
      <ShellNavbar user={user} links={links} />
      <AppShell.Main>
        <Box maw={1200} mx="auto">
          <Outlet />
        </Box>
        <Box mt="xl">
          <SiteFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

const fullName = (user: SessionUser) => `${user.name} ${user.lastName}`;

/** The menu button (on a phone) and the logo; the user, the language and Sign off. */
function ShellHeader({
  user,
  home,
  menu,
}: {
  user: SessionUser;
  home: string;
  menu: { opened: boolean; toggle(): void };
}) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group wrap="nowrap" gap="xs">
        <Burger
          opened={menu.opened}
          onClick={menu.toggle}
          hiddenFrom="sm"
          size="sm"
          aria-label={menu.opened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menu.opened}
        />
        <Link to={home} aria-label={t('nav.home')} style={{ textDecoration: 'none' }}>
          <Box visibleFrom="xs">
            <Logo />
          </Box>
          <Box hiddenFrom="xs">
            <Logo withName={false} />
          </Box>
        </Link>
      </Group>
      <Group wrap="nowrap" gap="sm">
        {user.corporateClientName && (
          <Text size="sm" c="dimmed" visibleFrom="md" data-testid="company-name">
            {user.corporateClientName}
          </Text>
        )}
        <Text fw={600} visibleFrom="sm" data-testid="header-user">
          {fullName(user)}
        </Text>
        <LanguageSwitch />
        <SignOff user={user} />
      </Group>
    </Group>
  );
}

/** Sign off, then to the login page: a labelled button, an icon on a phone. */
function SignOff({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const signOff = () =>
    logout.mutate(user.id, { onSettled: () => navigate(paths.login.href(), { replace: true }) });
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={signOff}
        loading={logout.isPending}
        visibleFrom="sm"
      >
        {t('nav.signOff')}
      </Button>
      <Tooltip label={t('nav.signOff')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={signOff}
          loading={logout.isPending}
          aria-label={t('nav.signOff')}
          hiddenFrom="sm"
        >
          <IconLogout size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The menu: the user (on a phone), the corporate booking, and the app's pages. */
function ShellNavbar({ user, links }: { user: SessionUser; links: MenuLink[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <AppShell.Navbar p="sm" component="nav" aria-label={t('nav.main')}>
      <Stack gap={4} hiddenFrom="sm" mb="sm">
        <Text fw={600}>{fullName(user)}</Text>
        {user.corporateClientName && (
          <Text size="sm" c="dimmed">
            {user.corporateClientName}
          </Text>
        )}
        <Divider mt="xs" />
      </Stack>
      {user.corporateClientId && (
        <Button
          component={Link}
          to={paths.tours.href()}
          leftSection={<IconBuildingStore size={18} aria-hidden />}
          mb="sm"
        >
          {t('nav.corporateBooking')}
        </Button>
      )}
      {links.map((link) => (
        <NavLink
          key={link.to}
          component={RouterNavLink}
          to={link.to}
          end={link.end}
          label={link.label}
          leftSection={<link.icon size={20} aria-hidden />}
          active={link.end ? location.pathname === link.to : location.pathname.startsWith(link.to)}
        />
      ))}
    </AppShell.Navbar>
  );
}
