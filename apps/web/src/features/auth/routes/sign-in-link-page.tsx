import { signInLinkToken } from '@cusco/shared';
import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { landingPath, loginPath, paths, returnPath } from '../../../config/paths.ts';
import { useSignInLink } from '../../../lib/account/guest.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import classes from './login-page.module.css';

/**
 * #/signin/{token}?next= (issue 28): the sign-in link of a guest's booking e-mail. It is exchanged
 * for a session as soon as the page opens (once: the link works once), then the customer lands
 * where it points (their booking). A link that no longer works says so and offers to sign in or
 * to choose a password.
 */
export function SignInLinkPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const next = returnPath(search.get('next'));
  const exchange = useSignInLink();
  const malformed = !signInLinkToken.safeParse(token).success;
  // The link works once: it is sent once, even when the page's effects run twice.
  const sent = useRef(false);

  useEffect(() => {
    document.title = `${t('guest.linkTitle')} · Cusco Treks`;
  }, [t]);

  useEffect(() => {
    if (malformed || sent.current) return;
    sent.current = true;
    exchange.mutate(
      { token },
      {
        onSuccess: (session) => navigate(next ?? landingPath(session.user), { replace: true }),
      },
    );
  }, [exchange, malformed, navigate, next, token]);

  const failed = malformed || exchange.isError;
  return (
    <div className={classes.page}>
      <header className={classes.topBar}>
        <Logo />
        <LanguageSwitch />
      </header>
      <main className={classes.stage}>
        <Card padding="xl" radius="lg" w="100%" maw={440}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {failed ? t('guest.linkFailedTitle') : t('guest.linkTitle')}
            </Title>
            {failed ? (
              <>
                <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {malformed ? t('msg:signInLinkInvalid') : errorMessage(exchange.error)}
                </Alert>
                <Group gap="lg">
                  <Anchor component={Link} to={loginPath({ next })} fw={600}>
                    {t('account.signIn')}
                  </Anchor>
                  <Anchor component={Link} to={`${paths.login.href()}?forgot=1`} fw={600}>
                    {t('guest.choosePassword')}
                  </Anchor>
                </Group>
              </>
            ) : (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden />
                <Text>{t('guest.linkSigningIn')}</Text>
              </Group>
            )}
          </Stack>
        </Card>
      </main>
    </div>
  );
}
