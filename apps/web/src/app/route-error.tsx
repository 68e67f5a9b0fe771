import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths.ts';

/**
 * A screen's code that no longer exists on the server (the app was deployed again while this tab
 * was open) fails to load with one of these messages, depending on the browser.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** What is shown instead of a screen that failed: a new version to load, or an unexpected error. */
export function ErrorScreen({ error, withHome = false }: { error: unknown; withHome?: boolean }) {
  const { t } = useTranslation();
  const updated = isChunkLoadError(error);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" maw={480} role="alert">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertTriangle aria-hidden color="var(--mantine-color-terracotta-7)" />
            <Title order={1} size="h3">
              {t(updated ? 'routeError.updatedTitle' : 'routeError.title')}
            </Title>
          </Group>
          <Text>{t(updated ? 'routeError.updatedBody' : 'routeError.body')}</Text>
          <Group>
            <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
            {withHome && !updated && (
              <Button variant="default" component={Link} to={paths.login.href()}>
                {t('routeError.home')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The error page in place of the screens below it (router.tsx), until the address changes: going
 * to another screen (the menu, Back) leaves the error behind, as React Router's data router did.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ScreenErrorBoundary pathname={useLocation().pathname}>{children}</ScreenErrorBoundary>;
}

class ScreenErrorBoundary extends Component<
  { children: ReactNode; pathname: string },
  { error: unknown; pathname: string }
> {
  override state: { error: unknown; pathname: string } = {
    error: null,
    pathname: this.props.pathname,
  };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { error: unknown; pathname: string },
  ) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? (
      <ErrorScreen error={this.state.error} withHome />
    ) : (
      this.props.children
    );
  }
}

/** Shown while a screen's code loads. */
export function RouteLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** The last line of defence, around everything the router does not cover (the providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
